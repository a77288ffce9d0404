/**
 * The minimum fill time (docs/receiver.md, "Spam"), against the real handler in this process: the token from
 * GET /api/contact, a clock the test moves, a transport that records what it was given, the memory store and
 * the real SQLite outbox. A bot that posts at once, without a token, or with a made-up, altered or expired one is
 * answered exactly as a kept message is, and nothing is sent or kept; a person who took the minimum is delivered.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { FILL_TOKEN_MAX_AGE_MS, fillTokens } from "../../../src/receiver/fill-time.ts";
import { sha256 } from "../../../src/receiver/hash.ts";
import { harness, MIN, newKey, reasons, SECRET, START } from "./spam-harness.ts";

function setup(options: { minFillMs?: number; outbox?: boolean } = {}) {
  const t = harness({ outbox: options.outbox, rules: { minFillMs: options.minFillMs ?? MIN } });
  /** What the form does on the first focus. */
  const ticket = async () => {
    const response = await t.ticket();
    return { status: response.status, cache: response.headers.get("cache-control"), body: await response.json() };
  };
  return { ...t, ticket };
}

const tokenOf = async (t: ReturnType<typeof setup>) => ((await t.ticket()).body as { token: string }).token;

describe("GET /api/contact: the fill token", () => {
  it("a signed token dated by the receiver's clock, with the minimum and the lifetime; never cached, never logged", async () => {
    const t = setup();
    const got = await t.ticket();
    expect(got.status).toBe(200);
    expect(got.cache).toBe("no-store");
    expect(got.body).toEqual({ token: expect.any(String), minFillMs: MIN, maxAgeMs: 24 * 60 * 60 * 1000 });
    expect((got.body as { token: string }).token).toMatch(
      new RegExp(`^${START}\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}$`),
    );
    expect(t.events).toEqual([]);
  });

  it("two visitors who touch the form in the same millisecond get two tokens, and both their messages are kept", async () => {
    const t = setup();
    const [first, second] = [await tokenOf(t), await tokenOf(t)];
    expect(first).not.toBe(second);
    t.advance(MIN);
    expect((await t.post({ fillToken: first }, "203.0.113.7")).status).toBe(200);
    expect((await t.post({ fillToken: second }, "198.51.100.9")).status).toBe(200);
    expect(t.sent).toHaveLength(2);
  });
});

describe("a message sent sooner than the minimum after the token: dropped quietly", () => {
  it("posted at once: answered 200 as a delivered one, no mail, logged as dropped: too-fast", async () => {
    const t = setup();
    const token = await tokenOf(t);
    const key = newKey();
    const response = await t.post({ fillToken: token, idempotencyKey: key });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "delivered" });
    expect(t.sent).toEqual([]);
    expect(t.events).toEqual([
      {
        event: "dropped",
        status: 200,
        key: (await sha256(key)).slice(0, 12),
        reason: "too-fast",
      },
    ]);
  });

  it("one millisecond short of the minimum is dropped; at the minimum, delivered", async () => {
    const t = setup();
    const token = await tokenOf(t);
    t.advance(MIN - 1);
    expect((await t.post({ fillToken: token })).status).toBe(200);
    expect(t.sent).toHaveLength(0);
    t.advance(1);
    expect((await t.post({ fillToken: token })).status).toBe(200);
    expect(t.sent).toHaveLength(1);
    expect(reasons(t.events)).toEqual(["dropped: too-fast", "delivered: "]);
  });

  it("nothing of a dropped message is kept: its key, sent again once the minimum is past, is delivered", async () => {
    const t = setup();
    const token = await tokenOf(t);
    const key = newKey();
    await t.post({ fillToken: token, idempotencyKey: key });
    t.advance(MIN);
    expect((await t.post({ fillToken: token, idempotencyKey: key })).status).toBe(200);
    expect(t.sent).toHaveLength(1);
  });

  it("with the outbox (Node server): 202 received, as a kept message, and the outbox stays empty", async () => {
    const t = setup({ outbox: true });
    const token = await tokenOf(t);
    const dropped = await t.post({ fillToken: token });
    t.advance(MIN);
    const kept = await t.post({ fillToken: token });
    expect([dropped.status, await dropped.json()]).toEqual([kept.status, await kept.json()]);
    expect(kept.status).toBe(202);
    expect(t.pending()).toMatchObject({ queued: 1 });
    expect(reasons(t.events)).toEqual(["dropped: too-fast", "received: "]);
  });
});

