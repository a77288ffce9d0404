import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Clock } from "../stores/store.ts";
import type { OutgoingMail } from "../transports/transport.ts";
import type { Overdue } from "./delivery.ts";
import {
  DEFAULT_BOUNDS,
  type EnqueueResult,
  FAILED_KEPT_MS,
  FULL_RETRY_AFTER_SECONDS,
  type Outbox,
  type OutboxBounds,
  type OutboxEntry,
  SENT_KEPT_MS,
} from "./outbox.ts";

export { FAILED_KEPT_MS, SENT_KEPT_MS } from "./outbox.ts";

export type OutboxState = "queued" | "sending" | "sent" | "failed";

/** One message the sender takes out to send. */
export interface Claimed {
  key: string;
  mail: OutgoingMail;
  /** Attempts so far, this one included. */
  attempts: number;
  createdAt: number;
}

export interface OutboxStatus {
  queued: number;
  sending: number;
  sent: number;
  failed: number;
  /** Age of the oldest undelivered message (queued or sending), in ms; null when there is none. */
  oldestPendingMs: number | null;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS outbox (
    key TEXT PRIMARY KEY,
    body TEXT NOT NULL,
    client TEXT NOT NULL,
    mail TEXT,
    state TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_at INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    done_at INTEGER,
    reported INTEGER NOT NULL DEFAULT 0,
    last_error TEXT
  ) STRICT;
  CREATE INDEX IF NOT EXISTS outbox_due ON outbox (state, next_at);
  CREATE INDEX IF NOT EXISTS outbox_client ON outbox (client, created_at);`;

/**
 * The Node receiver's outbox: one SQLite file (Node's own node:sqlite, WAL, synchronous=NORMAL, so a commit
 * survives the process dying at any point; only a power cut can take the last moments). A message is a row
 * from the moment the visitor is told "received" until the mail server's 250 is recorded; then its text is
 * deleted and only the hashes stay, for 24 hours, so a retry is still recognised. Every method is synchronous
 * and each write one transaction: within the process nothing can interleave, and BEGIN IMMEDIATE keeps it so
 * for a second process reading the file (npm run receiver -- --status).
 */
export function sqliteOutbox(path: string, now: Clock, bounds: OutboxBounds = DEFAULT_BOUNDS) {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path);
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;");
  db.exec(SCHEMA);
  const q = {
    find: db.prepare("SELECT body, state, done_at FROM outbox WHERE key = ?"),
    forget: db.prepare("DELETE FROM outbox WHERE key = ?"),
    clientWindow: db.prepare(
      "SELECT count(*) AS n, min(created_at) AS first FROM outbox WHERE client = ? AND created_at > ?",
    ),
    clientPending: db.prepare("SELECT count(*) AS n FROM outbox WHERE client = ? AND state IN ('queued', 'sending')"),
    pending: db.prepare("SELECT count(*) AS n FROM outbox WHERE state IN ('queued', 'sending')"),
    insert: db.prepare(
      "INSERT INTO outbox (key, body, client, mail, state, next_at, created_at) VALUES (?, ?, ?, ?, 'queued', ?, ?)",
    ),
    claim: db.prepare(
      `UPDATE outbox SET state = 'sending', attempts = attempts + 1
       WHERE key = (SELECT key FROM outbox WHERE state = 'queued' AND next_at <= ? ORDER BY next_at, created_at LIMIT 1)
       RETURNING key, mail, attempts, created_at`,
    ),
    sent: db.prepare(
      "UPDATE outbox SET state = 'sent', mail = NULL, done_at = ?, last_error = NULL WHERE key = ? AND state = 'sending'",
    ),
    later: db.prepare(
      "UPDATE outbox SET state = 'queued', next_at = ?, last_error = ? WHERE key = ? AND state = 'sending'",
    ),
    failed: db.prepare(
      "UPDATE outbox SET state = 'failed', done_at = ?, last_error = ? WHERE key = ? AND state = 'sending'",
    ),
    release: db.prepare(
      "UPDATE outbox SET state = 'queued', attempts = max(attempts - 1, 0) WHERE key = ? AND state = 'sending'",
    ),
    recover: db.prepare("UPDATE outbox SET state = 'queued' WHERE state = 'sending'"),
    nextDue: db.prepare("SELECT min(next_at) AS at FROM outbox WHERE state = 'queued'"),
    overdue: db.prepare(
      `UPDATE outbox SET reported = 1 WHERE state IN ('queued', 'sending') AND reported = 0 AND created_at <= ?
       RETURNING key, created_at, attempts, last_error`,
    ),
    counts: db.prepare("SELECT state, count(*) AS n FROM outbox GROUP BY state"),
    oldest: db.prepare("SELECT min(created_at) AS at FROM outbox WHERE state IN ('queued', 'sending')"),
    sweep: db.prepare(
      "DELETE FROM outbox WHERE (state = 'sent' AND done_at <= ?) OR (state = 'failed' AND done_at <= ?)",
    ),
    // A client's hash is needed only for its window's limit: after that the row forgets who sent it.
    forgetClients: db.prepare("UPDATE outbox SET client = '' WHERE client != '' AND created_at <= ?"),
  };

  /** Runs fn as one transaction that holds the write lock from its first read. */
  function atomically<T>(fn: () => T): T {
    db.exec("BEGIN IMMEDIATE");
    try {
      const result = fn();
      db.exec("COMMIT");
      return result;
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    }
  }

  const enqueue = (entry: OutboxEntry): EnqueueResult =>
    atomically((): EnqueueResult => {
      const time = now();
      const found = q.find.get(entry.key) as { body: string; state: OutboxState; done_at: number | null } | undefined;
      if (found?.state === "sent" && (found.done_at ?? 0) <= time - SENT_KEPT_MS) q.forget.run(entry.key);
      else if (found) return { status: found.body === entry.body ? "duplicate" : "conflict" };
      const window = q.clientWindow.get(entry.client, time - bounds.windowMs) as { n: number; first: number | null };
      if (window.n >= bounds.perClientPerWindow) {
        const wait = Math.ceil(((window.first ?? time) + bounds.windowMs - time) / 1000);
        return { status: "limited", retryAfterSeconds: Math.max(1, wait) };
      }
      if ((q.clientPending.get(entry.client) as { n: number }).n >= bounds.pendingPerClient)
        return {
          status: "full",
          retryAfterSeconds: FULL_RETRY_AFTER_SECONDS,
          reason: "this client's undelivered messages at the bound",
        };
      if ((q.pending.get() as { n: number }).n >= bounds.pendingTotal)
        return { status: "full", retryAfterSeconds: FULL_RETRY_AFTER_SECONDS, reason: "the outbox is full" };
      q.insert.run(entry.key, entry.body, entry.client, JSON.stringify(entry.mail), time, time);
      return { status: "stored" };
    });

  return {
    enqueue,
    /** Takes the next due message for sending (queued → sending), or nothing. One row, one step. */
    claim(): Claimed | undefined {
      const row = q.claim.get(now()) as { key: string; mail: string; attempts: number; created_at: number } | undefined;
      if (!row) return undefined;
      const mail = JSON.parse(row.mail) as OutgoingMail & { date: string };
      return {
        key: row.key,
        mail: { ...mail, date: new Date(mail.date) },
        attempts: row.attempts,
        createdAt: row.created_at,
      };
    },
    /** The mail server's 250: the text goes, the hashes stay for SENT_KEPT_MS. */
    markSent(key: string) {
      q.sent.run(now(), key);
    },
    retryAt(key: string, at: number, error: string) {
      q.later.run(at, error, key);
    },
    markFailed(key: string, error: string) {
      q.failed.run(now(), error, key);
    },
    /** A send that stopping could not wait for goes back to the queue, as if it had not been tried. */
    release(key: string) {
      q.release.run(key);
    },
    /** At start: sends that a crash interrupted are due again (the one duplicate docs/receiver.md allows). */
    recover(): number {
      return Number(q.recover.run().changes);
    },
    nextDueAt(): number | undefined {
      return (q.nextDue.get() as { at: number | null }).at ?? undefined;
    },
    /** Undelivered messages older than ageMs not reported before; each is reported once. */
    takeOverdue(ageMs: number): Overdue[] {
      const time = now();
      return (
        q.overdue.all(time - ageMs) as {
          key: string;
          created_at: number;
          attempts: number;
          last_error: string | null;
        }[]
      ).map((row) => ({
        key: row.key,
        ageMs: time - row.created_at,
        attempts: row.attempts,
        lastError: row.last_error,
      }));
    },
    status(): OutboxStatus {
      const counts = { queued: 0, sending: 0, sent: 0, failed: 0 };
      for (const row of q.counts.all() as { state: OutboxState; n: number }[]) counts[row.state] = row.n;
      const oldest = (q.oldest.get() as { at: number | null }).at;
      return { ...counts, oldestPendingMs: oldest === null ? null : now() - oldest };
    },
    sweep() {
      const time = now();
      q.sweep.run(time - SENT_KEPT_MS, time - FAILED_KEPT_MS);
      q.forgetClients.run(time - bounds.windowMs);
    },
    close() {
      if (db.isOpen) db.close();
    },
  } satisfies Outbox & Record<string, unknown>;
}

export type SqliteOutbox = ReturnType<typeof sqliteOutbox>;
