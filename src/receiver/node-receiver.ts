import { type Env, readConfig, sendTimeoutOf } from "./config.ts";
import { createReceiver, type ReceiverEvent } from "./handler.ts";
import type { ReceiverRules } from "./rules.ts";
import { memoryStore } from "./stores/memory.ts";
import { sqliteStore } from "./stores/sqlite.ts";
import type { Clock } from "./stores/store.ts";
import { smtpTransport } from "./transports/smtp.ts";

export interface NodeReceiverOptions {
  now?: Clock;
  log?: (event: ReceiverEvent) => void;
  /** Tests shorten the mail server's time; otherwise 70 % of the form's deliveryTimeoutMs. */
  sendTimeoutMs?: number;
  /** Tests lower the per-client limit; otherwise CLIENT_LIMIT. */
  limit?: { max: number; windowMs: number };
}

/** The receiver for the Node server: SMTP with pooled connections, keys in SQLite (or memory). */
export function nodeReceiver(env: Env, rules: ReceiverRules, options: NodeReceiverOptions = {}) {
  const config = readConfig(env, rules, "smtp");
  const now = options.now ?? Date.now;
  const sendTimeoutMs = options.sendTimeoutMs ?? sendTimeoutOf(rules);
  const smtpUrl = config.smtpUrl ?? "";
  const transport = smtpTransport(smtpUrl, sendTimeoutMs, { pool: true });
  const store = config.store === "memory" ? { ...memoryStore(now), close() {} } : sqliteStore(config.store, now);
  const receive = createReceiver({
    rules,
    siteUrl: config.siteUrl,
    mail: { from: config.from, to: config.to, timeZone: config.timeZone },
    transport,
    store,
    // The mail server's credentials key the hash of client addresses: stable across restarts, secret to others.
    secret: smtpUrl,
    now,
    log: options.log ?? (() => {}),
    sendTimeoutMs,
    limit: options.limit,
  });
  return {
    receive,
    config,
    close() {
      transport.close();
      store.close();
    },
  };
}
