import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { ParsedMail } from "mailparser";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rulesFromContent } from "../../../src/receiver/content-rules.ts";
import { fillTokens } from "../../../src/receiver/fill-time.ts";
import { CLIENT_LIMIT, type ReceiverEvent } from "../../../src/receiver/handler.ts";
import { formatEvent } from "../../../src/receiver/log.ts";
import { nodeReceiver } from "../../../src/receiver/node-receiver.ts";
import { startReceiverServer } from "../../../src/receiver/node-server.ts";
import { EN } from "../shared/form/fixtures.ts";
import { startSmtp } from "./smtp.ts";
import { ADA } from "../../support/message.ts";

// The Node receiver end to end: real HTTP on 127.0.0.1, a real SMTP server, real messages parsed back. A 2xx
// means the message is in the outbox; the sender in the same process then delivers it (faults.test.ts has the
// fault matrix: the mail server down, slow, refusing, and restarts).
const SITE = "https://www.leap-ai.example";
const START = Date.UTC(2026, 0, 5, 9, 0, 0);
const rules = await rulesFromContent();
const work = mkdtempSync(join(tmpdir(), "receiver-test-"));

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let clock = START;
let events: ReceiverEvent[] = [];
const allLogLines: string[] = [];
let receiver: ReturnType<typeof nodeReceiver>;
let server: Awaited<ReturnType<typeof startReceiverServer>>;
let keys = 0;

function env(extra: Record<string, string> = {}) {
  return {
    SMTP_URL: smtp.url,
    CONTACT_TO: "leads@leap-ai.example",
    CONTACT_FROM: "Leap AI website <website@leap-ai.example>",
    SITE_URL: SITE,
    CONTACT_STORE: "memory",
    ...extra,
  };
}

async function start(extra: Record<string, string> = {}) {
  receiver = nodeReceiver(env(extra), rules, {
    now: () => clock,
    log: (event) => {
      events.push(event);
      allLogLines.push(formatEvent(event, new Date(clock)));
    },
    // Long enough for a real SMTP exchange on a busy machine; the slow server holds its answer until released.
    sendTimeoutMs: 5_000,
  });
  server = await startReceiverServer(receiver.receive, { port: 0 });
}
async function stop() {
  await server.stop();
  await receiver.close(5_000);
}
/** Waits until the sender has handed `count` mails to the SMTP server (a condition, never a duration). */
const mailsArrive = (count: number) =>
  expect.poll(() => smtp.received.length, { interval: 20, timeout: 15_000 }).toBe(count);

const newKey = () => `0f1e2d3c-4b5a-4697-8877-${String(++keys).padStart(12, "0")}`;

/** The fill token the form would hold, asked for a minute before sending (fill-time.test.ts tests the check). */
const fillToken = async () => (await fillTokens(smtp.url).issue(clock - 60_000, 0)).token;

async function post(body: unknown, headers: Record<string, string> = {}, init: RequestInit = {}) {
  const raw = typeof body === "string" || body instanceof ReadableStream || body instanceof Blob;
  const withToken =
    raw || typeof body !== "object" || body === null || "fillToken" in body
      ? body
      : { ...body, fillToken: await fillToken() };
  return fetch(`${server.url}api/contact`, {
    method: "POST",
    headers: { Origin: SITE, "Content-Type": "application/json", ...headers },
    body: raw ? body : JSON.stringify(withToken),
    ...init,
  });
}
const send = (fields: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  post({ ...ADA, idempotencyKey: newKey(), ...fields }, headers);

const replyTo = (mail: ParsedMail) => (Array.isArray(mail.replyTo) ? mail.replyTo[0] : mail.replyTo)?.value[0];
const to = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0];

beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.close();
  rmSync(work, { recursive: true, force: true });
  // Nothing anyone typed ever reaches the log.
  const log = allLogLines.join("\n");
  for (const typed of [ADA.name, ADA.email, ADA.company, "support bot", "Müller", "Bäckerei", "Grüße"])
    expect(log).not.toContain(typed);
});
beforeEach(async () => {
  clock = START;
  events = [];
  smtp.received.length = 0;
  smtp.state.mode = "accept";
  smtp.forget();
  await start();
});
afterEach(stop);

