// npm run receiver: the contact receiver as a Node server (src/receiver/README.md; README, "Receiving contact
// messages"). --check tries the mail server's connection and login without sending; --prepare writes the form's
// rules for the serverless hosts (Netlify, Cloudflare), which cannot read content/ when a message arrives.
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { ContentErrors } from "../src/content/read/errors.ts";
import { ConfigError, readConfig, sendTimeoutOf } from "../src/receiver/config.ts";
import { rulesFromContent } from "../src/receiver/content-rules.ts";
import { RULES_MODULE, rulesModule } from "../src/receiver/hosts/prepare.ts";
import { formatEvent } from "../src/receiver/log.ts";
import { nodeReceiver } from "../src/receiver/node-receiver.ts";
import { CONTACT_PATH, startReceiverServer } from "../src/receiver/node-server.ts";
import { smtpTransport } from "../src/receiver/transports/smtp.ts";
import { MailError } from "../src/receiver/transports/transport.ts";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: process.env.PORT ?? "8787" },
    host: { type: "string", default: "127.0.0.1" },
    content: { type: "string", default: "content" },
    env: { type: "string" },
    check: { type: "boolean", default: false },
    prepare: { type: "boolean", default: false },
  },
});

function fail(lines: string): never {
  for (const line of lines.split("\n")) console.error(`✗ ${line}`);
  process.exit(1);
}

try {
  if (values.env) process.loadEnvFile(values.env);
  const rules = await rulesFromContent(values.content);
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
  const receiver = nodeReceiver(process.env, rules, {
    log: (event) => console.log(formatEvent(event, new Date())),
  });
  const server = await startReceiverServer(receiver.receive, { port: Number(values.port), hostname: values.host });
  console.log(
    `Contact receiver at ${server.url?.replace(/\/$/, "")}${CONTACT_PATH}, for ${receiver.config.siteOrigin}, mail to ${receiver.config.to} (Ctrl+C to stop)`,
  );
  const stop = async () => {
    await server.close();
    receiver.close();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
} catch (error) {
  if (error instanceof ConfigError || error instanceof MailError) fail(error.message);
  if (error instanceof ContentErrors) fail(`content/ has problems (npm run check lists them):\n${error.message}`);
  if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") fail(`port ${values.port} is taken: use --port N`);
  if ((error as NodeJS.ErrnoException).code === "ENOENT" && values.env) fail(`no file ${values.env} (--env)`);
  throw error;
}
