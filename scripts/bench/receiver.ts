// npm run bench -- --receiver: requests per second and latency of the Node receiver (npm run receiver, in a
// process of its own, keys in SQLite as on a server) against an SMTP server on 127.0.0.1 (smtp-server, which
// accepts and discards), loaded by autocannon from this process. Everything shares this machine's cores.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import { SMTPServer } from "smtp-server";

const SITE = "https://www.leap-ai.example";
const MESSAGE = {
  name: "Grete Köhler",
  email: "grete@example.de",
  company: "Köhler & Söhne GmbH",
  message: "Grüße aus Köln! Wir möchten unsere Anfragen schneller beantworten, am liebsten mit einem Chatbot.",
  language: "de",
  page: "/de/",
};

async function smtpSink() {
  let accepted = 0;
  const server = new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      stream.resume();
      stream.on("end", () => {
        accepted += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    accepted: () => accepted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Starts npm run receiver's script on a free port; resolves with its URL once it listens. */
async function startReceiver(smtpPort: number, store: string) {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/receiver.ts", "--port", "0"], {
    env: {
      ...process.env,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      CONTACT_TO: "leads@leap-ai.example",
      CONTACT_FROM: "website@leap-ai.example",
      SITE_URL: SITE,
      CONTACT_STORE: store,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`npm run receiver stopped (${code})`)));
    // Its first line names the address; the rest (one log line a request) is read and dropped.
    lines.once("line", (line) => resolve(/at (\S+\/api\/contact)/.exec(line)?.[1] ?? ""));
  });
  lines.on("line", () => {});
  return { url, stop: () => child.kill("SIGTERM") };
}

interface Row {
  scenario: string;
  result: autocannon.Result;
}

async function load(url: string, scenario: string, body: () => string, seconds: number): Promise<Row> {
  const result = await autocannon({
    url,
    connections: 10,
    duration: seconds,
    requests: [
      {
        method: "POST",
        setupRequest: (request) => ({
          ...request,
          headers: {
            Origin: SITE,
            "Content-Type": "application/json",
            // A client of its own each time (trusted from this machine, as from nginx): the per-client limit
            // would otherwise answer 429 after ten.
            "X-Forwarded-For": `10.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`,
          },
          body: body(),
        }),
      },
    ],
  });
  return { scenario, result };
}

export async function benchReceiver(seconds = 10): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), "bench-receiver-"));
  const smtp = await smtpSink();
  const receiver = await startReceiver(smtp.port, join(work, "keys.sqlite"));
  try {
    // Warm-up: the first messages open the SMTP pool and let V8 compile the hot paths.
    await load(receiver.url, "warm-up", () => JSON.stringify({ ...MESSAGE, idempotencyKey: randomUUID() }), 2);
    const before = smtp.accepted();
    const rows = [
      await load(
        receiver.url,
        "new message: checked, mailed by SMTP, key stored",
        () => JSON.stringify({ ...MESSAGE, idempotencyKey: randomUUID() }),
        seconds,
      ),
    ];
    const mailed = smtp.accepted() - before;
    const repeated = randomUUID();
    // Delivered once before the load: every request after it is a retry of a delivered message.
    await fetch(receiver.url, {
      method: "POST",
      headers: { Origin: SITE, "Content-Type": "application/json" },
      body: JSON.stringify({ ...MESSAGE, idempotencyKey: repeated }),
    });
    rows.push(
      await load(
        receiver.url,
        "retry of a delivered message: answered from SQLite, no mail",
        () => JSON.stringify({ ...MESSAGE, idempotencyKey: repeated }),
        seconds,
      ),
    );
    console.log(
      `\nContact receiver (npm run receiver, SQLite keys, pooled SMTP to smtp-server on 127.0.0.1), autocannon, 10 connections, ${seconds} s each:`,
    );
    console.log(
      ["scenario", "req/s", "p50 ms", "p99 ms", "max ms", "non-2xx"]
        .map((cell, index) => (index === 0 ? cell.padEnd(62) : cell.padStart(9)))
        .join(""),
    );
    for (const { scenario, result } of rows) {
      console.log(
        [
          scenario.padEnd(62),
          result.requests.average.toFixed(0).padStart(9),
          String(result.latency.p50).padStart(9),
          String(result.latency.p99).padStart(9),
          String(result.latency.max).padStart(9),
          String(result.non2xx + result.errors).padStart(9),
        ].join(""),
      );
    }
    console.log(
      `The SMTP server accepted ${mailed} mails during the first, which answered ${rows[0]?.result["2xx"]} requests with 2xx (the rest were in flight when the load stopped).`,
    );
  } finally {
    receiver.stop();
    await smtp.close();
    rmSync(work, { recursive: true, force: true });
  }
}