describe("a valid message", () => {
  it("in English: 200 once the mail server has it; From, To, Reply-To, subject and body name language, page and time", async () => {
    const response = await send();
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ status: "received" });
    await mailsArrive(1);
    const mail = smtp.received[0] as ParsedMail;
    expect(mail.from?.value[0]).toEqual({ name: "Leap AI website", address: "website@leap-ai.example" });
    expect(to(mail)?.address).toBe("leads@leap-ai.example");
    expect(replyTo(mail)).toEqual({ name: "Ada Lovelace", address: "ada@example.org" });
    expect(mail.subject).toBe("Leap AI contact form: Ada Lovelace, Analytical Engines Ltd (EN, /)");
    expect(mail.date?.getTime()).toBe(START);
    expect(mail.text).toContain("Please call me back about our support bot.");
    expect(mail.text).toContain("Language: English (en)");
    expect(mail.text).toContain("Page:     https://www.leap-ai.example/");
    expect(mail.text).toContain("Sent:     5 Jan 2026, 10:00 (Europe/Berlin), 2026-01-05T09:00:00.000Z");
    expect(mail.messageId).toMatch(/^<[0-9a-f]{32}@www\.leap-ai\.example>$/);
    expect(mail.headers.get("content-type")).toMatchObject({ value: "text/plain", params: { charset: "utf-8" } });
    expect(smtp.state.logins).toBeGreaterThan(0);
    await expect.poll(() => events.map((event) => event.event)).toEqual(["received", "delivered"]);
  });

  it("in German with umlauts, in every field and header, from a German page", async () => {
    const response = await send({
      name: "Jürgen Müller-Lüdenscheidt",
      email: "juergen@bäckerei-größe.de".replace("bäckerei-größe", "baeckerei"),
      company: "Bäckerei Größe GmbH & Co. KG",
      message: "Grüße aus Köln!\nWir möchten unsere Bestellannahme automatisieren – geht das?",
      language: "de",
      page: "/de/",
    });
    expect(response.status).toBe(202);
    await mailsArrive(1);
    const mail = smtp.received[0] as ParsedMail;
    expect(replyTo(mail)).toEqual({ name: "Jürgen Müller-Lüdenscheidt", address: "juergen@baeckerei.de" });
    expect(mail.subject).toBe(
      "Leap AI contact form: Jürgen Müller-Lüdenscheidt, Bäckerei Größe GmbH & Co. KG (DE, /de/)",
    );
    expect(mail.text).toContain("Grüße aus Köln!\nWir möchten unsere Bestellannahme automatisieren – geht das?");
    expect(mail.text).toContain("Language: German (de)");
    expect(mail.text).toContain("Page:     https://www.leap-ai.example/de/");
  });

  it("what sanitising would drop is refused, not dropped unsaid; the lengths are checked on the trimmed text", async () => {
    const handler = await send({ message: "Please call me back onerror=about our support bot." });
    expect(handler.status).toBe(422);
    expect(await handler.json()).toEqual({ error: "forbidden", field: "message" });
    // Nine characters inside spaces: under the minimum of ten once trimmed, as the mail would carry it.
    const short = await send({ message: `   ${"x".repeat(9)}      ` });
    expect(short.status).toBe(422);
    expect(await short.json()).toEqual({ error: "fields", fields: { message: EN.message.tooShort } });
    expect((await send({ message: "  Hello there, call me back please.  " })).status).toBe(202);
    await mailsArrive(1);
    expect((smtp.received[0] as ParsedMail).text).toContain("\nHello there, call me back please.\n");
  });
});

describe("the form's rules, enforced again: 422 with the form's messages in the message's language", () => {
  const long = (n: number) => "a".repeat(n);
  it.each([
    ["name", "A", EN.name.tooShort],
    ["name", `A${long(100)}`, EN.name.tooLong],
    ["name", "R2-D2", EN.name.invalid],
    ["email", "", EN.email.invalid],
    ["email", "ada", EN.email.format],
    ["email", "ada..x@example.org", EN.email.invalid],
    ["email", `${long(250)}@example.org`, EN.email.tooLong],
    ["company", "A", EN.company.tooShort],
    ["company", long(201), EN.company.tooLong],
    ["message", "Too short", EN.message.tooShort],
    ["message", long(2001), EN.message.tooLong],
  ])("%s %j → %s", async (field, value, message) => {
    const response = await send({ [field]: value });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ error: "fields", fields: { [field]: message } });
    expect(smtp.received).toHaveLength(0);
  });

  it("German messages for a German message, several fields at once", async () => {
    const response = await send({ language: "de", name: "A", company: "B" });
    expect(response.status).toBe(422);
    const { fields } = (await response.json()) as { fields: Record<string, string> };
    expect(fields).toEqual({ name: rules.messages.de?.name.tooShort, company: rules.messages.de?.company.tooShort });
    expect(fields.name).toMatch(/^Der Name muss mindestens 2 Zeichen/);
  });

  it.each([
    ["message", "Here is <b>bold</b> text for you"],
    ["company", "JavaScript Consulting"],
    ["name", "Ada <Lovelace>"],
  ])("forbidden input in %s (%j) → 422 forbidden, nothing sent", async (field, value) => {
    const response = await send({ [field]: value });
    expect(response.status).toBe(422);
    // The rules check the sanitised text ("Ada"), so the forbidden-input check speaks for the name too.
    expect(await response.json()).toEqual({ error: "forbidden", field });
    expect(smtp.received).toHaveLength(0);
  });
});

