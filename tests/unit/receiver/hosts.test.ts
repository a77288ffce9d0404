import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BlobsServer } from "@netlify/blobs/server";
import { build } from "esbuild";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { fillTokens } from "../../../src/receiver/fill-time.ts";
import type { PagesContext } from "../../../src/receiver/hosts/cloudflare.ts";
import type { NetlifyContext } from "../../../src/receiver/hosts/netlify.ts";
import { DEFAULT_BOUNDS } from "../../../src/receiver/outbox/outbox.ts";
import type { KVOutboxNamespace } from "../../../src/receiver/outbox/cloudflare-kv.ts";
import { solveChallenge } from "../../../src/shared/form/proof-of-work.ts";
import { startSmtp } from "./smtp.ts";

// The serverless entry points as the hosts load them: `npm run receiver -- --prepare` writes the rules they
// bundle, then each file is imported and called the way Netlify and Cloudflare Pages call it.
const SITE = "https://www.leap-ai.example";
const work = mkdtempSync(join(tmpdir(), "receiver-hosts-"));
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let blobs: BlobsServer;
let keys = 0;

/**
 * The fill tokens the messages carry unless a test gives another, one per message (a token is good for one):
 * each describe's host signs its own.
 */
let tokens: string[] = [];
const message = (fields: Record<string, string> = {}) => ({
  ...(tokens.length > 0 ? { fillToken: tokens.shift() } : {}),
  name: "Grete Köhler",
  email: "grete@example.org",
  company: "Köhler & Söhne",
  message: "Wir brauchen einen Chatbot für unsere Kundschaft.",
  language: "de",
  page: "/de/",
  idempotencyKey: `6a1e2d3c-4b5a-4697-8877-${String(++keys).padStart(12, "0")}`,
  ...fields,
});
/**
 * The fill tokens the form would hold, asked for a minute before, signed with the host's secret (its mail
 * credential): enough for a describe's messages, each dated a different millisecond, so no two are alike.
 */
const heldMany = (secret: string) => {
  const base = Date.now() - 60_000;
  return Promise.all(Array.from({ length: 400 }, async (_, i) => (await fillTokens(secret).issue(base - i, 0)).token));
};
const request = (body: unknown, origin = SITE) =>
  new Request(`${SITE}/api/contact`, {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  // The functions log one line a request to the host's console; here that would only clutter npm test.
  vi.spyOn(console, "log").mockImplementation(() => {});
  execFileSync(process.execPath, ["--import", "tsx", "src/cli/receiver.ts", "--prepare"], { stdio: "pipe" });
  smtp = await startSmtp();
  blobs = new BlobsServer({ directory: join(work, "blobs"), token: "netlify-token", logger: () => {} });
  const { port } = await blobs.start();
  // What Netlify puts into a function's environment for @netlify/blobs.
  const local = `http://127.0.0.1:${port}`;
  process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(
    JSON.stringify({ siteID: "site", token: "netlify-token", edgeURL: local, uncachedEdgeURL: local }),
  ).toString("base64");
});
afterAll(async () => {
  // The next file in this worker logs again (vitest.config.ts: files share a worker).
  vi.restoreAllMocks();
  delete process.env.NETLIFY_BLOBS_CONTEXT;
  await smtp.close();
  await blobs.stop();
  rmSync(work, { recursive: true, force: true });
});

