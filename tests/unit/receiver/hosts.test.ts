import { execFileSync } from "node:child_process";
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
import type { KVNamespaceLike } from "../../../src/receiver/stores/cloudflare-kv.ts";
import { startSmtp } from "./smtp.ts";

// The serverless entry points as the hosts load them: `npm run receiver -- --prepare` writes the rules they
// bundle, then each file is imported and called the way Netlify and Cloudflare Pages call it.
const SITE = "https://www.leap-ai.example";
const work = mkdtempSync(join(tmpdir(), "receiver-hosts-"));
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let blobs: BlobsServer;
let keys = 0;

const message = (fields: Record<string, string> = {}) => ({
  name: "Grete Köhler",
  email: "grete@example.org",
  company: "Köhler & Söhne",
  message: "Wir brauchen einen Chatbot für unsere Kundschaft.",
  language: "de",
  page: "/de/",
  idempotencyKey: `6a1e2d3c-4b5a-4697-8877-${String(++keys).padStart(12, "0")}`,
  ...fields,
});
/** The fill token the form would hold, asked for a minute before, signed with the host's secret (its mail credential). */
const held = async (secret: string) => ({ fillToken: (await fillTokens(secret).issue(Date.now() - 60_000, 0)).token });
const request = (body: unknown, origin = SITE) =>
  new Request(`${SITE}/api/contact`, {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  // The functions log one line a request to the host's console; here that would only clutter npm test.
  vi.spyOn(console, "log").mockImplementation(() => {});
  execFileSync(process.execPath, ["--import", "tsx", "scripts/receiver.ts", "--prepare"], { stdio: "pipe" });
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
  delete process.env.NETLIFY_BLOBS_CONTEXT;
  await smtp.close();
  await blobs.stop();
  rmSync(work, { recursive: true, force: true });
});

describe("the Netlify Function (src/receiver/netlify/contact.ts)", () => {
  it("is served at /api/contact and sends by SMTP; a retry reaching a fresh instance is recognised through Netlify Blobs", async () => {
    Object.assign(process.env, {
      SMTP_URL: smtp.url,
      CONTACT_TO: "leads@leap-ai.example",
      CONTACT_FROM: "website@leap-ai.example",
      SITE_URL: SITE,
    });
    const entry = await import("../../../src/receiver/netlify/contact.ts");
    expect(entry.config).toEqual({ path: "/api/contact" });
    const body = message(await held(smtp.url));
    const first = await entry.default(request(body), { ip: "203.0.113.5" });
    expect(first.status).toBe(200);
    expect(smtp.received).toHaveLength(1);
    expect((smtp.received[0] as ParsedMail).subject).toBe(
      "Leap AI contact form: Grete Köhler, Köhler & Söhne (DE, /de/)",
    );
    // Another instance: a new module, nothing in memory, only the Blobs store in common.
    const { netlifyContact } = await import("../../../src/receiver/hosts/netlify.ts");
    const { default: rules } = await import("../../../src/receiver/hosts/rules.generated.js");
    const again = await netlifyContact(rules)(request(body), { ip: "203.0.113.5" });
    expect(await again.json()).toEqual({ status: "delivered", duplicate: true });
    expect(smtp.received).toHaveLength(1);
    expect((await entry.default(request(message(), "https://evil.example"), { ip: "203.0.113.5" })).status).toBe(403);
  });

  it("hands out a fill token, and drops a message sent with it at once quietly: 200, no mail", async () => {
    const entry = await import("../../../src/receiver/netlify/contact.ts");
    const ticket = await entry.default(new Request(`${SITE}/api/contact`), { ip: "203.0.113.6" });
    const { token } = (await ticket.json()) as { token: string };
    const before = smtp.received.length;
    const instant = await entry.default(request(message({ fillToken: token })), { ip: "203.0.113.6" });
    expect([instant.status, await instant.json()]).toEqual([200, { status: "delivered" }]);
    expect(smtp.received).toHaveLength(before);
  });

  it("without its settings: 503, and the log names what is missing", async () => {
    const { netlifyContact } = await import("../../../src/receiver/hosts/netlify.ts");
    const { default: rules } = await import("../../../src/receiver/hosts/rules.generated.js");
    const errors: string[] = [];
    const original = console.error;
    console.error = (line: string) => errors.push(line);
    try {
      const response = await netlifyContact(rules, { SITE_URL: SITE })(request(message()), { ip: "203.0.113.5" });
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
  });
  afterAll(() => api.close());

  // Cloudflare KV itself runs only in Cloudflare (or workerd, which this project does not install): a Map with
  // KV's three calls stands in, so what is tested here is the function's wiring, not KV.
  const kv = (): KVNamespaceLike & { ttls: number[] } => {
    const map = new Map<string, string>();
    const ttls: number[] = [];
    return {
      ttls,
      get: async (key) => map.get(key) ?? null,
      put: async (key, value, { expirationTtl }) => {
        ttls.push(expirationTtl);
        map.set(key, value);
      },
      delete: async (key) => {
        map.delete(key);
      },
    };
  };

  it("mails through the HTTP API, with Reply-To the visitor; a retry is answered from KV; an API error is 503", async () => {
    const { onRequest } = await import("../../../functions/api/contact.ts");
    const store = kv();
    const waiting: Promise<unknown>[] = [];
    const context = (body: unknown): PagesContext => ({
      request: (() => {
        const r = request(body);
        r.headers.set("CF-Connecting-IP", "198.51.100.23");
        return r;
      })(),
      env: {
        MAIL_API_KEY: "xkeysib-test",
        MAIL_API_URL: `http://127.0.0.1:${(api.address() as AddressInfo).port}/v3/smtp/email`,
        CONTACT_TO: "leads@leap-ai.example",
        CONTACT_FROM: "Leap AI website <website@leap-ai.example>",
        SITE_URL: SITE,
        CONTACT_KEYS: store,
      },
      waitUntil: (promise) => waiting.push(promise),
    });
    const body = message(await held("xkeysib-test"));
    const response = await onRequest(context(body));
    expect(response.status).toBe(200);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.key).toBe("xkeysib-test");
    expect(calls[0]?.body).toMatchObject({
      sender: { name: "Leap AI website", email: "website@leap-ai.example" },
      to: [{ email: "leads@leap-ai.example" }],
      replyTo: { email: "grete@example.org", name: "Grete Köhler" },
      subject: "Leap AI contact form: Grete Köhler, Köhler & Söhne (DE, /de/)",
    });
    expect(calls[0]?.body.textContent).toContain("Wir brauchen einen Chatbot für unsere Kundschaft.");
    expect(await (await onRequest(context(body))).json()).toEqual({ status: "delivered", duplicate: true });
    expect(calls).toHaveLength(1);
    // KV keeps nothing shorter than a minute; the receiver still reads each entry's own expiry.
    expect(Math.min(...store.ttls)).toBeGreaterThanOrEqual(60);

    apiStatus = 500;
    const failed = await onRequest(context(message(await held("xkeysib-test"))));
    expect(failed.status).toBe(503);
    apiStatus = 201;

    // The fill token, from the function itself: a message sent with it at once is dropped quietly.
    const ticket = await onRequest({ ...context(undefined), request: new Request(`${SITE}/api/contact`) });
    const { token } = (await ticket.json()) as { token: string };
    const instant = await onRequest(context(message({ fillToken: token })));
    expect([instant.status, await instant.json()]).toEqual([200, { status: "delivered" }]);
    expect(calls).toHaveLength(2);
  });

  it("bundles for Workers without nodemailer, SQLite or any node: module", async () => {
    const result = await build({
      entryPoints: ["functions/api/contact.ts"],
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