describe("nothing can add a header", () => {
  it.each(["name", "email", "company", "language", "page", "idempotencyKey"])(
    "CR/LF in %s is refused (400), not stripped into a header",
    async (field) => {
      const value =
        field === "idempotencyKey"
          ? `${newKey()}\r\nBcc: victim@example.org`
          : `${(ADA as Record<string, string>)[field]}\r\nBcc: victim@example.org`;
      const response = await post({ ...ADA, idempotencyKey: newKey(), [field]: value });
      expect(response.status).toBe(400);
      for (const breaker of ["\n", "\r", "\u2028", "\u0085"]) {
        const again = await post({
          ...ADA,
          idempotencyKey: newKey(),
          [field]: `${(ADA as Record<string, string>)[field] ?? newKey()}${breaker}X-Injected: yes`,
        });
        expect(again.status, JSON.stringify(breaker)).toBe(400);
      }
      expect(smtp.received).toHaveLength(0);
    },
  );

  it("line breaks in the message stay in the body and add no header", async () => {
    const response = await send({ message: "First line\r\nBcc: victim@example.org\r\n\r\nX-Injected: yes\n." });
    expect(response.status).toBe(202);
    await mailsArrive(1);
    const mail = smtp.received[0] as ParsedMail;
    expect(mail.bcc).toBeUndefined();
    expect(mail.headers.has("x-injected")).toBe(false);
    expect(mail.text).toContain("Bcc: victim@example.org");
  });
});

