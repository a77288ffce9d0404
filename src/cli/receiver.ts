// npm run receiver: the contact receiver as a Node server (docs/receiver.md). --check tries the mail server's
// connection and login without sending; --status prints the outbox's counts and oldest age (no message text);
// --prepare writes the form's rules for the serverless hosts and for a server installed without devDependencies.
// It runs on Node's own type stripping (no tsx): every file it imports is plain TypeScript with .ts imports.
import { existsSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { ConfigError, readConfig, sendTimeoutOf } from "../receiver/config.ts";
import type { ReceiverEvent } from "../receiver/handler.ts";
import { RULES_MODULE, rulesModule } from "../receiver/hosts/prepare.ts";
import { formatEvent } from "../receiver/log.ts";
import { nodeReceiver } from "../receiver/node-receiver.ts";
import { CONTACT_PATH, startReceiverServer } from "../receiver/node-server.ts";
import { REPORT_AFTER_MS } from "../receiver/outbox/sender.ts";
import { formatStatus, readStatus } from "../receiver/outbox/status.ts";
import type { ReceiverRules } from "../receiver/rules.ts";
import { smtpTransport } from "../receiver/transports/smtp.ts";
import { MailError } from "../receiver/transports/transport.ts";
import { readOptions } from "./cli-options.ts";

/** The sends in flight get this long to finish on SIGTERM; systemd's TimeoutStopSec (docs) is above it. */
const STOP_BOUND_MS = 10_000;

const values = readOptions("npm run receiver", "receives the contact form and mails each message once", {
  port: { type: "string", default: process.env.PORT ?? "8787", about: "the port (PORT too)" },
  host: { type: "string", default: "127.0.0.1", about: "the address to listen on" },
  content: { type: "string", default: "content", about: "the content folder whose form rules apply" },
  env: { type: "string", about: "a file of settings (SMTP_URL, CONTACT_TO, …), as systemd's EnvironmentFile" },
  check: { type: "boolean", default: false, about: "try the mail server's connection and login, sending nothing" },
  status: { type: "boolean", default: false, about: "print the outbox's counts and oldest age (no message text)" },
  prepare: { type: "boolean", default: false, about: "write the form's rules for the serverless hosts" },
});

function fail(lines: string): never {
  for (const line of lines.split("\n")) console.error(`✗ ${line}`);
  process.exit(1);
}
const log = (event: ReceiverEvent) => console.log(formatEvent(event, new Date()));

/**
 * The form's rules from content/ through the site's loader; where the devDependencies it needs are not
 * installed (a production server), from the module --prepare wrote.
 */
async function loadRules(): Promise<ReceiverRules> {
  // The receiver runs on Node's own type stripping; the site's content loader needs more (tsx) and its packages,
  // all devDependencies. Where they are missing (a production server), the module --prepare wrote stands in.
  // The specifiers are variables, so nothing in this file depends on them being installed.
  const tsxApi = "tsx/esm/api";
  let loader: typeof import("../receiver/content-rules.ts");
  try {
    const { tsImport } = (await import(tsxApi)) as {
      tsImport: (specifier: string, parent: string) => Promise<unknown>;
    };
    loader = (await tsImport("../receiver/content-rules.ts", import.meta.url)) as typeof loader;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ERR_MODULE_NOT_FOUND") throw error;
    if (!existsSync(RULES_MODULE))
      fail(
        `content/ cannot be read without the devDependencies, and there is no ${RULES_MODULE}: run npm run receiver -- --prepare where they are installed (the build machine) and copy it along`,
      );
    console.error(`! reading the form's rules from ${RULES_MODULE} (content/ needs the devDependencies)`);
    return (await import(pathToFileURL(resolve(RULES_MODULE)).href)).default as ReceiverRules;
  }
  try {
    return await loader.rulesFromContent(values.content);
  } catch (error) {
    if ((error as Error).name === "ContentErrors")
      fail(`content/ has problems (npm run check lists them):\n${(error as Error).message}`);
    throw error;
  }
}

try {
  if (values.env) process.loadEnvFile(values.env);
  if (values.status) {
    // No rules, no mail server: only the outbox file (CONTACT_STORE), read beside a running receiver.
    const status = readStatus(process.env.CONTACT_STORE?.trim() || ".receiver/outbox.sqlite", REPORT_AFTER_MS);
    console.log(formatStatus(status));
    process.exit(status.alarm ? 2 : 0);
  }
  const rules = await loadRules();
  if (values.prepare) {
    writeFileSync(RULES_MODULE, rulesModule(rules));
    console.log(`✓ wrote ${RULES_MODULE} (the form's rules for the Netlify and Cloudflare functions)`);
    process.exit(0);
  }
  if (values.check) {
    const config = readConfig(process.env, rules, "smtp");
    const transport = smtpTransport(config.smtpUrl ?? "", sendTimeoutOf(rules));
    await transport.verify();
    const { hostname, port, protocol, username } = new URL(config.smtpUrl ?? "");
    const where = `${hostname}:${port || (protocol === "smtps:" ? "465" : "587")}`;
    const login = username ? "logged in" : "no login (SMTP_URL names no user)";
    console.log(`✓ SMTP: connected to ${where} and ${login}; nothing was sent`);
    process.exit(0);
  }
  const receiver = nodeReceiver(process.env, rules, { log });
  const server = await startReceiverServer(receiver.receive, { port: Number(values.port), hostname: values.host });
  console.log(
    `Contact receiver at ${server.url?.replace(/\/$/, "")}${CONTACT_PATH}, for ${receiver.config.siteOrigin}, mail to ${receiver.config.to}, outbox ${receiver.config.store} (Ctrl+C to stop)`,
  );
  if (rules.delivery !== undefined && rules.delivery !== CONTACT_PATH)
    console.error(
      `! content/site.yaml has form.delivery: ${rules.delivery}, so the built form does not send here: set form.delivery: ${CONTACT_PATH} and rebuild`,
    );
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log({ event: "stopping", reason: signal });
    // Whatever happens below, the process is gone within the bound systemd is told about.
    setTimeout(() => {
      log({ event: "stopped", reason: "forced: the stop took too long" });
      process.exit(1);
    }, STOP_BOUND_MS + 5_000).unref();
    await server.stop();
    const returned = await receiver.close(STOP_BOUND_MS);
    log({ event: "stopped", reason: `${returned} send(s) returned to the outbox, sent after the restart` });
    process.exit(0);
  };
  process.once("SIGINT", () => void stop("SIGINT"));
  process.once("SIGTERM", () => void stop("SIGTERM"));
} catch (error) {
  if (error instanceof ConfigError || error instanceof MailError) fail(error.message);
  if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") fail(`port ${values.port} is taken: use --port N`);
  if ((error as NodeJS.ErrnoException).code === "ENOENT" && values.env) fail(`no file ${values.env} (--env)`);
  throw error;
}
