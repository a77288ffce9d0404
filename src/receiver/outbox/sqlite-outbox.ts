import { existsSync, mkdirSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Clock } from "../stores/store.ts";
import type { OutgoingMail } from "../transports/transport.ts";
import { CONFIGURATION, type Overdue } from "./delivery.ts";
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
import { describeStorageError, StorageError } from "./storage-error.ts";

export { FAILED_KEPT_MS, SENT_KEPT_MS } from "./outbox.ts";

export type OutboxState = "queued" | "sending" | "sent" | "failed";

/** One message the sender takes out to send. */
export interface Claimed {
  key: string;
  mail: OutgoingMail;
  /** Attempts so far, this one included. */
  attempts: number;
  /** Earlier attempts without a reply to the end of DATA (delivery.ts, MAX_UNANSWERED). */
  unanswered: number;
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
    last_error TEXT,
    unanswered INTEGER NOT NULL DEFAULT 0
  ) STRICT;
  CREATE INDEX IF NOT EXISTS outbox_due ON outbox (state, next_at);
  CREATE INDEX IF NOT EXISTS outbox_client ON outbox (client, created_at);
  CREATE TABLE IF NOT EXISTS probe (id INTEGER PRIMARY KEY, at INTEGER NOT NULL) STRICT;`;

/**
 * The Node receiver's outbox: one SQLite file (Node's own node:sqlite, WAL, synchronous=NORMAL, so a commit
 * survives the process dying at any point; only a power cut can take the last moments). A message is a row
 * from the moment the visitor is told "received" until the mail server's 250 is recorded; then its text is
 * deleted and only the hashes stay, for 24 hours, so a retry is still recognised. Every method is synchronous
 * and each write one transaction: within the process nothing can interleave, and BEGIN IMMEDIATE keeps it so
 * for a second process reading the file (npm run receiver -- --status).
 */
export function sqliteOutbox(
  path: string,
  now: Clock,
  bounds: OutboxBounds = DEFAULT_BOUNDS,
  /** Told every failed write (the store cannot write: the receiver stops taking messages until it can). */
  onWriteError: (error: StorageError) => void = () => {},
) {
  const file = path !== ":memory:";
  if (file) mkdirSync(dirname(path), { recursive: true });
  const db = openChecked(path, file && existsSync(path));
  const fileId = file ? idOf(path) : undefined;
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
       RETURNING key, mail, attempts, unanswered, created_at`,
    ),
    sent: db.prepare(
      "UPDATE outbox SET state = 'sent', mail = NULL, done_at = ?, last_error = NULL WHERE key = ? AND state = 'sending'",
    ),
    later: db.prepare(
      "UPDATE outbox SET state = 'queued', next_at = ?, last_error = ?, unanswered = coalesce(?, unanswered) WHERE key = ? AND state = 'sending'",
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
    // The operator's --retry-failed: refused messages whose text is still kept are due again, from the start.
    retryFailed: db.prepare(
      "UPDATE outbox SET state = 'queued', next_at = ?, attempts = 0, unanswered = 0, done_at = NULL WHERE state = 'failed' AND mail IS NOT NULL",
    ),
    // A configuration failure (login, TLS) is retried at once after a restart: the operator has fixed something.
    configDue: db.prepare(
      `UPDATE outbox SET next_at = ? WHERE state = 'queued' AND last_error LIKE '${CONFIGURATION}%'`,
    ),
    probe: db.prepare("INSERT OR REPLACE INTO probe (id, at) VALUES (1, ?)"),
  };

  /**
   * Runs fn as one transaction that holds the write lock from its first read, and reports a failed write (a full
   * disk fails at COMMIT: SQLite has rolled back by itself then, so ROLLBACK only where a transaction is left).
   */
  function atomically<T>(doing: string, fn: () => T): T {
    try {
      db.exec("BEGIN IMMEDIATE");
      try {
        const result = fn();
        db.exec("COMMIT");
        return result;
      } catch (error) {
        if (db.isTransaction) db.exec("ROLLBACK");
        throw error;
      }
    } catch (error) {
      const failed = describeStorageError(error, path, doing);
      onWriteError(failed);
      throw failed;
    }
  }
  /** One state change of one message: exactly one row changes, or it failed (never taken for done). */
  function change(doing: string, key: string, run: () => { changes: number | bigint }) {
    atomically(doing, () => {
      const changed = Number(run().changes);
      if (changed !== 1)
        throw new StorageError(
          `outbox ${path}: cannot ${doing} for ${key.slice(0, 12)}: ${changed} rows changed, not 1`,
        );
    });
  }

  function checkFile(): string | undefined {
    if (!fileId) return undefined;
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat)
      return `outbox ${path} was deleted while the receiver ran: new messages are refused (503); the messages it held are still delivered from the open file; restore the file from a backup or restart the receiver to start a new one`;
    if (`${stat.dev}:${stat.ino}` !== fileId)
      return `outbox ${path} was replaced by another file while the receiver ran: new messages are refused (503); restart the receiver to use the new file`;
    return undefined;
  }

  /**
   * Undelivered messages (queued or sending), counted here rather than by a query for every request: the bound
   * is checked twice a message (before its body is read and when it is kept), and a count(*) over the index
   * costs 0.6 ms at 20,000 rows, 3.3 ms at 100,000. Set from the file at start and at every sweep (which also
   * takes in what --retry-failed queued from another process).
   */
  const countPending = () => (q.pending.get() as { n: number }).n;
  let pending = countPending();

  const enqueue = (entry: OutboxEntry): EnqueueResult => {
    const result = keep(entry);
    if (result.status === "stored") pending += 1;
    return result;
  };
  const keep = (entry: OutboxEntry): EnqueueResult =>
    atomically("keep a new message", (): EnqueueResult => {
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
      if (pending >= bounds.pendingTotal)
        return { status: "full", retryAfterSeconds: FULL_RETRY_AFTER_SECONDS, reason: "the outbox is full" };
      // A file deleted or replaced under the receiver would take the message with it: not kept, 503.
      const lost = checkFile();
      if (lost) throw new StorageError(lost);
      q.insert.run(entry.key, entry.body, entry.client, JSON.stringify(entry.mail), time, time);
      return { status: "stored" };
    });

  return {
    enqueue,
    /** Takes the next due message for sending (queued → sending), or nothing. One row, one step. */
    claim(): Claimed | undefined {
      // all(), not get(): the statement runs to its end inside the transaction, and COMMIT says whether it was
      // written. Only a claim that was written is sent (a full disk once made one message go out 8,256 times).
      const row = atomically(
        "take a message for sending",
        () =>
          q.claim.all(now())[0] as
            | { key: string; mail: string; attempts: number; unanswered: number; created_at: number }
            | undefined,
      );
      if (!row) return undefined;
      const mail = JSON.parse(row.mail) as OutgoingMail & { date: string };
      return {
        key: row.key,
        mail: { ...mail, date: new Date(mail.date) },
        attempts: row.attempts,
        unanswered: row.unanswered,
        createdAt: row.created_at,
      };
    },
    /** The mail server's 250: the text goes, the hashes stay for SENT_KEPT_MS. */
    markSent(key: string) {
      change("record a delivered message", key, () => q.sent.run(now(), key));
      pending = Math.max(0, pending - 1);
    },
    retryAt(key: string, at: number, error: string, unanswered?: number) {
      change("record a retry", key, () => q.later.run(at, error, unanswered ?? null, key));
    },
    markFailed(key: string, error: string) {
      change("record a refused message", key, () => q.failed.run(now(), error, key));
      pending = Math.max(0, pending - 1);
    },
    /** A send that stopping could not wait for goes back to the queue, as if it had not been tried. */
    release(key: string) {
      change("return a send to the queue", key, () => q.release.run(key));
    },
    /** At start: sends that a crash interrupted are due again (the one duplicate docs/receiver.md allows), and
     * messages held back by the mail server's configuration are due at once. */
    recover(): number {
      return atomically("resume the outbox", () => {
        q.configDue.run(now());
        return Number(q.recover.run().changes);
      });
    },
    /** --retry-failed: every refused message whose text is kept is queued again; says how many. */
    retryFailed(): number {
      const queued = atomically("queue refused messages again", () => Number(q.retryFailed.run(now()).changes));
      pending += queued;
      return queued;
    },
    /** Whether the file takes a write again (after a full disk): one small row, one transaction. */
    probe(): boolean {
      try {
        atomically("write", () => q.probe.run(now()));
        return true;
      } catch {
        return false;
      }
    },
    /** Why the file the receiver writes is no longer the one at its path (deleted, or another file there). */
    checkFile,
    fileId,
    /** The outbox at its total bound: a new message is refused before its body is read. */
    full(): boolean {
      return pending >= bounds.pendingTotal;
    },
    nextDueAt(): number | undefined {
      return (q.nextDue.get() as { at: number | null }).at ?? undefined;
    },
    /** Undelivered messages older than ageMs not reported before; each is reported once. */
    takeOverdue(ageMs: number): Overdue[] {
      const time = now();
      return (
        atomically("mark reported messages", () => q.overdue.all(time - ageMs)) as {
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
      atomically("sweep", () => {
        q.sweep.run(time - SENT_KEPT_MS, time - FAILED_KEPT_MS);
        q.forgetClients.run(time - bounds.windowMs);
      });
      pending = countPending();
    },
    close() {
      if (db.isOpen) db.close();
    },
  } satisfies Outbox & Record<string, unknown>;
}

export type SqliteOutbox = ReturnType<typeof sqliteOutbox>;

const idOf = (path: string) => {
  const stat = statSync(path);
  return `${stat.dev}:${stat.ino}`;
};

/**
 * Opens the file; one that exists is checked first with SQLite's own quick_check, so a damaged outbox is
 * refused at start with one line (never a receiver that answers 500 to every message from then on).
 */
function openChecked(path: string, existed: boolean): DatabaseSync {
  const damaged = (detail: string) =>
    new StorageError(
      `outbox ${path} is damaged (${detail}): restore it from a backup, or move it aside (mv ${path} ${path}.damaged) to start with an empty outbox`,
      11,
    );
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(path);
  } catch (error) {
    throw describeStorageError(error, path, "open");
  }
  try {
    if (existed) {
      const rows = db.prepare("PRAGMA quick_check").all() as { quick_check: string }[];
      if (rows[0]?.quick_check !== "ok") throw damaged(`quick_check: ${rows[0]?.quick_check ?? "no answer"}`);
    }
    db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;");
    db.exec(SCHEMA);
    // A file from before the unanswered count (issue 56) gets its column; its messages start at 0.
    const columns = db.prepare("PRAGMA table_info(outbox)").all() as { name: string }[];
    if (!columns.some((column) => column.name === "unanswered"))
      db.exec("ALTER TABLE outbox ADD COLUMN unanswered INTEGER NOT NULL DEFAULT 0");
    return db;
  } catch (error) {
    db.close();
    if (error instanceof StorageError) throw error;
    const code = ((error as { errcode?: number }).errcode ?? 0) & 0xff;
    if (code === 11 || code === 26) throw damaged((error as { errstr?: string }).errstr ?? String(error));
    throw describeStorageError(error, path, "open");
  }
}