describe("no token, a made-up one, an altered one, an expired one: dropped quietly", () => {
  it("without a token", async () => {
    const t = setup();
    t.advance(60_000);
    expect((await t.post({})).status).toBe(200);
    expect(t.sent).toHaveLength(0);
    expect(reasons(t.events)).toEqual(["dropped: fill token missing"]);
  });

  it("forged: another secret's, its date moved back, its signature altered, not a token at all, dated ahead", async () => {
    const t = setup();
    const other = (await fillTokens("another secret").issue(START - 60_000, MIN)).token;
    const real = await tokenOf(t);
    const [issued, nonce, signature = ""] = real.split(".");
    // The first character, never the last: base64url's last of 43 carries 2 bits that decode to nothing, so
    // B, C or D there made "A" the same signature (the test failed for one token in 21).
    const flipped = `${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;
    const ahead = (await fillTokens(SECRET).issue(START + 10 * 60_000, MIN)).token;
    t.advance(MIN);
    const forgeries = [
      other,
      `${Number(issued) - 60_000}.${nonce}.${signature}`,
      `${issued}.${nonce}.${flipped}`,
      "1767603600000",
      `${issued}.${nonce}.${signature}=`,
      "x".repeat(200),
      `x${real}`,
      `${real}x`,
      ahead,
    ];
    for (const fillToken of forgeries) expect((await t.post({ fillToken })).status, fillToken).toBe(200);
    expect(t.sent).toHaveLength(0);
    expect(reasons(t.events)).toEqual(forgeries.map(() => "dropped: fill token forged"));
    // The real one still works: the forgeries did not spoil it.
    expect((await t.post({ fillToken: real })).status).toBe(200);
    expect(t.sent).toHaveLength(1);
  });

  it("expired: good for 24 hours to the millisecond, dropped after", async () => {
    const t = setup();
    const token = await tokenOf(t);
    t.advance(FILL_TOKEN_MAX_AGE_MS);
    await t.post({ fillToken: token });
    t.advance(1);
    await t.post({ fillToken: token });
    expect(t.sent).toHaveLength(1);
    expect(reasons(t.events)).toEqual(["delivered: ", "dropped: fill token expired"]);
  });

  it("a token that is not text, or longer than any token: 400, as any body the form never sends", async () => {
    const t = setup();
    expect((await t.post({ fillToken: 42 })).status).toBe(400);
    expect((await t.post({ fillToken: "a".repeat(201) })).status).toBe(400);
    expect((await t.post({ fillToken: "a\nb" })).status).toBe(400);
    expect(t.sent).toHaveLength(0);
  });
});

describe("retries, and the check switched off", () => {
  it("a retry of one message carries the same token: one mail, the retry recognised", async () => {
    const t = setup();
    const token = await tokenOf(t);
    t.advance(20_000);
    const key = newKey();
    expect((await t.post({ fillToken: token, idempotencyKey: key })).status).toBe(200);
    t.advance(60_000);
    const again = await t.post({ fillToken: token, idempotencyKey: key });
    expect(await again.json()).toEqual({ status: "delivered", duplicate: true });
    expect(t.sent).toHaveLength(1);
  });

  it("a token is good for one message: a second message with it is dropped quietly, a retry of the first still recognised", async () => {
    const t = setup({ outbox: true });
    const token = await tokenOf(t);
    t.advance(MIN);
    const key = newKey();
    expect((await t.post({ fillToken: token, idempotencyKey: key })).status).toBe(202);
    const second = await t.post({ fillToken: token });
    expect([second.status, await second.json()]).toEqual([202, { status: "received" }]);
    const retry = await t.post({ fillToken: token, idempotencyKey: key });
    expect(await retry.json()).toEqual({ status: "received", duplicate: true });
    expect(t.pending()).toMatchObject({ queued: 1 });
    expect(reasons(t.events)).toEqual([
      "received: ",
      "dropped: fill token spent",
      "duplicate: kept before: no second mail",
    ]);
  });

  it("a script without a browser (one GET, wait out the minimum, post 20): one message kept, 19 dropped", async () => {
    const t = setup({ outbox: true });
    const token = await tokenOf(t);
    t.advance(MIN);
    const statuses = [];
    for (let i = 0; i < 20; i += 1) statuses.push((await t.post({ fillToken: token }, `198.51.100.${i}`)).status);
    expect(statuses.every((status) => status === 202)).toBe(true);
    expect(t.pending()).toMatchObject({ queued: 1 });
    expect(t.events.filter((event) => event.reason === "fill token spent")).toHaveLength(19);
  });

  it("a message not kept (409 for its key) gives its token back: the visitor's new text under a new key is kept", async () => {
    const t = setup({ outbox: true });
    const first = await tokenOf(t);
    t.advance(1);
    const second = await tokenOf(t);
    t.advance(MIN);
    const key = newKey();
    expect((await t.post({ fillToken: first, idempotencyKey: key })).status).toBe(202);
    expect((await t.post({ fillToken: second, idempotencyKey: key, message: "Other text, same key." })).status).toBe(
      409,
    );
    expect((await t.post({ fillToken: second })).status).toBe(202);
    expect(t.pending()).toMatchObject({ queued: 2 });
  });

  it("form.minFillMs: 0 needs no token (a message without one is delivered), and the GET says 0", async () => {
    const t = setup({ minFillMs: 0 });
    expect((await t.ticket()).body).toMatchObject({ minFillMs: 0 });
    expect((await t.post({})).status).toBe(200);
    expect(t.sent).toHaveLength(1);
  });
});

describe("the verdict, for any date and any moment", () => {
  it("a token dated up to a minute ahead of the receiver's clock is another instance's (too fast); beyond, forged", async () => {
    const tokens = fillTokens(SECRET);
    const { token } = await tokens.issue(START + 60_000, MIN);
    expect(await tokens.check(token, START, MIN)).toBe("too-fast");
    expect(await tokens.check(token, START - 1, MIN)).toBe("forged");
  });

  it("ok exactly when the token is between the minimum and 24 hours old", async () => {
    const tokens = fillTokens(SECRET);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        fc.integer({ min: -120_000, max: FILL_TOKEN_MAX_AGE_MS + 120_000 }),
        fc.integer({ min: 0, max: 60_000 }),
        async (issuedAt, age, minFillMs) => {
          const { token } = await tokens.issue(issuedAt, minFillMs);
          const verdict = await tokens.check(token, issuedAt + age, minFillMs);
          const expected =
            age < -60_000 ? "forged" : age < minFillMs ? "too-fast" : age > FILL_TOKEN_MAX_AGE_MS ? "expired" : "ok";
          expect(verdict).toBe(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});
