/**
 * The receiver's handler called inside each test, in this process: a Request in, a Response out, with a mail
 * transport the test controls (accepts, refuses, never answers, answers late), the memory store and a clock the
 * test moves. What receiver.test.ts shows end to end over HTTP and SMTP, here rule by rule and at each limit's
 * edge, fast enough for npm run mutation's receiver group to run for every mutant.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import {
  CLIENT_LIMIT,
  createReceiver,
  KEY_KEPT_MS,
  RETRY_AFTER_SECONDS,
  type ReceiverEvent,
} from "../../../src/receiver/handler.ts";
import { keyedHash, sha256 } from "../../../src/receiver/hash.ts";
import { formatEvent } from "../../../src/receiver/log.ts";
import { composeMail } from "../../../src/receiver/mail.ts";
import { MAX_BODY_BYTES } from "../../../src/receiver/request.ts";
import type { ReceiverRules } from "../../../src/receiver/rules.ts";
import { memoryStore } from "../../../src/receiver/stores/memory.ts";
import { sqliteStore } from "../../../src/receiver/stores/sqlite.ts";
import type { ExpiringStore } from "../../../src/receiver/stores/store.ts";
import type { OutgoingMail } from "../../../src/receiver/transports/transport.ts";
import { EN, LIMITS } from "../shared/form/fixtures.ts";
import { ADA as VALID_MESSAGE } from "../../support/message.ts";

const SITE = "https://www.leap-ai.example";
const START = Date.UTC(2026, 0, 5, 9, 0, 0);
const DE = {
  ...EN,
  name: { ...EN.name, tooShort: "Der Name muss mindestens 2 Zeichen lang sein" },
} as typeof EN;
const RULES: ReceiverRules = {
  siteUrl: SITE,
  companyName: "Leap AI",
  defaultLanguage: "en",
  messages: { en: EN, de: DE },
  limits: LIMITS,
  deliveryTimeoutMs: 15_000,
};
const ADA = { ...VALID_MESSAGE, page: "/insights/rag-agents" };
const KEY = "0f1e2d3c-4b5a-4697-8877-000000000001";

type Mode = "accept" | "refuse" | "hang" | "manual";

/** A receiver with a transport, store and clock the test holds. */
function setup(
  options: { sendTimeoutMs?: number; store?: ExpiringStore; limit?: { max: number; windowMs: number } } = {},
) {
  let clock = START;
  const sent: OutgoingMail[] = [];
  const events: ReceiverEvent[] = [];
  const pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const transport = {
    mode: "accept" as Mode,
    send(mail: OutgoingMail): Promise<void> {
      if (this.mode === "accept") {
        sent.push(mail);
        return Promise.resolve();
      }
      if (this.mode === "refuse") return Promise.reject(new Error("550 mailbox unavailable"));
      if (this.mode === "hang") return new Promise<void>(() => {});
      return new Promise<void>((resolve, reject) =>
        pending.push({
          resolve: () => {
            sent.push(mail);
            resolve();
          },
          reject,
        }),
      );
    },
  };
  const store = options.store ?? memoryStore(() => clock);
  const receive = createReceiver({
    rules: RULES,
    siteUrl: SITE,
    mail: { from: "website@leap-ai.example", to: "leads@leap-ai.example", timeZone: "Europe/Berlin" },
    transport,
    store,
    secret: "s3cret",
    now: () => clock,
    log: (event) => events.push(event),
    sendTimeoutMs: options.sendTimeoutMs ?? 1_000,
    ...(options.limit ? { limit: options.limit } : {}),
  });
  const waited: Promise<unknown>[] = [];
  const call = (request: Request, address = "203.0.113.7") =>
    receive(request, { address, waitUntil: (promise) => waited.push(promise) });
  /** As the Node server calls it: no waitUntil, the process simply lives on. */
  const callWithoutWaitUntil = (request: Request) => receive(request, { address: "203.0.113.7" });
  return {
    sent,
    events,
    pending,
    transport,
    store,
    waited,
    call,
    callWithoutWaitUntil,
    advance: (ms: number) => {
      clock += ms;
    },
    now: () => clock,
  };
}

