/**
 * The form's side of the optional proof of work (shared/form/proof-of-work.ts and FillTokens), talking to the
 * real receiver's handler in this process: the challenge arrives with the fill token on the first touch, is
 * solved before sending, the solution goes with the message and is delivered; a kept message makes the form
 * ask for a new challenge (one solution, one message), and without the option nothing changes.
 */
import { describe, expect, it } from "vitest";
import { proofsOfWork } from "../../../../src/receiver/proof-of-work.ts";
import { FillTokens } from "../../../../src/shared/form/index.ts";
import { challengeOf, solveChallenge } from "../../../../src/shared/form/proof-of-work.ts";
import { harness, MIN, SITE } from "../../receiver/spam-harness.ts";

function setup(proofOfWork: number) {
  const t = harness({ rules: { proofOfWork } });
  let asked = 0;
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    asked++;
    return t.call(new Request(new URL(String(input), SITE), init));
  }) as typeof fetch;
  return {
    sent: t.sent,
    tokens: new FillTokens(fetchImpl, t.now, solveChallenge),
    post: (fields: { token?: string; proofOfWork?: string }) =>
      t.post({
        ...(fields.token ? { fillToken: fields.token } : {}),
        ...(fields.proofOfWork ? { proofOfWork: fields.proofOfWork } : {}),
      }),
    asked: () => asked,
    advance: t.advance,
  };
}

describe("the solver", () => {
  it("finds the receiver's secret number, anywhere from 0 to maxnumber", async () => {
    const pow = proofsOfWork("s3cret");
    for (const maxNumber of [1, 2, 50, 999]) {
      const challenge = await pow.issue(0, maxNumber, "token");
      const payload = await solveChallenge(challenge);
      const { number } = JSON.parse(atob(payload ?? "")) as { number: number };
      expect(number).toBeGreaterThanOrEqual(0);
      expect(number).toBeLessThanOrEqual(maxNumber);
      expect((await pow.check(payload ?? "", "token", 0)).verdict).toBe("ok");
    }
  });

  it("a challenge no number fits (not the receiver's): undefined, after trying them all", async () => {
    const challenge = { algorithm: "SHA-256", challenge: "0".repeat(64), maxnumber: 500, salt: "x", signature: "y" };
    expect(await solveChallenge(challengeOf(challenge) ?? (undefined as never))).toBeUndefined();
  });

  it("the form takes only a challenge it can solve in bounded time: ALTCHA's shape, SHA-256, maxnumber ≤ 10,000,000", () => {
    const good = { algorithm: "SHA-256", challenge: "a".repeat(64), maxnumber: 10_000_000, salt: "s", signature: "t" };
    expect(challengeOf(good)).toEqual(good);
    for (const bad of [
      { ...good, maxnumber: 10_000_001 },
      { ...good, maxnumber: 0 },
      { ...good, algorithm: "SHA-512" },
      { ...good, challenge: "A".repeat(64) },
      { ...good, salt: 5 },
      null,
    ])
      expect(challengeOf(bad)).toBeUndefined();
  });
});

describe("FillTokens with the receiver's proof of work", () => {
  it("solved from the first touch, sent with the message, delivered", async () => {
    const t = setup(3_000);
    await t.tokens.request("/api/contact");
    t.advance(MIN);
    const fill = await t.tokens.forSending("/api/contact");
    expect(fill).toEqual({ token: expect.any(String), proofOfWork: expect.any(String), waitMs: 0 });
    expect((await t.post(fill)).status).toBe(200);
    expect(t.sent).toHaveLength(1);
  });

  it("after a kept message, a new challenge for the next one (the old one would be dropped as replayed)", async () => {
    const t = setup(3_000);
    await t.tokens.request("/api/contact");
    t.advance(MIN);
    const first = await t.tokens.forSending("/api/contact");
    await t.post(first);
    t.tokens.spent("/api/contact", 10_000);
    await t.tokens.request("/api/contact");
    t.advance(MIN);
    const second = await t.tokens.forSending("/api/contact");
    expect(second.proofOfWork).not.toBe(first.proofOfWork);
    expect((await t.post(second)).status).toBe(200);
    expect(t.sent).toHaveLength(2);
    expect(t.asked()).toBe(2);
    // Had the form sent the first solution again, the receiver would have kept nothing.
    await t.post(first);
    expect(t.sent).toHaveLength(2);
  });

  it("without the option: no solution sent, and a kept message makes the form ask for a new fill token (one per message)", async () => {
    const t = setup(0);
    await t.tokens.request("/api/contact");
    t.advance(MIN);
    const fill = await t.tokens.forSending("/api/contact");
    expect(fill).toEqual({ token: expect.any(String), waitMs: 0 });
    t.tokens.spent("/api/contact", 10_000);
    t.advance(MIN);
    const next = await t.tokens.forSending("/api/contact");
    expect(t.asked()).toBe(2);
    expect(next.token).not.toBe(fill.token);
  });
});