describe("what the receiver refuses before reading the message", () => {
  it("the honeypot: 202 as if kept, and nothing sent", async () => {
    const response = await send({ _gotcha: "https://spam.example" });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ status: "received" });
    expect(smtp.received).toHaveLength(0);
    expect(events.map((event) => [event.event, event.reason])).toEqual([["dropped", "honeypot filled in"]]);
  });

  it("PUT and a CORS preflight: 405 with Allow: GET, POST, and no CORS header for anyone, nor on a GET", async () => {
    for (const method of ["PUT", "OPTIONS"]) {
      const response = await fetch(`${server.url}api/contact`, {
        method,
        headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "POST" },
      });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, POST");
      expect(response.headers.get("access-control-allow-origin")).toBeNull();
    }
    // A fill token for anyone who asks (fill-time.test.ts), but no other origin's page may read it.
    const token = await fetch(`${server.url}api/contact`, { headers: { Origin: "https://evil.example" } });
    expect(token.status).toBe(200);
    expect(token.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("another origin, or none: 403", async () => {
    expect((await send({}, { Origin: "https://evil.example" })).status).toBe(403);
    expect((await send({}, { Origin: "http://www.leap-ai.example" })).status).toBe(403);
    expect((await send({}, { Origin: "null" })).status).toBe(403);
    const none = await fetch(`${server.url}api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...ADA, idempotencyKey: newKey() }),
    });
    expect(none.status).toBe(403);
    expect(smtp.received).toHaveLength(0);
  });

  it("not JSON: 415 (a form post, plain text, no type); JSON with a charset is fine", async () => {
    const body = JSON.stringify({ ...ADA, idempotencyKey: newKey() });
    expect((await post(body, { "Content-Type": "application/x-www-form-urlencoded" })).status).toBe(415);
    expect((await post(body, { "Content-Type": "text/plain" })).status).toBe(415);
    expect((await post(new Blob([body]), { "Content-Type": "" })).status).toBe(415);
    expect((await post(body, { "Content-Type": "Application/JSON; charset=utf-8" })).status).toBe(202);
  });

  it("over 16 KB: 413, whether Content-Length says so or the body is streamed without one", async () => {
    const big = { ...ADA, idempotencyKey: newKey(), message: "x".repeat(17 * 1024) };
    expect((await post(big)).status).toBe(413);
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode("x".repeat(1024)));
        controller.close();
      },
    });
    const streamed = await post(stream, {}, { duplex: "half" } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(events.at(-1)?.reason).toBe("body over 16384 bytes");
  });

  it("malformed bodies: 400 (not JSON, not an object, a field missing or not text, unknown language, bad key)", async () => {
    const cases: unknown[] = [
      "{not json",
      "[1,2]",
      { ...ADA },
      { ...ADA, idempotencyKey: newKey(), name: 7 },
      { ...ADA, idempotencyKey: newKey(), language: "fr" },
      { ...ADA, idempotencyKey: "short" },
      { ...ADA, idempotencyKey: newKey(), page: "https://evil.example/" },
      { ...ADA, idempotencyKey: newKey(), page: "//evil.example/" },
    ];
    for (const body of cases) expect((await post(body)).status, JSON.stringify(body)).toBe(400);
    expect(smtp.received).toHaveLength(0);
  });

  it("another path: 404", async () => {
    expect((await fetch(`${server.url}api/contacts`, { method: "POST" })).status).toBe(404);
  });
});

describe("per-client limit, with a fake clock", () => {
  it(`${CLIENT_LIMIT.max} messages an hour per address, then 429 with Retry-After; other addresses unaffected; an hour later it is free`, async () => {
    const alice = { "X-Forwarded-For": "203.0.113.7" };
    for (let i = 0; i < CLIENT_LIMIT.max; i++) {
      expect((await send({}, alice)).status).toBe(202);
      clock += 60_000;
    }
    const limited = await send({}, alice);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: "tooMany" });
    // The window started with the first message, ten minutes ago.
    expect(limited.headers.get("retry-after")).toBe(String(3600 - 600));
    expect((await send({}, { "X-Forwarded-For": "198.51.100.1" })).status).toBe(202);
    await mailsArrive(CLIENT_LIMIT.max + 1);
    clock = START + CLIENT_LIMIT.windowMs;
    expect((await send({}, alice)).status).toBe(202);
  });

  it("a retry of a kept message is not counted and not limited", async () => {
    const key = newKey();
    for (let i = 0; i < CLIENT_LIMIT.max + 3; i++)
      expect((await post({ ...ADA, idempotencyKey: key }, { "X-Forwarded-For": "203.0.113.9" })).status).toBe(202);
    await mailsArrive(1);
    await receiver.sender.idle();
    expect(smtp.received).toHaveLength(1);
  });

  it("the address is kept only as a keyed hash; the text only until the mail server has it (SQLite, as on the Node server)", async () => {
    await stop();
    const file = join(work, "limit.sqlite");
    await start({ CONTACT_STORE: file });
    expect((await send({}, { "X-Forwarded-For": "203.0.113.7" })).status).toBe(202);
    await mailsArrive(1);
    const rows = () => {
      const db = new DatabaseSync(file, { readOnly: true });
      const all = db.prepare("SELECT key, client, mail, state FROM outbox").all() as {
        key: string;
        client: string;
        mail: string | null;
        state: string;
      }[];
      db.close();
      return all;
    };
    await expect.poll(() => rows()[0]?.state).toBe("sent");
    const [row] = rows();
    expect(row?.client).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.key).toMatch(/^[0-9a-f]{64}$/);
    // Delivered: the text is gone, only the hashes answer a retry.
    expect(row?.mail).toBeNull();
    expect(JSON.stringify(rows())).not.toContain("203.0.113.7");
    expect(JSON.stringify(rows())).not.toContain(ADA.name);
    // Past the hour of its limit, the row no longer says which client sent it.
    clock += CLIENT_LIMIT.windowMs;
    receiver.sender.poke();
    await expect.poll(() => rows()[0]?.client).toBe("");
    expect(rows()[0]?.state).toBe("sent");
  });
});

describe("nothing lost, nothing sent twice (the fault matrix: faults.test.ts)", () => {
  it("a retry with the same key and text answers 202 again without a second mail, for 24 hours", async () => {
    const message = { ...ADA, idempotencyKey: newKey() };
    expect((await post(message)).status).toBe(202);
    const again = await post(message);
    expect(again.status).toBe(202);
    expect(await again.json()).toEqual({ status: "received", duplicate: true });
    clock += 24 * 60 * 60 * 1000 - 1;
    expect((await post(message)).status).toBe(202);
    await mailsArrive(1);
    await receiver.sender.idle();
    expect(smtp.received).toHaveLength(1);
    expect(events.filter((event) => event.status).map((event) => event.event)).toEqual([
      "received",
      "duplicate",
      "duplicate",
    ]);
  });

  it("the same key with other text: 409 keyReused, nothing kept, nothing sent", async () => {
    const key = newKey();
    expect((await post({ ...ADA, idempotencyKey: key })).status).toBe(202);
    const other = await post({ ...ADA, idempotencyKey: key, message: "Something else entirely, please call." });
    expect(other.status).toBe(409);
    expect(await other.json()).toEqual({ error: "keyReused" });
    await mailsArrive(1);
    expect(smtp.received[0]?.text).toContain(ADA.message);
  });

  it("kept keys survive a restart of the Node server (SQLite)", async () => {
    await stop();
    const file = join(work, "restart.sqlite");
    await start({ CONTACT_STORE: file });
    const message = { ...ADA, idempotencyKey: newKey() };
    expect((await post(message)).status).toBe(202);
    await mailsArrive(1);
    await stop();
    await start({ CONTACT_STORE: file });
    const again = await post(message);
    expect(await again.json()).toEqual({ status: "received", duplicate: true });
    await receiver.sender.idle();
    expect(smtp.received).toHaveLength(1);
  });
});