function request(body: unknown, headers: Record<string, string> = {}, method = "POST") {
  return new Request(`${SITE}/api/contact`, {
    method,
    headers: { Origin: SITE, "Content-Type": "application/json", ...headers },
    ...(method === "GET" || method === "HEAD" ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
}
const message = (fields: Record<string, unknown> = {}) => request({ ...ADA, idempotencyKey: KEY, ...fields });
const last = (events: ReceiverEvent[]) => events.at(-1);

async function answer(response: Response) {
  return {
    status: response.status,
    body: await response.json(),
    type: response.headers.get("content-type"),
    cache: response.headers.get("cache-control"),
    retryAfter: response.headers.get("retry-after"),
    allow: response.headers.get("allow"),
  };
}

describe("a valid message", () => {
  it("200 once the transport has it, one mail, logged as delivered with the key's hash and nothing typed", async () => {
    const t = setup();
    expect(await answer(await t.call(message()))).toEqual({
      status: 200,
      body: { status: "delivered" },
      type: "application/json; charset=utf-8",
      cache: "no-store",
      retryAfter: null,
      allow: null,
    });
    expect(t.sent).toHaveLength(1);
    const hash = await sha256(KEY);
    expect(t.events).toEqual([{ event: "delivered", status: 200, key: hash.slice(0, 12) }]);
    const mail = t.sent[0] as OutgoingMail;
    expect(mail.messageId).toBe(`<${hash.slice(0, 32)}@www.leap-ai.example>`);
    expect(mail.date.getTime()).toBe(START);
    expect(mail.replyTo).toEqual({ name: ADA.name, address: ADA.email });
  });

  it("no timer is left behind once the transport has answered, accepted or refused", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const t = setup();
      expect((await t.call(message())).status).toBe(200);
      t.transport.mode = "refuse";
      expect((await t.call(message({ idempotencyKey: `${KEY.slice(0, -1)}9` }))).status).toBe(503);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("the mail carries the sanitised text, as the form would send it", async () => {
    const t = setup();
    const response = await t.call(message({ message: "  Hello there, call me back please.  " }));
    expect(response.status).toBe(200);
    expect(t.sent[0]?.text).toContain("\nHello there, call me back please.\n");
  });
});

describe("what is refused before the message is read", () => {
  it("any method but GET (a fill token: fill-time.test.ts) and POST: 405 with Allow: GET, POST", async () => {
    for (const method of ["PUT", "OPTIONS", "DELETE", "PATCH"]) {
      const t = setup();
      const got = await answer(await t.call(request({}, {}, method)));
      expect(got, method).toMatchObject({
        status: 405,
        body: { error: "refused" },
        allow: "GET, POST",
        cache: "no-store",
      });
      expect(last(t.events), method).toEqual({ event: "refused", status: 405, reason: `method ${method}` });
    }
  });

  it("another origin, or none: 403", async () => {
    const t = setup();
    for (const origin of ["https://evil.example", "https://www.leap-ai.example:8443", "http://www.leap-ai.example"]) {
      expect((await t.call(message({}), origin)).status).toBe(200); // the address is not the origin
      const response = await t.call(request({ ...ADA, idempotencyKey: KEY }, { Origin: origin }));
      expect(response.status, origin).toBe(403);
      expect(last(t.events)?.reason).toBe(`origin ${origin}`);
    }
    const none = new Request(`${SITE}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...ADA, idempotencyKey: KEY }),
    });
    expect((await t.call(none)).status).toBe(403);
    expect(last(t.events)?.reason).toBe("origin (none)");
  });

  it("anything but JSON: 415; JSON with a charset or in capitals is JSON", async () => {
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "application/jsonx",
      "application/json-seq",
    ]) {
      const t = setup();
      expect((await t.call(request({ ...ADA, idempotencyKey: KEY }, { "Content-Type": type }))).status, type).toBe(415);
      expect(last(t.events)?.reason, type).toBe(`content type ${type}`);
    }
    for (const type of ["application/json; charset=utf-8", "Application/JSON", " application/json ;x=1"]) {
      const t = setup();
      expect((await t.call(request({ ...ADA, idempotencyKey: KEY }, { "Content-Type": type }))).status, type).toBe(200);
    }
    const t = setup();
    const untyped = new Request(`${SITE}/api/contact`, {
      method: "POST",
      headers: { Origin: SITE },
      body: new Blob([JSON.stringify(ADA)]),
    });
    expect((await t.call(untyped)).status).toBe(415);
    expect(last(t.events)?.reason).toBe("content type (none)");
  });

  it(`over ${MAX_BODY_BYTES} bytes: 413, by Content-Length or by what arrives; exactly ${MAX_BODY_BYTES} is read`, async () => {
    const body = (bytes: number) => {
      const base = JSON.stringify({ ...ADA, idempotencyKey: KEY, pad: "" });
      return JSON.stringify({ ...ADA, idempotencyKey: KEY, pad: "x".repeat(bytes - base.length) });
    };
    expect(body(MAX_BODY_BYTES)).toHaveLength(MAX_BODY_BYTES);
    const t = setup();
    expect((await t.call(request(body(MAX_BODY_BYTES)))).status).toBe(200);
    const exactlyDeclared = request(body(MAX_BODY_BYTES), { "Content-Length": String(MAX_BODY_BYTES) });
    expect((await t.call(exactlyDeclared)).status).toBe(200);
    expect((await t.call(request(body(MAX_BODY_BYTES + 1)))).status).toBe(413);
    expect(last(t.events)).toMatchObject({ status: 413, reason: `body over ${MAX_BODY_BYTES} bytes` });
    const declared = request("{}", { "Content-Length": String(MAX_BODY_BYTES + 1) });
    expect((await t.call(declared)).status).toBe(413);
    expect(last(t.events)).toMatchObject({ status: 413, reason: `body of ${MAX_BODY_BYTES + 1} bytes` });
    // Streamed in pieces without a length: counted as it arrives, across the pieces.
    const piece = new TextEncoder().encode("x".repeat(6000));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 3; i++) controller.enqueue(piece);
        controller.close();
      },
    });
    const streamed = new Request(`${SITE}/api/contact`, {
      method: "POST",
      headers: { Origin: SITE, "Content-Type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect((await t.call(streamed)).status).toBe(413);
    // A body in pieces under the limit is put together in order.
    const json = new TextEncoder().encode(JSON.stringify({ ...ADA, idempotencyKey: KEY }));
    const inPieces = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < json.length; at += 7) controller.enqueue(json.slice(at, at + 7));
        controller.close();
      },
    });
    const pieced = new Request(`${SITE}/api/contact`, {
      method: "POST",
      headers: { Origin: SITE, "Content-Type": "application/json" },
      body: inPieces,
      duplex: "half",
    } as RequestInit);
    expect((await t.call(pieced)).status).toBe(200);
    expect(t.sent).toHaveLength(1);
  });

  it("a body that is not JSON in UTF-8, or not an object: 400", async () => {
    const t = setup();
    for (const body of ["", "{", "not json", "[]", "null", '"text"', "1", "true"]) {
      expect((await t.call(request(body))).status, body).toBe(400);
    }
    expect(last(t.events)?.reason).toBe("not an object");
    const empty = new Request(`${SITE}/api/contact`, {
      method: "POST",
      headers: { Origin: SITE, "Content-Type": "application/json" },
    });
    expect((await t.call(empty)).status).toBe(400);
    expect(last(t.events)?.reason).toBe("not JSON in UTF-8");
    const latin1 = new Uint8Array([0x7b, 0x22, 0xe9, 0x22, 0x3a, 0x31, 0x7d]); // {"é":1} in Latin-1
    const bad = new Request(`${SITE}/api/contact`, {
      method: "POST",
      headers: { Origin: SITE, "Content-Type": "application/json" },
      body: latin1,
    });
    expect((await t.call(bad)).status).toBe(400);
    expect(last(t.events)?.reason).toBe("not JSON in UTF-8");
    expect(t.sent).toHaveLength(0);
  });

  it("each field, the language, the page and the key must be text: 400 naming the field", async () => {
    for (const field of ["name", "email", "company", "message", "language", "page", "idempotencyKey"]) {
      for (const value of [undefined, 1, null, ["x"]]) {
        const t = setup();
        const response = await t.call(message({ [field]: value }));
        expect(response.status, `${field} ${String(value)}`).toBe(400);
        expect(last(t.events)?.reason).toBe(`${field} missing or not text`);
      }
    }
    // The honeypot may be left out (the form always sends it), but when sent it is text.
    expect((await setup().call(message({ _gotcha: undefined }))).status).toBe(200);
    const t = setup();
    expect((await t.call(message({ _gotcha: 0 }))).status).toBe(400);
    expect(last(t.events)?.reason).toBe("_gotcha missing or not text");
  });

  it("a line break or control character in a one-line field: 400; in the message only line breaks and tabs", async () => {
    for (const field of ["name", "email", "company", "language", "page", "idempotencyKey"])
      for (const bad of ["\n", "\r", "\t", "\u0000", "\u001f", "\u007f", "\u0085", "\u009f", "\u2028", "\u2029"]) {
        const t = setup();
        const value = `${(ADA as Record<string, string>)[field] ?? KEY}${bad}x`;
        expect((await t.call(message({ [field]: value }))).status, `${field} ${JSON.stringify(bad)}`).toBe(400);
        expect(last(t.events)?.reason).toBe(`${field} holds a line break or control character`);
      }
    for (const ok of ["\n", "\r\n", "\t", "\u0085", "\u2028"]) {
      const t = setup();
      const response = await t.call(message({ message: `Please call me${ok}back about the bot.` }));
      expect(response.status, JSON.stringify(ok)).toBe(200);
    }
    for (const bad of ["\u0000", "\u0008", "\u000b", "\u000c", "\u000e", "\u001f", "\u007f"]) {
      const t = setup();
      const response = await t.call(message({ message: `Please call me${bad}back about the bot.` }));
      expect(response.status, JSON.stringify(bad)).toBe(400);
      expect(last(t.events)?.reason).toBe("message holds a line break or control character");
    }
    // The honeypot too is one line.
    const t = setup();
    expect((await t.call(message({ _gotcha: "a\nb" }))).status).toBe(400);
  });

  it("a language the site does not have: 400, its code cut to 20 characters in the log", async () => {
    const t = setup();
    for (const language of ["fr", "EN", "", "en-GB"]) {
      expect((await t.call(message({ language }))).status, language).toBe(400);
      expect(last(t.events)?.reason).toBe(`language ${language}`);
    }
    await t.call(message({ language: "x".repeat(30) }));
    expect(last(t.events)?.reason).toBe(`language ${"x".repeat(20)}`);
  });

  it("the page is a path on the site, at most 2,000 characters", async () => {
    for (const page of ["/", "/de/einblicke/rag-agenten", `/${"a".repeat(1999)}`])
      expect((await setup().call(message({ page }))).status, page.slice(0, 30)).toBe(200);
    for (const page of ["insights", "", "//evil.example/x", "https://evil.example/", `/${"a".repeat(2000)}`]) {
      const t = setup();
      expect((await t.call(message({ page }))).status, page.slice(0, 30)).toBe(400);
      expect(last(t.events)?.reason).toBe("page not a path");
    }
  });

  it("the idempotency key: 16 to 64 letters, digits or -", async () => {
    for (const key of ["a".repeat(16), "Z9-".repeat(21).slice(0, 64), KEY])
      expect((await setup().call(message({ idempotencyKey: key }))).status, key).toBe(200);
    for (const key of [
      "a".repeat(15),
      "a".repeat(65),
      `${"a".repeat(16)}_`,
      `${"a".repeat(16)} `,
      `x${"a".repeat(16)}.`,
    ]) {
      const t = setup();
      expect((await t.call(message({ idempotencyKey: key }))).status, key).toBe(400);
      expect(last(t.events)?.reason).toBe("idempotencyKey not 16 to 64 letters, digits or -");
    }
  });
});

describe("the form's rules, enforced again", () => {
  it("the honeypot filled in: 200 as if delivered, nothing sent, logged as dropped", async () => {
    const t = setup();
    const got = await answer(await t.call(message({ _gotcha: "http://spam.example" })));
    expect(got).toMatchObject({ status: 200, body: { status: "delivered" } });
    expect(t.sent).toHaveLength(0);
    expect(last(t.events)).toEqual({
      event: "dropped",
      status: 200,
      key: (await sha256(KEY)).slice(0, 12),
      reason: "honeypot filled in",
    });
    // Nothing was kept: the same key with the honeypot empty is a new message.
    expect((await t.call(message())).status).toBe(200);
    expect(t.sent).toHaveLength(1);
  });

  it("422 with the form's messages in the message's language, every field wrong at once", async () => {
    const t = setup();
    const got = await answer(await t.call(message({ name: "A", message: "short" })));
    expect(got).toMatchObject({
      status: 422,
      body: { error: "fields", fields: { name: EN.name.tooShort, message: EN.message.tooShort } },
    });
    expect(last(t.events)).toMatchObject({ event: "refused", status: 422, reason: "rules: name, message" });
    const german = await answer(await t.call(message({ name: "A", language: "de" })));
    expect(german.body).toEqual({ error: "fields", fields: { name: DE.name.tooShort } });
    expect(t.sent).toHaveLength(0);
  });

  it("script or markup in any field: 422 naming the first such field", async () => {
    for (const [field, value] of [
      ["name", "Ada Script"],
      ["company", "javascript Ltd"],
      ["message", "Please run <script>alert(1)</script> for me."],
    ]) {
      const t = setup();
      const got = await answer(await t.call(message({ [field as string]: value })));
      expect(got, field).toMatchObject({ status: 422, body: { error: "forbidden", field } });
      expect(last(t.events)?.reason).toBe(`forbidden input in ${field}`);
      expect(t.sent).toHaveLength(0);
    }
  });
});

describe("nothing sent twice", () => {
  it(`a retry of a delivered key: 200 again and no second mail, for ${KEY_KEPT_MS / 3_600_000} hours`, async () => {
    // The form's idempotency key lives as long (README, "Receiving contact messages": 24 hours).
    expect(KEY_KEPT_MS).toBe(24 * 3_600_000);
    const t = setup();
    await t.call(message());
    t.advance(KEY_KEPT_MS - 1);
    const again = await answer(await t.call(message()));
    expect(again).toMatchObject({ status: 200, body: { status: "delivered", duplicate: true } });
    expect(last(t.events)).toMatchObject({
      event: "duplicate",
      status: 200,
      reason: "delivered before: no second mail",
    });
    expect(t.sent).toHaveLength(1);
    t.advance(1);
    expect(await (await t.call(message())).json()).toEqual({ status: "delivered" });
    expect(t.sent).toHaveLength(2);
  });

  it("a second attempt while the first is with the mail server: 409 with Retry-After, then one mail", async () => {
    const t = setup({ sendTimeoutMs: 2_500 });
    t.transport.mode = "manual";
    const first = t.call(message());
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await answer(await t.call(message()));
    expect(second).toMatchObject({ status: 409, body: { error: "busy" }, retryAfter: "3" });
    expect(last(t.events)).toMatchObject({ event: "busy", status: 409, reason: "this message is being sent" });
    t.pending[0]?.resolve();
    expect((await first).status).toBe(200);
    expect(t.sent).toHaveLength(1);
    expect((await t.call(message())).status).toBe(200);
    expect(t.sent).toHaveLength(1);
  });

  it("a claim is held for three times the send timeout, then a retry may try again", async () => {
    const t = setup({ sendTimeoutMs: 1_000 });
    const hash = await sha256(KEY);
    await t.store.put(`key:${hash}`, "sending", t.now() + 3_000);
    expect((await t.call(message())).status).toBe(409);
    t.advance(3_000);
    expect((await t.call(message())).status).toBe(200);
    // The handler's own claim: a crashed attempt frees the key after 3 × sendTimeoutMs, not before.
    const u = setup({ sendTimeoutMs: 1_000 });
    u.transport.mode = "hang";
    const claims: number[] = [];
    const store = u.store;
    const put = store.put.bind(store);
    store.put = (key, value, expiresAt, onlyIfFree) => {
      if (value === "sending") claims.push(expiresAt - u.now());
      return put(key, value, expiresAt, onlyIfFree);
    };
    const hanging = u.call(message());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(claims).toEqual([3_000]);
    u.transport.mode = "accept";
    expect((await u.call(message())).status).toBe(409);
    await hanging;
  });
});

describe("nothing lost", () => {
  it(`the mail server refuses: 503 with Retry-After ${RETRY_AFTER_SECONDS}, the key freed, and a retry delivers one mail`, async () => {
    const t = setup();
    t.transport.mode = "refuse";
    const got = await answer(await t.call(message()));
    expect(got).toMatchObject({ status: 503, body: { error: "unavailable" }, retryAfter: String(RETRY_AFTER_SECONDS) });
    expect(last(t.events)).toMatchObject({ event: "failed", status: 503, reason: "550 mailbox unavailable" });
    t.transport.mode = "accept";
    expect((await t.call(message())).status).toBe(200);
    expect(t.sent).toHaveLength(1);
  });

  it("a transport that rejects with something not an Error: its words in the log", async () => {
    const t = setup();
    t.transport.send = () => Promise.reject("connection reset");
    await t.call(message());
    expect(last(t.events)).toMatchObject({ event: "failed", status: 503, reason: "connection reset" });
  });

  it("no answer within the send timeout: 503 in time; should it never come, the key is freed and a retry sends", async () => {
    const t = setup({ sendTimeoutMs: 50 });
    t.transport.mode = "manual";
    const started = performance.now();
    const got = await answer(await t.call(message()));
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(got).toMatchObject({ status: 503, body: { error: "unavailable" }, retryAfter: String(RETRY_AFTER_SECONDS) });
    expect(last(t.events)).toMatchObject({
      event: "failed",
      status: 503,
      reason: "no answer from the mail server within 50 ms",
    });
    expect(t.waited).toHaveLength(1);
    // While the late send is open, the key stays claimed: a retry is told to wait, not sent twice.
    expect((await t.call(message())).status).toBe(409);
    t.pending[0]?.reject(new Error("timed out at last"));
    await Promise.all(t.waited);
    t.transport.mode = "accept";
    expect((await t.call(message())).status).toBe(200);
    expect(t.sent).toHaveLength(1);
  });

  it("accepted after the timeout: the form heard 503, the key is delivered and counted, a retry gets 200 without a mail", async () => {
    const t = setup({ sendTimeoutMs: 50, limit: { max: 1, windowMs: 60_000 } });
    t.transport.mode = "manual";
    expect((await t.call(message())).status).toBe(503);
    t.pending[0]?.resolve();
    await Promise.all(t.waited);
    expect(last(t.events)).toMatchObject({
      event: "delivered",
      status: 0,
      reason: "after the timeout: a retry gets no second mail",
    });
    const retry = await answer(await t.call(message()));
    expect(retry).toMatchObject({ status: 200, body: { status: "delivered", duplicate: true } });
    expect(t.sent).toHaveLength(1);
    // The late mail counted against the client's limit, as any delivered one.
    expect((await t.call(message({ idempotencyKey: `${KEY.slice(0, -1)}2` }))).status).toBe(429);
  });

  it("on the Node server (no waitUntil) a late answer still settles the key", async () => {
    const t = setup({ sendTimeoutMs: 50 });
    t.transport.mode = "manual";
    expect((await t.callWithoutWaitUntil(message())).status).toBe(503);
    t.pending[0]?.resolve();
    await vi.waitFor(async () => expect((await t.call(message())).status).toBe(200));
    expect(t.sent).toHaveLength(1);
    // The retry's line and the late delivery's line come in either order (the settling goes on beside the retry).
    expect(t.events.filter((event) => event.event === "duplicate").at(-1)).toMatchObject({ status: 200 });
  });

  it("an error nobody foresaw (the store fails): 500, logged with its words, never a stack", async () => {
    const failing: ExpiringStore = {
      get: () => Promise.reject(new Error("disk full")),
      put: () => Promise.reject(new Error("disk full")),
      delete: () => Promise.resolve(),
    };
    const t = setup({ store: failing });
    const got = await answer(await t.call(message()));
    expect(got).toMatchObject({ status: 500, body: { error: "internal" }, cache: "no-store" });
    expect(last(t.events)).toEqual({
      event: "failed",
      status: 500,
      key: (await sha256(KEY)).slice(0, 12),
      reason: "disk full",
    });
    const odd: ExpiringStore = { ...failing, get: () => Promise.reject("gone") };
    const u = setup({ store: odd });
    await u.call(message());
    expect(last(u.events)).toMatchObject({ status: 500, reason: "gone" });
  });
});

describe("the per-client limit", () => {
  const keyOf = (n: number) => `0f1e2d3c-4b5a-4697-8877-${String(n).padStart(12, "0")}`;

  it(`${CLIENT_LIMIT.max} delivered messages per address and hour, then 429 with the seconds left; other addresses free`, async () => {
    expect(CLIENT_LIMIT).toEqual({ max: 10, windowMs: 3_600_000 });
    const t = setup();
    for (let n = 1; n <= CLIENT_LIMIT.max; n++) {
      expect((await t.call(message({ idempotencyKey: keyOf(n) }))).status, String(n)).toBe(200);
      t.advance(60_000);
    }
    const limited = await answer(await t.call(message({ idempotencyKey: keyOf(99) })));
    // The window opened with the first message: an hour after it, minus the ten minutes gone.
    expect(limited).toMatchObject({ status: 429, body: { error: "tooMany" }, retryAfter: String(50 * 60) });
    expect(last(t.events)).toMatchObject({
      event: "limited",
      status: 429,
      reason: "10 messages from this client this hour",
    });
    expect((await t.call(message({ idempotencyKey: keyOf(99) }), "198.51.100.1")).status).toBe(200);
    t.advance(50 * 60_000 - 1_500);
    expect((await t.call(message({ idempotencyKey: keyOf(98) }))).headers.get("retry-after")).toBe("2");
    t.advance(1_000);
    expect((await t.call(message({ idempotencyKey: keyOf(98) }))).headers.get("retry-after")).toBe("1");
    t.advance(500);
    expect((await t.call(message({ idempotencyKey: keyOf(98) }))).status).toBe(200);
  });

  it("a Retry-After is never below a second", async () => {
    const t = setup({ limit: { max: 1, windowMs: 1_000 } });
    await t.call(message({ idempotencyKey: keyOf(1) }));
    t.advance(999);
    expect((await t.call(message({ idempotencyKey: keyOf(2) }))).headers.get("retry-after")).toBe("1");
  });

  it("only delivered messages count: refused, failed and duplicate ones do not", async () => {
    const t = setup({ limit: { max: 2, windowMs: 60_000 } });
    await t.call(message({ idempotencyKey: keyOf(1), name: "A" }));
    t.transport.mode = "refuse";
    await t.call(message({ idempotencyKey: keyOf(2) }));
    t.transport.mode = "accept";
    await t.call(message({ idempotencyKey: keyOf(3) }));
    await t.call(message({ idempotencyKey: keyOf(3) }));
    expect((await t.call(message({ idempotencyKey: keyOf(4) }))).status).toBe(200);
    expect((await t.call(message({ idempotencyKey: keyOf(5) }))).status).toBe(429);
    // A retry of a delivered message is answered even at the limit.
    expect((await t.call(message({ idempotencyKey: keyOf(3) }))).status).toBe(200);
  });

  it("the address is kept only as a keyed hash, for the window", async () => {
    const keys: [string, string, number][] = [];
    const t = setup({ limit: { max: 5, windowMs: 60_000 } });
    const put = t.store.put.bind(t.store);
    t.store.put = (key, value, expiresAt, onlyIfFree) => {
      keys.push([key, value, expiresAt]);
      return put(key, value, expiresAt, onlyIfFree);
    };
    await t.call(message(), "203.0.113.7");
    const client = keys.filter(([key]) => key.startsWith("client:"));
    expect(client).toEqual([
      [
        `client:${await keyedHash("s3cret")("203.0.113.7")}`,
        JSON.stringify({ n: 1, until: START + 60_000 }),
        START + 60_000,
      ],
    ]);
    expect(JSON.stringify(keys)).not.toContain("203.0.113.7");
    const delivered = keys.find(([, value]) => value === "delivered");
    expect(delivered).toEqual([`key:${await sha256(KEY)}`, "delivered", START + KEY_KEPT_MS]);
  });
});

describe("the mail, and the hashes", () => {
  const context = {
    from: "Leap AI website <website@leap-ai.example>",
    to: "leads@leap-ai.example",
    companyName: "Leap AI",
    siteUrl: SITE,
    timeZone: "Europe/Berlin",
  };
  const received = {
    values: { name: ADA.name, email: ADA.email, company: ADA.company, message: "Line one.\nLine two." },
    language: "de",
    page: "/de/einblicke/rag-agenten",
    receivedAt: new Date(Date.UTC(2026, 6, 1, 22, 30)),
    keyHash: "ab".repeat(16),
  };

  it("subject, body and headers say who wrote, in which language, from which page and when", () => {
    expect(composeMail(received, context)).toEqual({
      from: context.from,
      to: context.to,
      replyTo: { name: ADA.name, address: ADA.email },
      subject: "Leap AI contact form: Ada Lovelace, Analytical Engines Ltd (DE, /de/einblicke/rag-agenten)",
      text: [
        "Ada Lovelace (Analytical Engines Ltd) wrote through the contact form of https://www.leap-ai.example:",
        "",
        "Line one.\nLine two.",
        "",
        "--",
        "Name:     Ada Lovelace",
        "E-mail:   ada@example.org",
        "Company:  Analytical Engines Ltd",
        "Language: German (de)",
        "Page:     https://www.leap-ai.example/de/einblicke/rag-agenten",
        "Sent:     2 Jul 2026, 00:30 (Europe/Berlin), 2026-07-01T22:30:00.000Z",
        "",
        "Replying to this e-mail answers ada@example.org.",
        "",
      ].join("\n"),
      date: received.receivedAt,
      messageId: `<${"ab".repeat(16)}@www.leap-ai.example>`,
    });
  });

  it("a language code no name is known for is shown as its code", () => {
    expect(composeMail({ ...received, language: "qaa" }, context).text).toContain("Language: qaa (qaa)");
  });

  it("SHA-256 and HMAC-SHA-256 in hex, as their standard test vectors", async () => {
    expect(await sha256("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    // RFC 4231, test case 2.
    expect(await keyedHash("Jefe")("what do ya want for nothing?")).toBe(
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
    );
    expect(await sha256("")).toMatch(/^e3b0c442/);
    expect(await sha256("\u0000")).toBe("6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d");
  });
});

describe("the Node server's SQLite store", () => {
  it("makes its folder, and once closed answers nothing more", async () => {
    const work = mkdtempSync(join(tmpdir(), "issue35-receiver-"));
    try {
      const store = sqliteStore(join(work, "not", "yet", "keys.sqlite"), () => START);
      expect(await store.put("key:a", "delivered", START + 1)).toBe(true);
      expect(await store.get("key:a")).toBe("delivered");
      store.close();
      await expect(store.get("key:a")).rejects.toThrow();
      const again = sqliteStore(join(work, "not", "yet", "keys.sqlite"), () => START);
      expect(await again.get("key:a")).toBe("delivered");
      again.close();
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});

describe("the mail's frame in the reader's language (issue 41)", () => {
  it("German around a German or an English message; the visitor's language on its own line", () => {
    const context = {
      from: "Leap AI website <website@leap-ai.example>",
      to: "leads@leap-ai.example",
      companyName: "Leap AI",
      siteUrl: SITE,
      timeZone: "Europe/Berlin",
      frameLanguage: "de",
    };
    const mail = composeMail(
      {
        values: { name: ADA.name, email: ADA.email, company: ADA.company, message: "Hello." },
        language: "en",
        page: "unknown",
        receivedAt: new Date(Date.UTC(2026, 6, 1, 22, 30)),
        keyHash: "cd".repeat(16),
      },
      context,
    );
    expect(mail.subject).toBe("Leap AI Kontaktformular: Ada Lovelace, Analytical Engines Ltd (EN, unknown)");
    expect(mail.text.split("\n")).toEqual([
      "Ada Lovelace (Analytical Engines Ltd) schreibt über das Kontaktformular von https://www.leap-ai.example:",
      "",
      "Hello.",
      "",
      "--",
      "Name:     Ada Lovelace",
      "E-Mail:   ada@example.org",
      "Firma:    Analytical Engines Ltd",
      "Sprache:  Englisch (en)",
      "Seite:    unbekannt (das Formular nannte keine Seite dieser Website)",
      "Gesendet: 02.07.2026, 00:30 (Europe/Berlin), 2026-07-01T22:30:00.000Z",
      "",
      "Eine Antwort auf diese E-Mail geht an ada@example.org.",
      "",
    ]);
  });

  it("a page that is no path of the site becomes unknown: never a link elsewhere", async () => {
    for (const page of ["/\\leap-ai.de@evil.example/login", "/@evil.example", "/\\\\evil.example/x"]) {
      const t = setup();
      expect((await t.call(message({ page, idempotencyKey: `${KEY.slice(0, -2)}${page.length}` }))).status).toBe(200);
      expect(t.sent.at(-1)?.text).toContain("Page:     unknown (the form named no page of this site)");
      expect(t.sent.at(-1)?.subject).toMatch(/\(EN, unknown\)$/);
    }
    const t = setup();
    await t.call(message({ page: "/de/leistungen/?q=<x>#top" }));
    expect(t.sent[0]?.subject).toMatch(/\(EN, \/de\/leistungen\/\)$/);
  });
});

describe("the log (issue 41)", () => {
  it("one JSON object per line: what a client sends (an Origin, a language) is escaped, never a line of its own", async () => {
    const t = setup();
    const forged = await t.call(
      request({ ...ADA, idempotencyKey: KEY }, { Origin: 'https://evil.example" event="delivered' }),
    );
    expect(forged.status).toBe(403);
    const line = formatEvent(last(t.events) as ReceiverEvent, new Date(START));
    expect(JSON.parse(line)).toEqual({
      time: "2026-01-05T09:00:00.000Z",
      source: "contact",
      event: "refused",
      status: 403,
      reason: 'origin https://evil.example" event="delivered',
    });
    const odd = formatEvent({ event: "refused", status: 400, reason: "language x\ny\u2028z\u2029" }, new Date(START));
    expect(odd).not.toMatch(/[\n\r\u2028\u2029]/);
    expect(JSON.parse(odd).reason).toBe("language x\ny\u2028z\u2029");
  });
});

describe("which language frames the mail", () => {
  const env = { SMTP_URL: "smtp://127.0.0.1:25", CONTACT_TO: "a@leap-ai.example", CONTACT_FROM: "b@leap-ai.example" };
  it("the site's default language, else site.yaml's mail.language, else CONTACT_MAIL_LANGUAGE; one without a frame is one line", async () => {
    const { readConfig, ConfigError } = await import("../../../src/receiver/config.ts");
    expect(readConfig(env, RULES).mailLanguage).toBe("en");
    expect(readConfig(env, { ...RULES, mailLanguage: "de" }).mailLanguage).toBe("de");
    expect(readConfig({ ...env, CONTACT_MAIL_LANGUAGE: "en" }, { ...RULES, mailLanguage: "de" }).mailLanguage).toBe(
      "en",
    );
    expect(() => readConfig(env, { ...RULES, mailLanguage: "fr" })).toThrow(
      new ConfigError(`site.yaml's mail.language "fr" has no mail frame: one of en, de`),
    );
  });
});

describe("the zone of the time in the mail", () => {
  const env = { SMTP_URL: "smtp://127.0.0.1:25", CONTACT_TO: "a@leap-ai.example", CONTACT_FROM: "b@leap-ai.example" };
  it("site.yaml's timeZone, else UTC; CONTACT_TIME_ZONE overrides it; a name that is no zone is one line", async () => {
    const { readConfig, ConfigError } = await import("../../../src/receiver/config.ts");
    const { rulesFromContent } = await import("../../../src/receiver/content-rules.ts");
    const site = await rulesFromContent();
    expect(site.timeZone).toBe("Europe/Berlin");
    expect(readConfig(env, { ...RULES, timeZone: "America/New_York" }).timeZone).toBe("America/New_York");
    expect(readConfig(env, RULES).timeZone).toBe("UTC");
    expect(
      readConfig({ ...env, CONTACT_TIME_ZONE: "Asia/Tokyo" }, { ...RULES, timeZone: "Europe/Berlin" }).timeZone,
    ).toBe("Asia/Tokyo");
    expect(() => readConfig({ ...env, CONTACT_TIME_ZONE: "Mars/Olympus" }, RULES)).toThrow(
      new ConfigError(`CONTACT_TIME_ZONE "Mars/Olympus" is not a time zone such as Europe/Berlin`),
    );
  });
});
