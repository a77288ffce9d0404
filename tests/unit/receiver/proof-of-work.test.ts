/**
 * The optional proof of work (form.proofOfWork, docs/receiver.md, "Spam"), against the real handler in this
 * process: the challenge from GET /api/contact, solved by the form's own solver (shared/form/proof-of-work.ts),
 * a clock the test moves, a transport that records what it was given, the memory store and the real SQLite
 * outbox. A message without a solution, with a wrong or another receiver's one, one for another fill token, an
 * expired one, or one already used by another message is answered exactly as a kept message is, and nothing is
 * sent or kept; a solved message is delivered once.
 */
import { describe, expect, it } from "vitest";
import { FILL_TOKEN_MAX_AGE_MS } from "../../../src/receiver/fill-time.ts";
import { proofsOfWork } from "../../../src/receiver/proof-of-work.ts";
import { type PowChallenge, solveChallenge } from "../../../src/shared/form/proof-of-work.ts";
import { ADA, harness, MIN, newKey, reasons, START } from "./spam-harness.ts";

/** Small, so the tests solve in milliseconds; the solver and the checks do not depend on it. */
const MAX_NUMBER = 2_000;

interface Ticket {
  token: string;
  challenge?: PowChallenge;
}

function setup(options: { minFillMs?: number; outbox?: boolean; proofOfWork?: number; failFirst?: number } = {}) {
  const t = harness({
    outbox: options.outbox,
    failFirst: options.failFirst,
    rules: { minFillMs: options.minFillMs ?? MIN, proofOfWork: options.proofOfWork ?? MAX_NUMBER },
  });
  const ticket = async (): Promise<Ticket> => (await t.ticket()).json();
  /** What the form does once the ticket is here: solve, then (after typing) send. */
  const solved = async () => {
    const got = await ticket();
    if (!got.challenge) throw new Error("no challenge in the answer");
    const proofOfWork = await solveChallenge(got.challenge);
    if (!proofOfWork) throw new Error("the form's solver found no number");
    return { fillToken: got.token, proofOfWork, challenge: got.challenge };
  };
  return { ...t, ticket, solved };
}

/** ALTCHA's payload with one field changed, as a bot would try it. */
const altered = (payload: string, change: Record<string, unknown>) =>
  btoa(JSON.stringify({ ...JSON.parse(atob(payload)), ...change }));

