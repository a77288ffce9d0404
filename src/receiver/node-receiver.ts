import { type Env, readConfig, sendTimeoutOf } from "./config.ts";
import { createReceiver, type ReceiverEvent } from "./handler.ts";
import { alertBy } from "./outbox/alert.ts";
import { DEFAULT_BOUNDS, type OutboxBounds } from "./outbox/outbox.ts";
import { createSender } from "./outbox/sender.ts";
import { sqliteOutbox } from "./outbox/sqlite-outbox.ts";
import type { ReceiverRules } from "./rules.ts";
import { memoryStore } from "./stores/memory.ts";
import type { Clock } from "./stores/store.ts";
import { smtpTransport } from "./transports/smtp.ts";

/** The sender gives the mail server this long per message: nobody waits for it, so it may be patient (a
 * message the server accepts after 12 s is recorded, not sent again). */
export const SENDER_TIMEOUT_MS = 60_000;

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
  const smtpUrl = config.smtpUrl ?? "";
  const transport = smtpTransport(smtpUrl, sendTimeoutMs, {
    pool: true,
    timeoutOverrideMs: sendTimeoutMs,
    maxConnections: maxInFlight,
  });
  const outbox = sqliteOutbox(config.store === "memory" ? ":memory:" : config.store, now, {
    ...DEFAULT_BOUNDS,
    ...(options.limit ? { perClientPerWindow: options.limit.max, windowMs: options.limit.windowMs } : {}),
    ...options.bounds,
  });
  const sender = createSender({
    outbox,
    transport,
    now,
    log,
    maxInFlight,
    reportAfterMs: options.reportAfterMs,
    alert: alertBy(transport, config.from, config.alertTo, config.siteUrl, now),
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
  return {
    receive,
    config,
    outbox,
    sender,
    /**
     * Finishes the sends in flight within boundMs or returns them to the outbox, then closes the mail
     * connections and the store. Says how many sends it returned.
     */
    async close(boundMs = 10_000): Promise<number> {
      if (closed) return 0;
      closed = true;
      const returned = await sender.stop(boundMs);
      transport.close();
      outbox.close();
      return returned;
    },
  };
}

export type NodeReceiver = ReturnType<typeof nodeReceiver>;
