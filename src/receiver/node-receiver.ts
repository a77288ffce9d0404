import { type Env, readConfig, sendTimeoutOf } from "./config.ts";
import { createReceiver, type ReceiverEvent } from "./handler.ts";
import { alertBy } from "./outbox/alert.ts";
import { createHealth } from "./outbox/health.ts";
import { lockOutbox } from "./outbox/outbox-lock.ts";
import { DEFAULT_BOUNDS, type OutboxBounds } from "./outbox/outbox.ts";
import { createSender, REPORT_AFTER_MS } from "./outbox/sender.ts";
import { sqliteOutbox } from "./outbox/sqlite-outbox.ts";
import type { ReceiverRules } from "./rules.ts";
import { memoryStore } from "./stores/memory.ts";
import type { Clock } from "./stores/store.ts";
import { smtpTransport } from "./transports/smtp.ts";

/**
 * The sender waits as long as RFC 5321 (section 4.5.3.2) tells a client to: nobody waits for it, and a server
 * that answers the end of DATA after minutes has the message, so giving up earlier only sends it again. The
 * longest stage is the reply to the end of DATA, 10 minutes; nodemailer's one idle timeout covers every stage.
 */
export const SENDER_TIMEOUT_MS = 10 * 60_000;
/** How often the receiver looks whether its outbox file is still the one at its path. */
export const WATCH_EVERY_MS = 1_000;

export interface NodeReceiverOptions {
  now?: Clock;
  log?: (event: ReceiverEvent) => void;
  /** Tests shorten the mail server's time; otherwise SENDER_TIMEOUT_MS. */
  sendTimeoutMs?: number;
  /** Tests lower the per-client limit and the outbox's bounds; otherwise DEFAULT_BOUNDS. */
  bounds?: Partial<OutboxBounds>;
  /** The per-client limit alone (as the e2e test sets it); the same as bounds.perClientPerWindow and windowMs. */
  limit?: { max: number; windowMs: number };
  /** Sends in flight at most (also the SMTP pool's connections); 5 unless told. */
  maxInFlight?: number;
  /** Undelivered this long is reported; REPORT_AFTER_MS (1 hour) unless told. */
  reportAfterMs?: number;
}

/**
 * The receiver for the Node server: every accepted message goes into a SQLite outbox before the visitor hears
 * 2xx, and a sender in the same process delivers it by SMTP (pooled connections) until the mail server has it.
 * It resumes delivering at once (after a restart too); close() stops it (see src/cli/receiver.ts).
 */
export function nodeReceiver(env: Env, rules: ReceiverRules, options: NodeReceiverOptions = {}) {
  const config = readConfig(env, rules, "smtp");
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => {});
  const sendTimeoutMs = options.sendTimeoutMs ?? SENDER_TIMEOUT_MS;
  const maxInFlight = options.maxInFlight ?? 5;
  const reportAfterMs = options.reportAfterMs ?? REPORT_AFTER_MS;
  const smtpUrl = config.smtpUrl ?? "";
  const transport = smtpTransport(smtpUrl, sendTimeoutMs, {
    pool: true,
    timeoutOverrideMs: sendTimeoutMs,
    maxConnections: maxInFlight,
  });
  const inFile = config.store !== "memory";
  // One receiver per outbox: a second one stops here, naming the first one's PID (outbox-lock.ts).
  const lock = inFile ? lockOutbox(config.store) : undefined;
  const health = createHealth(log, (problems) => lock?.recordProblems(problems));
  let outbox: ReturnType<typeof sqliteOutbox>;
  try {
    outbox = sqliteOutbox(
      inFile ? config.store : ":memory:",
      now,
      {
        ...DEFAULT_BOUNDS,
        ...(options.limit ? { perClientPerWindow: options.limit.max, windowMs: options.limit.windowMs } : {}),
        ...options.bounds,
      },
      (error) => {
        const lost = outbox?.checkFile();
        if (lost) health.set("lost", lost);
        else health.set("unwritable", `${error.message}; new messages are refused (503) until it writes again`);
      },
    );
  } catch (error) {
    transport.close();
    lock?.release();
    throw error;
  }
  if (outbox.fileId) lock?.recordFile(outbox.fileId);
  // A file deleted or replaced under the receiver is noticed within a second: 503 from then on (health.ts).
  const watch = setInterval(() => {
    const lost = outbox.checkFile();
    if (lost) health.set("lost", lost);
  }, WATCH_EVERY_MS);
  watch.unref();
  const sender = createSender({
    outbox,
    transport,
    now,
    log,
    maxInFlight,
    reportAfterMs,
    alert: alertBy(transport, config.from, config.alertTo, config.siteUrl, now),
    health,
  });
  const receive = createReceiver({
    rules,
    siteUrl: config.siteUrl,
    mail: { from: config.from, to: config.to, timeZone: config.timeZone, frameLanguage: config.mailLanguage },
    outbox,
    onStored: () => sender.poke(),
    // Unused with an outbox: the request path never speaks to the mail server.
    transport,
    store: memoryStore(now),
    // The mail server's credentials key the hash of client addresses: stable across restarts, secret to others.
    secret: smtpUrl,
    now,
    log,
    sendTimeoutMs: sendTimeoutOf(rules),
  });
  // Delivering starts at once: what a crash left half-sent is due again first.
  sender.start();
  let closed = false;
  const receiver = {
    receive,
    config,
    outbox,
    sender,
    health,
    /** GET /api/contact/health: the problems, one line each, and the outbox's counts; never a message's text. */
    report() {
      const status = outbox.status();
      const problems = health.problems();
      if (status.failed > 0)
        problems.push(`${status.failed} message(s) refused by the mail server: npm run receiver -- --status`);
      if ((status.oldestPendingMs ?? 0) >= reportAfterMs) problems.push("a message is undelivered for over an hour");
      return {
        problems,
        queued: status.queued,
        sending: status.sending,
        failed: status.failed,
        oldestPendingSeconds: status.oldestPendingMs === null ? null : Math.round(status.oldestPendingMs / 1000),
      };
    },
    /** Why a new message cannot be kept now (503 before its body is read); undefined when it can. */
    refusal(): string | undefined {
      return health.refusal() ?? (outbox.full() ? "the outbox is full" : undefined);
    },
    /**
     * Finishes the sends in flight within boundMs or returns them to the outbox, then closes the mail
     * connections and the store, but not before `answered` (the server's stop: every request in progress
     * answered), so a message whose body was still arriving at SIGTERM is kept (202) rather than refused by a
     * closed file. Says how many sends it returned.
     */
    async close(boundMs = 10_000, answered: Promise<unknown> = Promise.resolve()): Promise<number> {
      if (closed) return 0;
      closed = true;
      clearInterval(watch);
      const returned = await sender.stop(boundMs);
      await answered.catch(() => {});
      transport.close();
      outbox.close();
      lock?.release();
      return returned;
    },
  };
  return Object.assign(receiver, {
    /** What startReceiverServer needs beside receive: the log, the refusal before the body, the health answer. */
    gates: { log, refusal: receiver.refusal, health: receiver.report },
  });
}

export type NodeReceiver = ReturnType<typeof nodeReceiver>;
