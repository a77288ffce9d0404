import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, expect, it } from "vitest";
import { EMULATORS, ensureEmulator } from "../../support/host-emulators.ts";
import { freePort } from "../../support/free-port.ts";
import { apiHeaders } from "../../../src/host/policy.ts";
import { HOST_TEST_TIMEOUT, hostSuite } from "./checks.ts";
import { contactMessage, expectApiHeaders, postContact } from "./contact.ts";
import { answering, type Started, startProcess } from "./processes.ts";

// Cloudflare Pages as `wrangler pages dev` runs it: Cloudflare's own asset server and Functions on workerd (from
// npm, offline), serving the build with its _headers, _redirects and _routes.json, and the repository's functions/
// (the receiver at /api/contact, with a local KV namespace).
const emulator = ensureEmulator(EMULATORS.cloudflare);

/**
 * A stand-in for Brevo's mail API, which the receiver calls from Cloudflare (no SMTP there): a real HTTP server on
 * 127.0.0.1 (MAIL_API_URL points the receiver at it) that records every mail it accepts, and answers 503 while
 * `apiDown`, as an API in trouble does.
 */
let mailApi: Server | undefined;
const mails: { headers: { "Message-ID": string } }[] = [];
let apiDown = false;
let mailApiUrl = "";
let refused = 0;

/** The Message-IDs of the mails the API accepted, each with how often. */
const perMessageId = () =>
  mails.reduce<Record<string, number>>((counts, mail) => {
    const id = mail.headers["Message-ID"];
    counts[id] = (counts[id] ?? 0) + 1;
    return counts;
  }, {});

/** Asks again and again (each time after `step`) until `done` holds, within a generous ceiling. */
async function until(done: () => boolean, step: () => Promise<unknown>, what: string, ceilingMs = 120_000) {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > ceilingMs) throw new Error(`not within ${ceilingMs / 1000} s: ${what}`);
    await step();
  }
}

/** wrangler, run from `folder` (its bundles and logs stay there), offline and quiet. */
function runWrangler(bin: string, folder: string, args: string[]) {
  return startProcess(join(bin, "wrangler"), [...args, "--show-interactive-dev-session=false"], {
    cwd: folder,
    env: {
      ...process.env,
      // The project's Node 24 first; nothing fetched at run time: no Request.cf data, no metrics, and no banner,
      // whose update check asks the npm registry for wrangler's latest version.
      PATH: `${resolve("node_modules/.bin")}:${process.env.PATH}`,
      CLOUDFLARE_CF_FETCH_ENABLED: "false",
      WRANGLER_SEND_METRICS: "false",
      WRANGLER_HIDE_BANNER: "true",
      WRANGLER_LOG_PATH: join(folder, "logs"),
      CI: "true",
    },
  });
}

/** Where `wrangler pages dev` keeps its local KV namespace: the Cron Worker below shares it. */
let pagesState = "";
const bindings = (mailApiUrl: string) => ({
  MAIL_API_KEY: "test-key",
  MAIL_API_URL: mailApiUrl,
  CONTACT_TO: "leads@leap-ai.example",
  CONTACT_FROM: "website@leap-ai.example",
  SITE_URL: "http://127.0.0.1",
});

async function startWrangler(dist: string, bin: string, settings: Record<string, string>) {
  // A project folder of its own: wrangler keeps its bundles in .wrangler/ beside functions/, never in the checkout.
  const project = mkdtempSync(join(tmpdir(), "hosts-wrangler-"));
  symlinkSync(resolve("functions"), join(project, "functions"));
  pagesState = join(project, "state");
  mkdirSync(pagesState);
  const port = await freePort();
  const inspector = await freePort();
  const server = runWrangler(bin, project, [
    "pages",
    "dev",
    dist,
    ...["--ip", "127.0.0.1", "--port", String(port), "--inspector-port", String(inspector)],
    ...["--persist-to", pagesState, "--compatibility-date", "2026-04-01", "--kv", "CONTACT_KEYS"],
    ...Object.entries(settings).flatMap(([name, value]) => ["--binding", `${name}=${value}`]),
  ]);
  return answering(server, port, project);
}