describe("the Netlify Function (src/receiver/netlify/contact.ts)", () => {
  beforeAll(async () => {
    // Netlify's environment variables, as the site's settings give them to its functions.
    Object.assign(process.env, {
      SMTP_URL: smtp.url,
      CONTACT_TO: "leads@leap-ai.example",
      CONTACT_FROM: "website@leap-ai.example",
      SITE_URL: SITE,
    });
    // Netlify's receiver signs with its mail credential, SMTP_URL (the server restarted below keeps its address).
    tokens = await heldMany(smtp.url);
  });
  // What the functions logged (console.log is silenced above), one JSON object a line.
  const logged = () =>
    vi
      .mocked(console.log)
      .mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>)
      .filter((line) => line.source === "contact");
  const keyHash = (key: string) => createHash("sha256").update(key).digest("hex");
  /** Calls a function as Netlify does, and waits for what it left to waitUntil. */
  const netlifyCall = async (
    fn: (request: Request, context: NetlifyContext) => Promise<Response>,
    incoming: Request,
    ip = "203.0.113.5",
  ) => {
    const waiting: Promise<unknown>[] = [];
    const response = await fn(incoming, { ip, waitUntil: (promise) => waiting.push(promise) });
    await Promise.all(waiting);
    return response;
  };
  /** The scheduled function, called as Netlify calls it: a POST with the next run's time. */
  const scheduledRun = async (fn: (request: Request) => Promise<Response>) => {
    const response = await fn(
      new Request("http://127.0.0.1/.netlify/functions/deliver", {
        method: "POST",
        body: JSON.stringify({ next_run: new Date(Date.now() + 60_000).toISOString() }),
      }),
    );
    expect(response.status).toBe(200);
    return (await response.json()) as { sent: number; retry: number; failed: number; left: number };
  };

  it("is served at /api/contact: 202 once the message is in Netlify Blobs, mailed at once by SMTP; a retry reaching a fresh instance is recognised", async () => {
    const entry = await import("../../../src/receiver/netlify/contact.ts");
    expect(entry.config).toEqual({ path: "/api/contact" });
    const body = message();
    const first = await netlifyCall(entry.default, request(body));
    expect(first.status).toBe(202);
    expect(await first.json()).toEqual({ status: "received" });
    expect(smtp.received).toHaveLength(1);
    expect((smtp.received[0] as ParsedMail).subject).toBe(
      "Leap AI contact form: Grete Köhler, Köhler & Söhne (DE, /de/)",
    );
    expect((smtp.received[0] as ParsedMail).messageId).toBe(
      `<${keyHash(body.idempotencyKey).slice(0, 32)}@www.leap-ai.example>`,
    );
    // Another instance: a new module, nothing in memory, only the Blobs store in common.
    const { netlifyContact } = await import("../../../src/receiver/hosts/netlify.ts");
    const { default: rules } = await import("../../../src/receiver/hosts/rules.generated.js");
    const again = await netlifyCall(netlifyContact(rules), request(body));
    expect(again.status).toBe(202);
    expect(await again.json()).toEqual({ status: "received", duplicate: true });
    expect(smtp.received).toHaveLength(1);
    expect((await netlifyCall(entry.default, request(message(), "https://evil.example"))).status).toBe(403);
  });

  it("with the mail server down: 202, and the scheduled function delivers it exactly once after the server is back; the same key with other text is 409", async () => {
    const entry = await import("../../../src/receiver/netlify/contact.ts");
    const scheduled = await import("../../../src/receiver/netlify/deliver.ts");
    expect(scheduled.config).toEqual({ schedule: "* * * * *" });
    const port = smtp.port;
    await smtp.close();
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const body = message();
      const answer = await netlifyCall(entry.default, request(body));
      expect(answer.status).toBe(202);
      expect(await answer.json()).toEqual({ status: "received" });
      // The function's own try at once failed; the message waits in Blobs.
      expect(logged().at(-1)).toMatchObject({ event: "retrying", key: keyHash(body.idempotencyKey).slice(0, 12) });
      vi.setSystemTime(Date.now() + 60_000);
      expect(await scheduledRun(scheduled.default)).toEqual({ sent: 0, retry: 1, failed: 0, left: 0 });

      smtp = await startSmtp(port);
      // Not due yet (the backoff after the 2nd failure is 15 s): the next minute's run leaves it.
      expect(await scheduledRun(scheduled.default)).toEqual({ sent: 0, retry: 0, failed: 0, left: 1 });
      vi.setSystemTime(Date.now() + 60_000);
      expect(await scheduledRun(scheduled.default)).toMatchObject({ sent: 1, left: 0 });
      expect(smtp.received.map((mail) => mail.messageId)).toEqual([
        `<${keyHash(body.idempotencyKey).slice(0, 32)}@www.leap-ai.example>`,
      ]);
      // Later runs, the visitor's retry, a fresh instance: no second mail.
      vi.setSystemTime(Date.now() + 60_000);
      expect(await scheduledRun(scheduled.default)).toEqual({ sent: 0, retry: 0, failed: 0, left: 0 });
      const retry = await netlifyCall(entry.default, request(body));
      expect(await retry.json()).toEqual({ status: "received", duplicate: true });
      const conflict = await netlifyCall(entry.default, request({ ...body, message: "Doch lieber eine Suche." }));
      expect(conflict.status).toBe(409);
      expect(await conflict.json()).toEqual({ error: "keyReused" });
      const { netlifyDeliver } = await import("../../../src/receiver/hosts/netlify.ts");
      const { default: rules } = await import("../../../src/receiver/hosts/rules.generated.js");
      expect(await scheduledRun(netlifyDeliver(rules))).toMatchObject({ sent: 0 });
      expect(smtp.received).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("undelivered after an hour: one log line with the key's hash and the age, then delivered once the server takes it", async () => {
    const entry = await import("../../../src/receiver/netlify/contact.ts");
    const scheduled = await import("../../../src/receiver/netlify/deliver.ts");
    smtp.state.tempFailures = 1_000;
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const body = message();
      expect((await netlifyCall(entry.default, request(body))).status).toBe(202);
      const hash = keyHash(body.idempotencyKey).slice(0, 12);
      const undelivered = () => logged().filter((line) => line.event === "undelivered" && line.key === hash);
      vi.setSystemTime(Date.now() + 30 * 60_000);
      await scheduledRun(scheduled.default);
      expect(undelivered()).toEqual([]);
      vi.setSystemTime(Date.now() + 31 * 60_000);
      await scheduledRun(scheduled.default);
      expect(undelivered()).toEqual([
        expect.objectContaining({
          attempts: 2,
          reason: expect.stringContaining("451"),
          ageSeconds: expect.any(Number),
        }),
      ]);
      expect(undelivered()[0]?.ageSeconds).toBeGreaterThanOrEqual(61 * 60);
      vi.setSystemTime(Date.now() + 10 * 60_000);
      smtp.state.tempFailures = 0;
      const before = smtp.received.length;
      expect(await scheduledRun(scheduled.default)).toMatchObject({ sent: 1 });
      expect(undelivered()).toHaveLength(1);
      expect(smtp.received.slice(before).map((mail) => mail.messageId)).toEqual([
        `<${keyHash(body.idempotencyKey).slice(0, 32)}@www.leap-ai.example>`,
      ]);
    } finally {
      smtp.state.tempFailures = 0;
      vi.useRealTimers();
    }
  });

  it("never two attempts at once: a run while another holds the message leaves it; a hold that ran out (a function that died) gives the one allowed duplicate, with the same Message-ID", async () => {
    const { netlifyContact, netlifyDeliver } = await import("../../../src/receiver/hosts/netlify.ts");
    const { default: rules } = await import("../../../src/receiver/hosts/rules.generated.js");
    const body = message();
    const id = `<${keyHash(body.idempotencyKey).slice(0, 32)}@www.leap-ai.example>`;
    // Stored without the at-once try (no waitUntil): the scheduled runs below are the only senders.
    expect((await netlifyContact(rules)(request(body), { ip: "192.0.2.9" })).status).toBe(202);
    const before = smtp.received.length;
    const attemptsBefore = smtp.state.attempts;
    smtp.state.mode = "hold";
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      // Two instances of the scheduled function: the first holds the message while the mail server holds it.
      const first = scheduledRun(netlifyDeliver(rules));
      await vi.waitFor(() => expect(smtp.heldCount()).toBe(1), { timeout: 60_000, interval: 20 });
      expect(await scheduledRun(netlifyDeliver(rules))).toEqual({ sent: 0, retry: 0, failed: 0, left: 1 });
      expect(smtp.state.attempts).toBe(attemptsBefore + 1);
      // A minute later the hold has run out, as when the function holding it died: the message is due again.
      smtp.state.mode = "accept";
      vi.setSystemTime(Date.now() + 61_000);
      expect(await scheduledRun(netlifyDeliver(rules))).toMatchObject({ sent: 1 });
      expect(logged().filter((line) => line.event === "recovered")).toEqual([
        expect.objectContaining({ key: keyHash(body.idempotencyKey).slice(0, 12), attempts: 1 }),
      ]);
      smtp.release();
      expect(await first).toMatchObject({ sent: 1 });
      expect(smtp.received.slice(before).map((mail) => mail.messageId)).toEqual([id, id]);
    } finally {
      smtp.state.mode = "accept";
      smtp.release();
      vi.useRealTimers();
    }
  });

  it("past the outbox's bound: 503 with Retry-After, and nothing was kept", async () => {
    const { netlifyContact, netlifyDeliver } = await import("../../../src/receiver/hosts/netlify.ts");
    const { default: rules } = await import("../../../src/receiver/hosts/rules.generated.js");
    const contact = netlifyContact(rules, { bounds: { ...DEFAULT_BOUNDS, pendingPerClient: 1 } });
    const ip = "198.51.100.77";
    // Stored without the at-once try (no waitUntil), so the first stays undelivered.
    const first = message();
    expect((await contact(request(first), { ip })).status).toBe(202);
    const second = message();
    const shed = await contact(request(second), { ip });
    expect(shed.status).toBe(503);
    expect(shed.headers.get("Retry-After")).toBe("60");
    expect(await shed.json()).toEqual({ error: "unavailable" });
    const before = smtp.received.length;
    expect(await scheduledRun(netlifyDeliver(rules))).toMatchObject({ sent: 1 });
    // Had the shed one been kept, this would be a duplicate; it is new, and mailed once.
    const later = await netlifyCall(contact, request(second), ip);
    expect(await later.json()).toEqual({ status: "received" });
    expect(smtp.received.slice(before).map((mail) => mail.messageId)).toEqual(
      [first, second].map((each) => `<${keyHash(each.idempotencyKey).slice(0, 32)}@www.leap-ai.example>`),
    );
  });

  it("with the proof of work on, a solution used by one instance is refused by another: one mail per solution", async () => {
    const { netlifyContact } = await import("../../../src/receiver/hosts/netlify.ts");
    const { default: generated } = await import("../../../src/receiver/hosts/rules.generated.js");
    const rules = { ...generated, proofOfWork: 500 };
    const [first, second] = [netlifyContact(rules), netlifyContact(rules)];
    const ticket = (await (await first(new Request(`${SITE}/api/contact`), { ip: "203.0.113.8" })).json()) as {
      token: string;
      challenge: unknown;
    };
    const proofOfWork = await solveChallenge(ticket.challenge);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 60_000);
      const before = smtp.received.length;
      const kept = await netlifyCall(
        first,
        request(message({ fillToken: ticket.token, proofOfWork: proofOfWork ?? "" })),
      );
      expect(kept.status).toBe(202);
      // Another instance, nothing in memory: the same solution with another message is answered as kept and dropped.
      const replay = message({ fillToken: ticket.token, proofOfWork: proofOfWork ?? "" });
      expect((await netlifyCall(second, request(replay), "203.0.113.9")).status).toBe(202);
      expect(
        logged()
          .filter((line) => line.event === "dropped")
          .at(-1),
      ).toMatchObject({ reason: "fill token spent" });
      expect(smtp.received.length - before).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("hands out a fill token, and drops a message sent with it at once quietly: answered as kept, no mail", async () => {
    const entry = await import("../../../src/receiver/netlify/contact.ts");
    const ticket = await entry.default(new Request(`${SITE}/api/contact`), { ip: "203.0.113.6" });
    const { token: fresh } = (await ticket.json()) as { token: string };
    const before = smtp.received.length;
    const instant = await entry.default(request(message({ fillToken: fresh })), { ip: "203.0.113.6" });
    expect([instant.status, await instant.json()]).toEqual([202, { status: "received" }]);
    expect(smtp.received).toHaveLength(before);
  });

  it("without its settings: 503, and the log names what is missing", async () => {
    const { netlifyContact } = await import("../../../src/receiver/hosts/netlify.ts");
    const { default: rules } = await import("../../../src/receiver/hosts/rules.generated.js");
    const errors: string[] = [];
    const original = console.error;
    console.error = (line: string) => errors.push(line);
    try {
      const response = await netlifyContact(rules, { env: { SITE_URL: SITE } })(request(message()), {
        ip: "203.0.113.5",
      });
      expect(response.status).toBe(503);
    } finally {
      console.error = original;
    }
    expect(errors).toEqual([
      "contact receiver not configured: SMTP_URL is not set; CONTACT_TO is not set; CONTACT_FROM is not set",
    ]);
  });
});

