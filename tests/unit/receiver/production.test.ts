/**
 * npm run receiver where only the dependencies are installed (npm ci --omit=dev on a server): a copy of the
 * receiver's code with a node_modules holding nothing but the packages package.json lists as dependencies
 * that it imports, run by Node's own type stripping. It must start on the rules --prepare wrote, keep and
 * deliver a message, stop on SIGTERM with exit 0, and --status must count the message afterwards.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { rulesFromContent } from "../../../src/receiver/content-rules.ts";
import { fillTokens } from "../../../src/receiver/fill-time.ts";
import { RULES_MODULE, rulesModule } from "../../../src/receiver/hosts/prepare.ts";
import { startSmtp } from "./smtp.ts";
import { ADA } from "../../support/message.ts";

const SITE = "https://www.leap-ai.example";
const copy = mkdtempSync(join(tmpdir(), "receiver-prod-"));
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let child: ChildProcess | undefined;

beforeAll(async () => {
  smtp = await startSmtp();
  for (const path of [
    "src/cli/receiver.ts",
    "src/cli/cli-options.ts",
    "src/receiver",
    "src/shared",
    "src/host",
    "package.json",
  ])
    cpSync(path, join(copy, path), { recursive: true });
  rmSync(join(copy, "src/receiver/hosts/rules.generated.js"), { force: true });
  writeFileSync(join(copy, RULES_MODULE), rulesModule(await rulesFromContent()));
  const { dependencies } = JSON.parse(readFileSync("package.json", "utf8")) as { dependencies: Record<string, string> };
  mkdirSync(join(copy, "node_modules"));
  // Only what the receiver imports, and each a declared dependency (not a devDependency).
  for (const name of ["nodemailer", "srvx", "altcha-lib", "ipaddr.js"]) {
    expect(Object.keys(dependencies)).toContain(name);
    symlinkSync(resolve("node_modules", name), join(copy, "node_modules", name));
  }
});
afterAll(async () => {
  child?.kill("SIGKILL");
  await smtp.close();
  rmSync(copy, { recursive: true, force: true });
});

const env = () => ({
  PATH: process.env.PATH ?? "",
  SMTP_URL: smtp.url,
  CONTACT_TO: "leads@leap-ai.example",
  CONTACT_FROM: "website@leap-ai.example",
  SITE_URL: SITE,
  CONTACT_STORE: join(copy, "outbox.sqlite"),
});

it("starts without tsx or the content loader, keeps and delivers a message, stops cleanly, and --status counts it", async () => {
  const started = spawn(process.execPath, ["src/cli/receiver.ts", "--port", "0"], {
    cwd: copy,
    env: env(),
    stdio: ["ignore", "pipe", "pipe"],
  });
  child = started;
  let output = "";
  const url = await new Promise<string>((resolveUrl, reject) => {
    const look = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /Contact receiver at (http:\/\/\S+)\/api\/contact/.exec(output);
      if (found?.[1]) resolveUrl(`${found[1]}/`);
    };
    started.stdout?.on("data", look);
    started.stderr?.on("data", look);
    started.once("exit", (code) => reject(new Error(`exited ${code}: ${output}`)));
  });
  expect(output).toContain(`! reading the form's rules from ${RULES_MODULE}`);
  expect(output).not.toMatch(/ExperimentalWarning|ERR_/);
  const answer = await fetch(`${url}api/contact`, {
    method: "POST",
    headers: { Origin: SITE, "Content-Type": "application/json" },
    body: JSON.stringify({
      ...ADA,
      idempotencyKey: "0f1e2d3c-4b5a-4697-8877-0000000000aa",
      // As the form would hold it, asked for a minute before (fill-time.test.ts tests the check).
      fillToken: (await fillTokens(smtp.url).issue(Date.now() - 60_000, 0)).token,
    }),
  });
  expect(answer.status).toBe(202);
  await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(1);
  const exit = new Promise<number | null>((done) => started.once("exit", (code) => done(code)));
  started.kill("SIGTERM");
  expect(await exit).toBe(0);
  child = undefined;
  const status = await promisify(execFile)(process.execPath, ["src/cli/receiver.ts", "--status"], {
    cwd: copy,
    env: env(),
  });
  expect(status.stdout).toMatch(/0 queued, 0 sending, 1 sent/);
  expect(status.stdout).toContain("oldest undelivered: none");
}, 60_000);