/**
 * The optional Cron-triggered Worker (src/receiver/cloudflare/), by its own wrangler.toml (only `main` made
 * absolute, as the copy lives elsewhere), on the Pages project's local KV namespace; `--test-scheduled` lets the
 * test fire its cron at /__scheduled.
 */
async function startCronWorker(bin: string, settings: Record<string, string>) {
  const folder = mkdtempSync(join(tmpdir(), "hosts-cron-"));
  const toml = readFileSync("src/receiver/cloudflare/wrangler.toml", "utf8").replace(
    /^main = .*$/m,
    `main = ${JSON.stringify(resolve("src/receiver/cloudflare/outbox-cron.ts"))}`,
  );
  writeFileSync(join(folder, "wrangler.toml"), toml);
  const port = await freePort();
  const inspector = await freePort();
  const server = runWrangler(bin, folder, [
    "dev",
    ...["-c", join(folder, "wrangler.toml"), "--local", "--test-scheduled", "--persist-to", pagesState],
    ...["--ip", "127.0.0.1", "--port", String(port), "--inspector-port", String(inspector)],
    ...Object.entries(settings).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
  ]);
  return answering(server, port, folder);
}

let wrangler: (Started & { url: string }) | undefined;

hostSuite(
  "wrangler pages dev",
  async (site) => {
    if (!("bin" in emulator)) throw new Error(emulator.missing);
    // The rules the function bundles (npm run receiver -- --prepare, as the documented build command runs it).
    execFileSync(process.execPath, ["--import", "tsx", "src/cli/receiver.ts", "--prepare"], { stdio: "pipe" });
    mailApi = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on("end", () => {
        if (apiDown) {
          refused += 1;
          response.writeHead(503, { "Content-Type": "application/json" }).end('{"code":"unavailable"}');
          return;
        }
        mails.push(JSON.parse(body));
        response.writeHead(201, { "Content-Type": "application/json" }).end('{"messageId":"<x@brevo>"}');
      });
    });
    await new Promise<void>((done) => mailApi?.listen(0, "127.0.0.1", done));
    mailApiUrl = `http://127.0.0.1:${(mailApi.address() as AddressInfo).port}/v3/smtp/email`;
    wrangler = await startWrangler(site.dist, emulator.bin, bindings(mailApiUrl));
    return wrangler;
  },
  "missing" in emulator ? emulator.missing : undefined,
  (url) => {
    it("accepts every line of _redirects, _headers and _routes.json, without a warning", () => {
      // What it said while it started: the table's hostile spellings (//_headers) make it log errors later.
      const all = wrangler?.output() ?? "";
      const ready = all.search(/Ready on /);
      const output = ready === -1 ? all : all.slice(0, ready);
      expect(output).toMatch(/Parsed \d+ valid redirect rules/);
      expect(output).toMatch(/Parsed \d+ valid header rules/);
      expect(output).not.toMatch(/invalid|WARNING|error/i);
    });

    it(
      "the receiver's Function answers with the security headers: a post from another site is refused, 403",
      async () => {
        const answer = await postContact(url(), contactMessage(), "https://evil.example");
        expect(answer.status).toBe(403);
        expectApiHeaders(answer.headers, apiHeaders());
      },
      HOST_TEST_TIMEOUT,
    );

    it(
      "the receiver's Function answers 202 once the message is in KV, mails it after the answer, knows its retry, and answers 409 to its key with other text",
      async () => {
        const message = contactMessage();
        const first = await postContact(url(), message, "http://127.0.0.1", "test-key");
        expect(first.status, wrangler?.output()).toBe(202);
        expect(JSON.parse(first.body)).toEqual({ status: "received" });
        expectApiHeaders(first.headers, apiHeaders());
        // The mail goes out in the request's waitUntil, after the answer.
        await until(
          () => mails.length === 1,
          () => new Promise((done) => setTimeout(done, 100)),
          "the mail",
        );
        const again = await postContact(url(), message, "http://127.0.0.1", "test-key");
        expect(again.status).toBe(202);
        expect(JSON.parse(again.body)).toEqual({ status: "received", duplicate: true });
        const other = await postContact(
          url(),
          { ...message, message: "Doch lieber eine Suche." },
          "http://127.0.0.1",
          "test-key",
        );
        expect(other.status).toBe(409);
        expect(JSON.parse(other.body)).toEqual({ error: "keyReused" });
        expect(Object.values(perMessageId())).toEqual([1]);
      },
      HOST_TEST_TIMEOUT,
    );

    it(
      "with the mail API down: 202, and a later request delivers it once the API is back; one mail per Message-ID",
      async () => {
        apiDown = true;
        const message = contactMessage();
        const kept = await postContact(url(), message, "http://127.0.0.1", "test-key");
        expect(kept.status, wrangler?.output()).toBe(202);
        // The storing request's own try reaches the API and is refused; nothing is mailed.
        await until(
          () => refused >= 1,
          () => new Promise((done) => setTimeout(done, 100)),
          "the first attempt",
        );
        const before = mails.length;
        apiDown = false;
        // Later requests (any, even one refused 403) drain the outbox once the backoff (5 s) has passed.
        await until(
          () => mails.length > before,
          async () => {
            await postContact(url(), contactMessage(), "https://evil.example");
            await new Promise((done) => setTimeout(done, 250));
          },
          "delivery by a later request",
        );
        const retry = await postContact(url(), message, "http://127.0.0.1", "test-key");
        expect(JSON.parse(retry.body)).toEqual({ status: "received", duplicate: true });
        for (let i = 0; i < 3; i++) await postContact(url(), contactMessage(), "https://evil.example");
        expect(Object.values(perMessageId())).toEqual([1, 1]);
        expect(wrangler?.output()).toMatch(/"event":"delivered","key":"[0-9a-f]{12}","attempts":2/);
      },
      HOST_TEST_TIMEOUT,
    );

    it(
      "the optional Cron Worker beside the site delivers what waits in the outbox, with no request to the site",
      async () => {
        if (!("bin" in emulator)) throw new Error(emulator.missing);
        apiDown = true;
        const refusedBefore = refused;
        const kept = await postContact(url(), contactMessage(), "http://127.0.0.1", "test-key");
        expect(kept.status, wrangler?.output()).toBe(202);
        await until(
          () => refused > refusedBefore,
          () => new Promise((done) => setTimeout(done, 100)),
          "the first try",
        );
        apiDown = false;
        const before = Object.keys(perMessageId()).length;
        const cron = await startCronWorker(emulator.bin, bindings(mailApiUrl));
        try {
          // Its cron fired again and again (each a minute in production) until the backoff has passed.
          await until(
            () => Object.keys(perMessageId()).length > before,
            async () => {
              await fetch(`${cron.url}/__scheduled?cron=*+*+*+*+*`, { signal: AbortSignal.timeout(60_000) });
              await new Promise((done) => setTimeout(done, 250));
            },
            "delivery by the Cron Worker",
          );
          await fetch(`${cron.url}/__scheduled?cron=*+*+*+*+*`, { signal: AbortSignal.timeout(60_000) });
          expect(
            Object.values(perMessageId()).every((count) => count === 1),
            JSON.stringify(perMessageId()),
          ).toBe(true);
        } finally {
          await cron.stop();
        }
      },
      HOST_TEST_TIMEOUT,
    );
  },
);

afterAll(() => new Promise((done) => (mailApi ? mailApi.close(done) : done(undefined))));
