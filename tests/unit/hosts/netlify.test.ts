import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, expect, it } from "vitest";
import { parse } from "yaml";
import { EMULATORS, ensureEmulator } from "../../support/host-emulators.ts";
import { freePort } from "../../support/free-port.ts";
import { apiHeaders } from "../../../src/host/policy.ts";
import { startSmtp } from "../receiver/smtp.ts";
import { HOST_TEST_TIMEOUT, hostSuite } from "./checks.ts";
import { contactMessage, expectApiHeaders, postContact } from "./contact.ts";
import { answering, type Started, startProcess } from "./processes.ts";

// Netlify as `netlify dev --offline` runs it (netlify-cli from npm, on the project's Node 24, deno from npm):
// Netlify's redirect engine and headers over the build, with the repository's netlify.toml (its 404 rules) and
// the receiver's function (src/receiver/netlify/) with a local Blobs store.
const emulator = ensureEmulator(EMULATORS.netlify);

let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
let netlify: (Started & { url: string }) | undefined;

async function startNetlify(dist: string, bin: string, env: Record<string, string>) {
  // A site folder of its own, with a copy of the repository's netlify.toml and its plugin: netlify dev keeps its
  // state (.netlify/, the Blobs store) beside the toml, never in the checkout. The functions stay where they are.
  const site = mkdtempSync(join(tmpdir(), "hosts-netlify-"));
  cpSync("netlify.toml", join(site, "netlify.toml"));
  cpSync("netlify", join(site, "netlify"), { recursive: true });
  // The function's bundle leaves npm packages (@netlify/blobs, nodemailer) outside, to be found from here.
  symlinkSync(resolve("node_modules"), join(site, "node_modules"));
  const port = await freePort();
  const functionsPort = await freePort();
  const server = startProcess(
    join(bin, "netlify"),
    [
      "dev",
      "--offline",
      ...["--dir", dist, "--port", String(port), "--functions-port", String(functionsPort)],
      ...["--functions", resolve(functionsDirectory())],
      "--skip-gitignore",
      "--no-open",
    ],
    {
      cwd: site,
      env: {
        ...process.env,
        ...env,
        // The project's Node 24 first, then the emulator's own commands (deno).
        PATH: `${resolve("node_modules/.bin")}:${bin}:${process.env.PATH}`,
        HOME: site,
        NETLIFY_TELEMETRY_DISABLED: "1",
        CI: "true",
      },
    },
  );
  return answering(server, port, site);
}

hostSuite(
  "netlify dev",
  async (site) => {
    if (!("bin" in emulator)) throw new Error(emulator.missing);
    // The rules the function bundles (npm run receiver -- --prepare, as netlify.toml's build command runs it).
    execFileSync(process.execPath, ["--import", "tsx", "src/cli/receiver.ts", "--prepare"], { stdio: "pipe" });
    smtp = await startSmtp();
    netlify = await startNetlify(site.dist, emulator.bin, {
      SMTP_URL: smtp.url,
      CONTACT_TO: "leads@leap-ai.example",
      CONTACT_FROM: "website@leap-ai.example",
      SITE_URL: "http://127.0.0.1",
    });
    return netlify;
  },
  "missing" in emulator ? emulator.missing : undefined,
  (url) => {
    it(
      "the receiver's function answers with the security headers: a post from another site is refused, 403",
      async () => {
        const answer = await postContact(url(), contactMessage(), "https://evil.example");
        expect(answer.status).toBe(403);
        expectApiHeaders(answer.headers, apiHeaders());
      },
      HOST_TEST_TIMEOUT,
    );

    it(
      "the receiver's function answers 202 once the message is in Blobs; the scheduled function, invoked as netlify dev lets one, delivers it once; its retry is known",
      async () => {
        const message = contactMessage();
        const first = await postContact(url(), message, "http://127.0.0.1", smtp?.url);
        expect(first.status, netlify?.output()).toBe(202);
        expect(JSON.parse(first.body)).toEqual({ status: "received" });
        // The contact function tries it at once (waitUntil); the scheduled function delivers whatever is left.
        const run = await fetch(`${url()}/.netlify/functions/deliver`, {
          method: "POST",
          body: JSON.stringify({ next_run: new Date(Date.now() + 60_000).toISOString() }),
          signal: AbortSignal.timeout(60_000),
        });
        expect(run.status, netlify?.output()).toBe(200);
        // The contact function's own try may still be on its way (the scheduled run then leaves it alone).
        for (const deadline = Date.now() + 30_000; (smtp?.received.length ?? 0) < 1 && Date.now() < deadline; )
          await new Promise((done) => setTimeout(done, 100));
        expect(smtp?.received).toHaveLength(1);
        const again = await postContact(url(), message, "http://127.0.0.1", smtp?.url);
        expect(again.status).toBe(202);
        expect(JSON.parse(again.body)).toEqual({ status: "received", duplicate: true });
        await fetch(`${url()}/.netlify/functions/deliver`, { method: "POST", body: "{}" });
        expect(smtp?.received).toHaveLength(1);
      },
      HOST_TEST_TIMEOUT,
    );
  },
);

afterAll(() => smtp?.close());

/** netlify.toml's functions directory (the receiver's function). */
function functionsDirectory(): string {
  const directory = /\[functions\]\s*\n\s*directory = "([^"]+)"/.exec(readFileSync("netlify.toml", "utf8"))?.[1];
  if (!directory) throw new Error("test setup: netlify.toml names no functions directory");
  return directory;
}

/** netlify.toml's redirect rules, as [[redirects]] blocks of from, to, status and force. */
function tomlRedirects(text: string) {
  return text
    .split("[[redirects]]")
    .slice(1)
    .map((block) => ({
      from: /from = "([^"]+)"/.exec(block)?.[1],
      to: /to = "([^"]+)"/.exec(block)?.[1],
      status: Number(/status = (\d+)/.exec(block)?.[1]),
      force: /force = true/.test(block),
    }));
}

it("netlify.toml has the 404 rules of every language of site.yaml, and of no other", () => {
  const { locales } = parse(readFileSync("content/site.yaml", "utf8")) as { locales: { prefix: string }[] };
  const expected = [
    { from: "/_*", to: "/404.html", status: 404, force: true },
    ...locales.flatMap(({ prefix }) => [
      { from: `${prefix}/404`, to: `${prefix}/404.html`, status: 404, force: true },
      { from: `${prefix}/404.html`, to: `${prefix}/404.html`, status: 404, force: true },
    ]),
    ...locales
      .filter(({ prefix }) => prefix !== "")
      .map(({ prefix }) => ({ from: `${prefix}/*`, to: `${prefix}/404.html`, status: 404, force: false })),
  ];
  expect(tomlRedirects(readFileSync("netlify.toml", "utf8"))).toEqual(expected);
});