describe("GET /api/contact with form.proofOfWork: a signed challenge beside the fill token", () => {
  it("ALTCHA's fields: SHA-256, the configured maxnumber, a salt that carries the expiry and the token's tag", async () => {
    const t = setup();
    const got = await t.ticket();
    expect(got.challenge).toEqual({
      algorithm: "SHA-256",
      challenge: expect.stringMatching(/^[0-9a-f]{64}$/),
      maxnumber: MAX_NUMBER,
      salt: expect.stringMatching(/^[0-9a-f]{24}\?/),
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const params = new URLSearchParams(got.challenge?.salt.split("?")[1]);
    expect(Number(params.get("expires")) * 1000).toBe(START + FILL_TOKEN_MAX_AGE_MS);
    expect(params.get("fill")).toMatch(/^[0-9a-f]{32}$/);
    // Each answer its own challenge: nothing solved once serves twice.
    expect((await t.ticket()).challenge?.challenge).not.toBe(got.challenge?.challenge);
    expect(t.events).toEqual([]);
  });

  it("off (0) by default: no challenge, and a message without a solution is delivered", async () => {
    const t = setup({ proofOfWork: 0 });
    const got = await t.ticket();
    expect(got.challenge).toBeUndefined();
    t.advance(MIN);
    expect((await t.post({ fillToken: got.token })).status).toBe(200);
    expect(t.sent).toHaveLength(1);
  });
});

describe("solved: delivered once", () => {
  it("the form's solution after the minimum: 200 delivered, one mail; its retry: no second mail", async () => {
    const t = setup();
    const { fillToken, proofOfWork } = await t.solved();
    t.advance(MIN);
    const key = newKey();
    const first = await t.post({ fillToken, proofOfWork, idempotencyKey: key });
    expect([first.status, await first.json()]).toEqual([200, { status: "delivered" }]);
    const retry = await t.post({ fillToken, proofOfWork, idempotencyKey: key });
    expect(await retry.json()).toEqual({ status: "delivered", duplicate: true });
    expect(t.sent).toHaveLength(1);
    expect(reasons(t.events)).toEqual(["delivered: ", "duplicate: delivered before: no second mail"]);
  });

  it("with the outbox (Node server): 202 received and kept once; the dropped replay answers the same", async () => {
    const t = setup({ outbox: true });
    const { fillToken, proofOfWork } = await t.solved();
    t.advance(MIN);
    const kept = await t.post({ fillToken, proofOfWork });
    const replayed = await t.post({ fillToken, proofOfWork });
    expect([replayed.status, await replayed.json()]).toEqual([kept.status, await kept.json()]);
    expect(kept.status).toBe(202);
    expect(t.pending()).toMatchObject({ queued: 1 });
    // The challenge is bound to its fill token, and the token is good for one message: the token's check says it.
    expect(reasons(t.events)).toEqual(["received: ", "dropped: fill token spent"]);
  });
});

describe("missing, wrong, forged, for another token, expired: dropped quietly, no mail", () => {
  it("without a solution, with the fill token only", async () => {
    const t = setup();
    const { token } = await t.ticket();
    t.advance(MIN);
    const response = await t.post({ fillToken: token });
    expect([response.status, await response.json()]).toEqual([200, { status: "delivered" }]);
    expect(t.sent).toEqual([]);
    expect(reasons(t.events)).toEqual(["dropped: proof of work missing"]);
  });

  it("a wrong number, an altered challenge or signature, another receiver's challenge, not ALTCHA's payload", async () => {
    const t = setup();
    const { fillToken, proofOfWork, challenge } = await t.solved();
    const { number } = JSON.parse(atob(proofOfWork)) as { number: number };
    const other = await proofsOfWork("another secret").issue(START, MAX_NUMBER, fillToken);
    const othersSolution = (await solveChallenge(other)) ?? "";
    t.advance(MIN);
    const forgeries = [
      altered(proofOfWork, { number: number + 1 }),
      altered(proofOfWork, { number: `${number}0` }),
      altered(proofOfWork, { signature: challenge.signature.replace(/^./, (c) => (c === "a" ? "b" : "a")) }),
      altered(proofOfWork, { challenge: challenge.challenge.replace(/^./, (c) => (c === "a" ? "b" : "a")) }),
      altered(proofOfWork, { algorithm: "SHA-1" }),
      othersSolution,
      "not base64 at all",
      btoa("[]"),
      btoa("null"),
    ];
    for (const forged of forgeries) expect((await t.post({ fillToken, proofOfWork: forged })).status).toBe(200);
    expect(t.sent).toHaveLength(0);
    expect(reasons(t.events)).toEqual(forgeries.map(() => "dropped: proof of work forged"));
    // The real one still works: the forgeries did not use it up.
    expect((await t.post({ fillToken, proofOfWork })).status).toBe(200);
    expect(t.sent).toHaveLength(1);
  });

  it("solved for one fill token, sent with another (both the receiver's own): dropped", async () => {
    const t = setup();
    const { proofOfWork } = await t.solved();
    t.advance(1);
    const { token: another } = await t.ticket();
    t.advance(MIN);
    await t.post({ fillToken: another, proofOfWork });
    expect(t.sent).toHaveLength(0);
    expect(reasons(t.events)).toEqual(["dropped: proof of work other-token"]);
  });

  it("expired: good for 24 hours by the receiver's clock, dropped after (fill time off, so the challenge decides)", async () => {
    const t = setup({ minFillMs: 0 });
    const first = await t.solved();
    const second = await t.solved();
    t.advance(FILL_TOKEN_MAX_AGE_MS);
    await t.post({ fillToken: first.fillToken, proofOfWork: first.proofOfWork });
    t.advance(1_000);
    await t.post({ fillToken: second.fillToken, proofOfWork: second.proofOfWork });
    expect(t.sent).toHaveLength(1);
    expect(reasons(t.events)).toEqual(["delivered: ", "dropped: proof of work expired"]);
  });

  it("a solution that is not text, or longer than any solution: 400, as any body the form never sends", async () => {
    const t = setup();
    const { token } = await t.ticket();
    t.advance(MIN);
    expect((await t.post({ fillToken: token, proofOfWork: 42 })).status).toBe(400);
    expect((await t.post({ fillToken: token, proofOfWork: "a".repeat(1001) })).status).toBe(400);
    expect(t.sent).toHaveLength(0);
  });
});

describe("one solution, one message", () => {
  it("replayed under other keys, one after another and all at once: one mail", async () => {
    const t = setup();
    const { fillToken, proofOfWork } = await t.solved();
    t.advance(MIN);
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.post({ fillToken, proofOfWork })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    await t.post({ fillToken, proofOfWork });
    expect(t.sent).toHaveLength(1);
    // Stopped by the fill token's one use, checked before the challenge's (the challenge is bound to the token).
    expect(reasons(t.events).filter((line) => line === "dropped: fill token spent")).toHaveLength(8);
  });

  it("a message not kept does not use it up: after 422 or the mail server's failure, the changed message gets through", async () => {
    const t = setup({ failFirst: 1 });
    const { fillToken, proofOfWork } = await t.solved();
    t.advance(MIN);
    expect((await t.post({ fillToken, proofOfWork, message: "short" })).status).toBe(422);
    expect((await t.post({ fillToken, proofOfWork })).status).toBe(503);
    // The visitor edits the text: the form sends it under a new key, with the same solution.
    const edited = await t.post({ fillToken, proofOfWork, message: `${ADA.message} Thursday suits us.` });
    expect(edited.status).toBe(200);
    expect(t.sent).toHaveLength(1);
    expect(reasons(t.events)).toEqual(["refused: rules: message", "failed: 421 try again later", "delivered: "]);
  });

  it("with the outbox, the same key with other text (409) leaves it for the form's next key", async () => {
    const t = setup({ outbox: true });
    const { fillToken, proofOfWork } = await t.solved();
    t.advance(MIN);
    const key = newKey();
    expect((await t.post({ fillToken, proofOfWork, idempotencyKey: key })).status).toBe(202);
    // Another page's solution, the same key, other text: 409, and that solution stays free.
    const other = await t.solved();
    t.advance(MIN);
    const changed = { message: `${ADA.message} And our FAQ.` };
    expect((await t.post({ ...other, challenge: undefined, ...changed, idempotencyKey: key })).status).toBe(409);
    expect((await t.post({ ...other, challenge: undefined, ...changed })).status).toBe(202);
    expect(t.pending()).toMatchObject({ queued: 2 });
  });
});
