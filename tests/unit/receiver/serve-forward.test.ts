/**
 * npm run serve -- --receiver URL (and npm start, which ends in it): the static server forwards /api/contact to
 * the receiver as nginx would, so the whole path (form, receiver, outbox, mail) can be tried on one machine.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { rulesFromContent } from "../../../src/receiver/content-rules.ts";
import { fillTokens } from "../../../src/receiver/fill-time.ts";
import { nodeReceiver } from "../../../src/receiver/node-receiver.ts";
import { startReceiverServer } from "../../../src/receiver/node-server.ts";
import { startSmtp } from "./smtp.ts";
import { ADA } from "../../support/message.ts";

const SITE = "https://www.leap-ai.example";
const dist = mkdtempSync(join(tmpdir(), "serve-forward-"));
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let receiver: ReturnType<typeof nodeReceiver>;
let receiverServer: Awaited<ReturnType<typeof startReceiverServer>>;
let serve: ChildProcess | undefined;

beforeAll(async () => {
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>x</title>");
  smtp = await startSmtp();
  receiver = nodeReceiver(
    {
      SMTP_URL: smtp.url,
      CONTACT_TO: "leads@leap-ai.example",
      CONTACT_FROM: "website@leap-ai.example",
      SITE_URL: SITE,
      CONTACT_STORE: "memory",
    },
    await rulesFromContent(),
  );
  receiverServer = await startReceiverServer(receiver.receive, { port: 0 });
});
afterAll(async () => {
  serve?.kill("SIGTERM");
  await receiverServer.stop();
  await receiver.close();
  await smtp.close();
  rmSync(dist, { recursive: true, force: true });
});

it("forwards /api/contact to the receiver, and serves the files as before", async () => {
  const receiverUrl = (receiverServer.url ?? "").replace(/\/$/, "");
  serve = spawn(
    process.execPath,
    ["--import", "tsx", "src/cli/serve.ts", "--port", "0", "--dir", dist, "--receiver", receiverUrl],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    serve?.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const found = /at (http:\/\/\S+?)\/, \/api\/contact forwarded to/.exec(output);
      if (found?.[1]) resolve(found[1]);
    });
    serve?.once("exit", (code) => reject(new Error(`serve exited ${code}: ${output}`)));
  });
  expect(output).toContain(`/api/contact forwarded to ${receiverUrl}`);
  expect((await fetch(`${url}/`)).status).toBe(200);
  // The form's GET for its fill token goes through too.
  expect(await (await fetch(`${url}/api/contact`)).json()).toMatchObject({
    token: expect.any(String),
    minFillMs: 3000,
  });
  const answer = await fetch(`${url}/api/contact`, {
    method: "POST",
    headers: { Origin: SITE, "Content-Type": "application/json" },
    body: JSON.stringify({
      ...ADA,
      idempotencyKey: "0f1e2d3c-4b5a-4697-8877-0000000000bb",
      // As the form would hold it, asked for a minute before (fill-time.test.ts tests the check).
      fillToken: (await fillTokens(smtp.url).issue(Date.now() - 60_000, 0)).token,
    }),
  });
  expect(answer.status).toBe(202);
  await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(1);
}, 60_000);
