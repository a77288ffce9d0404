// npm run receiver: the contact receiver as a Node server (docs/receiver.md). --check logs in to the mail server
// and has it accept the inbox as a recipient, without sending; --status prints the outbox's counts, oldest age
// and problems (no message text); --retry-failed queues the messages the mail server refused again;
// --prepare writes the form's rules for the serverless hosts and for a server installed without devDependencies.
// It runs on Node's own type stripping (no tsx): every file it imports is plain TypeScript with .ts imports.
import { existsSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { addressOf, ConfigError, readConfig, sendTimeoutOf, storeOf } from "../receiver/config.ts";
import type { ReceiverEvent } from "../receiver/handler.ts";
import { RULES_MODULE, rulesModule } from "../receiver/hosts/prepare.ts";
import { formatEvent } from "../receiver/log.ts";
import { nodeReceiver } from "../receiver/node-receiver.ts";
import { CONTACT_PATH, startReceiverServer } from "../receiver/node-server.ts";
import { OutboxLocked } from "../receiver/outbox/outbox-lock.ts";
import { REPORT_AFTER_MS } from "../receiver/outbox/sender.ts";
import { sqliteOutbox } from "../receiver/outbox/sqlite-outbox.ts";
import { formatStatus, readStatus } from "../receiver/outbox/status.ts";
import { StorageError } from "../receiver/outbox/storage-error.ts";
import type { ReceiverRules } from "../receiver/rules.ts";
import { smtpTransport } from "../receiver/transports/smtp.ts";
import { MailError } from "../receiver/transports/transport.ts";
import { readOptions } from "./cli-options.ts";

/**
 * The sends in flight get this long to finish on SIGTERM (a server that answers within it gives no duplicate);
 * the process is gone by STOP_BOUND_MS + 5 s, and systemd's TimeoutStopSec=40 (docs/receiver.md) is above both.
 */
const STOP_BOUND_MS = 30_000;

const values = readOptions("npm run receiver", "receives the contact form and mails each message once", {
  port: { type: "string", default: process.env.PORT ?? "8787", about: "the port (PORT too)" },
  host: { type: "string", default: "127.0.0.1", about: "the address to listen on" },
  content: { type: "string", default: "content", about: "the content folder whose form rules apply" },
  env: { type: "string", about: "a file of settings (SMTP_URL, CONTACT_TO, …), as systemd's EnvironmentFile" },
  check: {
    type: "boolean",
    default: false,
    about:
      "log in to the mail server and have it accept the inbox as recipient (MAIL FROM, RCPT TO, RSET), sending nothing",
  },
  status: {
    type: "boolean",
    default: false,
    about: "print the outbox's counts, oldest age and problems (exit 2 on any)",
  },
  "retry-failed": { type: "boolean", default: false, about: "queue the messages the mail server refused again" },
  prepare: { type: "boolean", default: false, about: "write the form's rules for the serverless hosts" },
});

function fail(lines: string): never {
  for (const line of lines.split("\n")) console.error(`✗ ${line}`);
  process.exit(1);
}
/**
 * One line an event, written together once a turn of the event loop: under load that is one write for many
 * lines, not one write (a system call on a pipe) for each. Whatever is left is written on exit.
 */
let lines: string[] = [];
const flushLog = () => {
  if (lines.length === 0) return;
  const text = `${lines.join("\n")}\n`;
  lines = [];
  process.stdout.write(text);
};
process.on("exit", flushLog);
const log = (event: ReceiverEvent) => {
  if (lines.push(formatEvent(event, new Date())) === 1) setImmediate(flushLog);
};

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
    const status = readStatus(storeOf(process.env), REPORT_AFTER_MS);
    console.log(formatStatus(status));
    process.exit(status.alarm ? 2 : 0);
  }
  if (values["retry-failed"]) {
    // Beside a running receiver too: its sender finds them due at its next look (within 30 s).
    const path = storeOf(process.env);
    if (!existsSync(path)) fail(`no outbox at ${path} (CONTACT_STORE)`);
    const outbox = sqliteOutbox(path, Date.now);
    const queued = outbox.retryFailed();
    outbox.close();
    console.log(
      `✓ ${queued} refused message(s) queued again in ${path}; they are sent within 30 s by the running receiver`,
    );
    process.exit(0);
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
    await transport.verifyDelivery(addressOf(config.from), config.to);
    const { hostname, port, protocol, username } = new URL(config.smtpUrl ?? "");
    const where = `${hostname}:${port || (protocol === "smtps:" ? "465" : "587")}`;
    const login = username ? "logged in" : "no login (SMTP_URL names no user)";
    console.log(
      `✓ SMTP: connected to ${where}, ${login}, and the server accepts mail from ${config.from} to ${config.to} (MAIL FROM, RCPT TO, then RSET); nothing was sent`,
    );
    process.exit(0);
  }
  const receiver = nodeReceiver(process.env, rules, { log });
  const server = await startReceiverServer(receiver.receive, {
    port: Number(values.port),
    hostname: values.host,
    ...receiver.gates,
  });
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
    // At once and together: no new send starts from here, and every request still arriving is answered.
    // The store closes after the last request is answered: one still arriving at SIGTERM is kept (202).
    const answered = server.stop();
    const [, returned] = await Promise.all([answered, receiver.close(STOP_BOUND_MS, answered)]);
    log({ event: "stopped", reason: `${returned} send(s) returned to the outbox, sent after the restart` });
    process.exit(0);
  };
  process.once("SIGINT", () => void stop("SIGINT"));
  process.once("SIGTERM", () => void stop("SIGTERM"));
} catch (error) {
  if (
    error instanceof ConfigError ||
    error instanceof MailError ||
    error instanceof OutboxLocked ||
    error instanceof StorageError
  )
    fail(error.message);
  if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") fail(`port ${values.port} is taken: use --port N`);
  if ((error as NodeJS.ErrnoException).code === "ENOENT" && values.env) fail(`no file ${values.env} (--env)`);
  throw error;
}