describe("the Cloudflare Pages Function (functions/api/contact.ts)", () => {
  let api: Server;
  const calls: { key: string | undefined; body: Record<string, unknown> }[] = [];
  let apiStatus = 201;
  beforeAll(async () => {
    // Stands in for Brevo's API, which this machine cannot reach: a real HTTP server on 127.0.0.1.
    api = createServer((incoming, response) => {
      let text = "";
      incoming.on("data", (chunk: Buffer) => {
        text += chunk;
      });
      incoming.on("end", () => {
        calls.push({ key: incoming.headers["api-key"] as string | undefined, body: JSON.parse(text) });
        response.writeHead(apiStatus, { "Content-Type": "application/json" }).end('{"messageId":"<x@brevo>"}');
      });
    });
    await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
    // Cloudflare's receiver signs with its mail credential, MAIL_API_KEY.
    tokens = await heldMany("xkeysib-test");
  });
  afterAll(() => api.close());

  // A Map with KV's four calls stands in for Cloudflare KV: what is tested here is the function's wiring, quickly
  // and with a fake clock; tests/unit/hosts/cloudflare.test.ts runs the same function on workerd with its own KV.
  const kv = (): KVOutboxNamespace & { ttls: number[] } => {
    const map = new Map<string, string>();
    const ttls: number[] = [];
    return {
      ttls,
      get: async (key) => map.get(key) ?? null,
      put: async (key, value, options) => {
        if (options?.expirationTtl !== undefined) ttls.push(options.expirationTtl);
        map.set(key, value);
      },
      delete: async (key) => {
        map.delete(key);
      },
      list: async ({ prefix }) => ({
        keys: [...map.keys()].filter((key) => key.startsWith(prefix)).map((name) => ({ name })),
        list_complete: true,
      }),
    };
  };

  it("mails through the HTTP API, with Reply-To the visitor, after its 202; with the API down, a later request delivers it", async () => {
    const { onRequest } = await import("../../../functions/api/contact.ts");
    const store = kv();
    const env = {
      MAIL_API_KEY: "xkeysib-test",
      MAIL_API_URL: `http://127.0.0.1:${(api.address() as AddressInfo).port}/v3/smtp/email`,
      CONTACT_TO: "leads@leap-ai.example",
      CONTACT_FROM: "Leap AI website <website@leap-ai.example>",
      SITE_URL: SITE,
      CONTACT_KEYS: store,
    };
    const call = async (body: unknown, origin = SITE) => {
      const waiting: Promise<unknown>[] = [];
      const r = request(body, origin);
      r.headers.set("CF-Connecting-IP", "198.51.100.23");
      const context: PagesContext = { request: r, env, waitUntil: (promise) => waiting.push(promise) };
      const response = await onRequest(context);
      await Promise.all(waiting);
      return response;
    };
    const body = message();
    const response = await call(body);
    expect(response.status).toBe(202);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.key).toBe("xkeysib-test");
    expect(calls[0]?.body).toMatchObject({
      sender: { name: "Leap AI website", email: "website@leap-ai.example" },
      to: [{ email: "leads@leap-ai.example" }],
      replyTo: { email: "grete@example.org", name: "Grete Köhler" },
      subject: "Leap AI contact form: Grete Köhler, Köhler & Söhne (DE, /de/)",
      headers: {
        "Message-ID": `<${createHash("sha256").update(body.idempotencyKey).digest("hex").slice(0, 32)}@www.leap-ai.example>`,
      },
    });
    expect(calls[0]?.body.textContent).toContain("Wir brauchen einen Chatbot für unsere Kundschaft.");
    expect(await (await call(body)).json()).toEqual({ status: "received", duplicate: true });
    expect(calls).toHaveLength(1);
    // KV keeps nothing shorter than a minute.
    expect(Math.min(...store.ttls)).toBeGreaterThanOrEqual(60);

    apiStatus = 500;
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const later = message();
      const kept = await call(later);
      expect(kept.status).toBe(202);
      expect(calls).toHaveLength(2);
      apiStatus = 201;
      // Not due yet: a request now leaves it; one after the backoff delivers it, once.
      await call(message(), "https://evil.example");
      expect(calls).toHaveLength(2);
      vi.setSystemTime(Date.now() + 10_000);
      expect((await call(message(), "https://evil.example")).status).toBe(403);
      await call(message(), "https://evil.example");
      expect(calls.map((each) => (each.body.headers as Record<string, string>)["Message-ID"])).toEqual(
        [body, later, later].map(
          (each) =>
            `<${createHash("sha256").update(each.idempotencyKey).digest("hex").slice(0, 32)}@www.leap-ai.example>`,
        ),
      );
    } finally {
      apiStatus = 201;
      vi.useRealTimers();
    }

    // The fill token, from the function itself: a message sent with it at once is dropped quietly.
    const ticket = await onRequest({ request: new Request(`${SITE}/api/contact`), env, waitUntil: () => {} });
    const { token: fresh } = (await ticket.json()) as { token: string };
    const before = calls.length;
    const instant = await call(message({ fillToken: fresh }));
    expect([instant.status, await instant.json()]).toEqual([202, { status: "received" }]);
    expect(calls).toHaveLength(before);
  });

  it("bundles for Workers without nodemailer, SQLite or any node: module (the Function and the Cron Worker)", async () => {
    const result = await build({
      entryPoints: ["functions/api/contact.ts", "src/receiver/cloudflare/outbox-cron.ts"],
      outdir: "bundles",
      bundle: true,
      write: false,
      platform: "neutral",
      format: "esm",
      mainFields: ["module", "main"],
      metafile: true,
      logLevel: "silent",
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.filter((input) => /nodemailer|sqlite|netlify/.test(input))).toEqual([]);
    expect(
      Object.values(result.metafile.inputs).flatMap((input) => input.imports.map((i) => i.path)),
    ).not.toContainEqual(expect.stringMatching(/^node:/));
  });
});
