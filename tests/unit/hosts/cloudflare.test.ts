import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, symlinkSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, expect, it } from "vitest";
import { EMULATORS, ensureEmulator } from "../../../scripts/host-emulators.ts";
import { freePort } from "../../../scripts/free-port.ts";
import { apiHeaders } from "../../../src/host/policy.ts";
import { HOST_TEST_TIMEOUT, hostSuite } from "./checks.ts";
import { contactMessage, expectApiHeaders, postContact } from "./contact.ts";
import { answering, type Started, startProcess } from "./processes.ts";

// Cloudflare Pages as `wrangler pages dev` runs it: Cloudflare's own asset server and Functions on workerd (from
// npm, offline), serving the build with its _headers, _redirects and _routes.json, and the repository's functions/
// (the receiver at /api/contact, with a local KV namespace).
const emulator = ensureEmulator(EMULATORS.cloudflare);

/** A stand-in for Brevo's mail API, which the receiver calls from Cloudflare (no SMTP there): it counts the mails. */
let mailApi: Server | undefined;
const mails: unknown[] = [];

async function startWrangler(dist: string, bin: string, bindings: Record<string, string>) {
  // A project folder of its own: wrangler keeps its bundles in .wrangler/ beside functions/, never in the checkout.
  const project = mkdtempSync(join(tmpdir(), "hosts-wrangler-"));
  symlinkSync(resolve("functions"), join(project, "functions"));
  mkdirSync(join(project, "state"));
  const port = await freePort();
  const inspector = await freePort();
  const server = startProcess(
    join(bin, "wrangler"),
    [
      "pages",
      "dev",
      dist,
      ...["--ip", "127.0.0.1", "--port", String(port), "--inspector-port", String(inspector)],
      ...["--persist-to", join(project, "state"), "--compatibility-date", "2026-04-01", "--kv", "CONTACT_KEYS"],
      ...Object.entries(bindings).flatMap(([name, value]) => ["--binding", `${name}=${value}`]),
      "--show-interactive-dev-session=false",
    ],
    {
      cwd: project,
      env: {
        ...process.env,
        // The project's Node 24 first; nothing fetched at run time: no Request.cf data, no metrics, and no banner,
        // whose update check asks the npm registry for wrangler's latest version.
        PATH: `${resolve("node_modules/.bin")}:${process.env.PATH}`,
        CLOUDFLARE_CF_FETCH_ENABLED: "false",
        WRANGLER_SEND_METRICS: "false",
        WRANGLER_HIDE_BANNER: "true",
        WRANGLER_LOG_PATH: join(project, "logs"),
        CI: "true",
      },
    },
  );
  return answering(server, port, project);
}

let wrangler: (Started & { url: string }) | undefined;

hostSuite(
  "wrangler pages dev",
  async (site) => {
    if (!("bin" in emulator)) throw new Error(emulator.missing);
    // The rules the function bundles (npm run receiver -- --prepare, as the documented build command runs it).
    execFileSync(process.execPath, ["--import", "tsx", "scripts/receiver.ts", "--prepare"], { stdio: "pipe" });
    mailApi = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on("end", () => {
        mails.push(JSON.parse(body));
        response.writeHead(201, { "Content-Type": "application/json" }).end('{"messageId":"<x@brevo>"}');
      });
    });
    await new Promise<void>((done) => mailApi?.listen(0, "127.0.0.1", done));
    wrangler = await startWrangler(site.dist, emulator.bin, {
      MAIL_API_KEY: "test-key",
      MAIL_API_URL: `http://127.0.0.1:${(mailApi.address() as AddressInfo).port}/v3/smtp/email`,
      CONTACT_TO: "leads@leap-ai.example",
      CONTACT_FROM: "website@leap-ai.example",
      SITE_URL: "http://127.0.0.1",
    });
    return wrangler;
  },
  "missing" in emulator ? emulator.missing : undefined,
  (url) => {
    it("accepts every line of _redirects, _headers and _routes.json, without a warning", () => {
      const output = wrangler?.output() ?? "";
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
      "the receiver's Function delivers a message once, and knows its retry through the KV namespace",
      async () => {
        const message = contactMessage();
        const first = await postContact(url(), message, "http://127.0.0.1", "test-key");
        expect(first.status, wrangler?.output()).toBe(200);
        expectApiHeaders(first.headers, apiHeaders());
        const again = await postContact(url(), message, "http://127.0.0.1", "test-key");
        expect(again.status).toBe(200);
        expect(JSON.parse(again.body)).toEqual({ status: "delivered", duplicate: true });
        expect(mails).toHaveLength(1);
      },
      HOST_TEST_TIMEOUT,
    );
  },
);

afterAll(() => new Promise((done) => (mailApi ? mailApi.close(done) : done(undefined))));
