/**
 * The form's side of the minimum fill time (shared/form/fill-token.ts), talking to the real receiver's handler
 * in this process, both on one clock the test moves: asked once on the first touch, the wait at sending is what
 * is left of the minimum, and the token it sends after that wait is one the receiver delivers.
 */
import { describe, expect, it, vi } from "vitest";
import { asksForFillToken, FillTokens, ticketOf } from "../../../../src/shared/form/index.ts";
import { harness, MIN, SITE } from "../../receiver/spam-harness.ts";

const DAY = 24 * 60 * 60 * 1000;

function setup(answer?: () => Response | Promise<Response>) {
  const t = harness();
  const asked: string[] = [];
  // The browser's fetch, reaching the receiver as the site's own origin would.
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    asked.push(`${init?.method ?? "GET"} ${String(input)}`);
    if (answer) return answer();
    return t.call(new Request(new URL(String(input), SITE), init));
  }) as typeof fetch;
  return {
    tokens: new FillTokens(fetchImpl, t.now),
    asked,
    sent: t.sent,
    post: (fillToken: string | undefined) => t.post(fillToken ? { fillToken } : {}),
    advance: t.advance,
  };
}

describe("which back-ends are asked for a token", () => {
  it("only the site's own receiver, a path on this origin", () => {
    expect(asksForFillToken("/api/contact")).toBe(true);
    for (const delivery of ["simulated", "https://formspree.io/f/abc", "//evil.example/api", "http://127.0.0.1:9/x"])
      expect(asksForFillToken(delivery), delivery).toBe(false);
  });

  it("reads only an answer in the receiver's shape", () => {
    expect(ticketOf({ token: "1.x", minFillMs: 3000, maxAgeMs: DAY })).toEqual({
      token: "1.x",
      minFillMs: 3000,
      maxAgeMs: DAY,
    });
    for (const body of [
      null,
      "1.x",
      { token: 1, minFillMs: 0, maxAgeMs: 1 },
      { token: "x", minFillMs: -1, maxAgeMs: 1 },
    ])
      expect(ticketOf(body), JSON.stringify(body)).toBeUndefined();
    expect(ticketOf({ token: "x", minFillMs: 3000, maxAgeMs: 0 })).toBeUndefined();
    expect(ticketOf({ token: "x".repeat(201), minFillMs: 3000, maxAgeMs: 1 })).toBeUndefined();
    expect(ticketOf({ token: "x".repeat(200), minFillMs: 3000, maxAgeMs: 1 })).toBeDefined();
    // The minimum as the schema allows it (0 to a minute), numbers only: text would compare as a number.
    for (const minFillMs of [0, 60_000]) expect(ticketOf({ token: "x", minFillMs, maxAgeMs: 1 })).toBeDefined();
    for (const minFillMs of [60_001, "3000"]) expect(ticketOf({ token: "x", minFillMs, maxAgeMs: 1 })).toBeUndefined();
    expect(ticketOf({ token: "x", minFillMs: 3000, maxAgeMs: "86400000" })).toBeUndefined();
  });
});

describe("asked on the first touch, sent after the minimum", () => {
  it("one GET however often the form is touched; the wait at sending is what is left of the minimum", async () => {
    const t = setup();
    await Promise.all([t.tokens.request("/api/contact"), t.tokens.request("/api/contact")]);
    t.advance(1_000);
    const early = await t.tokens.forSending("/api/contact");
    expect(early.waitMs).toBe(MIN - 1_000);
    t.advance(early.waitMs);
    expect((await t.tokens.forSending("/api/contact")).waitMs).toBe(0);
    expect(t.asked).toEqual(["GET /api/contact"]);
    // The token, sent once that wait is over, is one the receiver delivers; sent before it, it is dropped.
    const response = await t.post(early.token);
    expect(response.status).toBe(200);
    expect(t.sent).toHaveLength(1);
  });

  it("sent before the wait: the receiver drops it (the wait is needed, not a courtesy)", async () => {
    const t = setup();
    await t.tokens.request("/api/contact");
    t.advance(1_000);
    const { token } = await t.tokens.forSending("/api/contact");
    expect((await t.post(token)).status).toBe(200);
    expect(t.sent).toHaveLength(0);
  });

  it("never touched (autofilled, a button that takes no focus): asked at sending, the whole minimum waited", async () => {
    const t = setup();
    const got = await t.tokens.forSending("/api/contact");
    expect(got.waitMs).toBe(MIN);
    expect(t.asked).toHaveLength(1);
  });

  it("half a day old: a new token, and the minimum again, so a tab left open overnight is never dropped", async () => {
    const t = setup();
    await t.tokens.request("/api/contact");
    t.advance(DAY / 2);
    expect((await t.tokens.forSending("/api/contact")).waitMs).toBe(0);
    t.advance(1);
    expect((await t.tokens.forSending("/api/contact")).waitMs).toBe(MIN);
    expect(t.asked).toHaveLength(2);
  });
});

describe("the GET itself", () => {
  it("sends no cookies and is never answered from a cache (a token shared between visitors, or stale)", async () => {
    const seen: RequestInit[] = [];
    const tokens = new FillTokens((async (_input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(init ?? {});
      return new Response(JSON.stringify({ token: "1.x", minFillMs: 0, maxAgeMs: DAY }));
    }) as typeof fetch);
    await tokens.request("/api/contact");
    expect(seen).toEqual([
      expect.objectContaining({ credentials: "omit", cache: "no-store", headers: { Accept: "application/json" } }),
    ]);
  });

  it("no answer within the timeout: given up (no token, no wait), and no timer left behind", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const hanging = ((_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
        )) as typeof fetch;
      const tokens = new FillTokens(hanging);
      const sending = tokens.forSending("/api/contact", 5_000);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(await sending).toEqual({ waitMs: 0 });
      const answered = new FillTokens(
        (async () => new Response(JSON.stringify({ token: "1.x", minFillMs: 0, maxAgeMs: DAY }))) as typeof fetch,
      );
      await answered.request("/api/contact", 5_000);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("a receiver that gives no token", () => {
  it("405 (a receiver before tokens) or no answer: no token, no wait, and asked again next time", async () => {
    for (const answer of [
      () => new Response('{"error":"refused"}', { status: 405 }),
      () => Promise.reject(new TypeError("Failed to fetch")),
      () => new Response("<html>captcha</html>", { status: 200 }),
    ]) {
      const t = setup(answer);
      await t.tokens.request("/api/contact");
      expect(await t.tokens.forSending("/api/contact")).toEqual({ waitMs: 0 });
      expect(t.asked).toHaveLength(2);
    }
  });
});
