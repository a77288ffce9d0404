import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { sqliteCode } from "./storage-error.ts";

// One receiver per outbox file. The lock is SQLite's own: a small database beside the outbox (`<outbox>.lock`)
// in which the running receiver holds a write transaction open for its whole life (BEGIN IMMEDIATE, never
// committed). It is a POSIX lock on the file, so it dies with its process, SIGKILL and power cut included: no
// stale lock to clean up. Who holds it is written beside it (`<outbox>.holder`, JSON), for the message only:
// the file alone never decides anything.

const SQLITE_BUSY = 5;

export interface Holder {
  pid: number;
  startedAt: string;
  /** The outbox file's inode when the holder opened it ("dev:ino"), so --status can tell that it was replaced. */
  file?: string;
  /** What the receiver reports as wrong right now (health.ts), one line each. */
  problems?: string[];
}

export class OutboxLocked extends Error {
  override name = "OutboxLocked";
}

export const lockPathOf = (outbox: string) => `${outbox}.lock`;
const holderPathOf = (outbox: string) => `${outbox}.holder`;

export function readHolder(outbox: string): Holder | undefined {
  try {
    return JSON.parse(readFileSync(holderPathOf(outbox), "utf8")) as Holder;
  } catch {
    return undefined;
  }
}

function tryLock(outbox: string): DatabaseSync | undefined {
  const db = new DatabaseSync(lockPathOf(outbox), { timeout: 200 });
  try {
    db.exec("BEGIN IMMEDIATE");
    return db;
  } catch (error) {
    db.close();
    if (sqliteCode(error) === SQLITE_BUSY) return undefined;
    throw error;
  }
}

/**
 * Takes the outbox's lock for this process or throws OutboxLocked naming the process that has it. Returns
 * what records the outbox file's identity beside it, and the release (the process's exit releases it too).
 */
export function lockOutbox(outbox: string) {
  const db = tryLock(outbox);
  if (!db) {
    const holder = readHolder(outbox);
    const who = holder ? `the receiver with PID ${holder.pid} (started ${holder.startedAt})` : "another receiver";
    throw new OutboxLocked(
      `outbox ${outbox} is in use by ${who}: stop it first (systemctl stop leap-ai-receiver), or give this one its own CONTACT_STORE`,
    );
  }
  const holder: Holder = { pid: process.pid, startedAt: new Date().toISOString() };
  const write = () => {
    try {
      writeFileSync(holderPathOf(outbox), JSON.stringify(holder));
    } catch {
      // A full disk: --status then shows what it read last; the log and the health endpoint say it anyway.
    }
  };
  write();
  return {
    /** Records the outbox file's identity for --status (checkFile in sqlite-outbox.ts). */
    recordFile(file: string) {
      holder.file = file;
      write();
    },
    recordProblems(problems: string[]) {
      holder.problems = problems;
      write();
    },
    release() {
      if (db.isOpen) db.close();
    },
  };
}

/** The running receiver of this outbox, if one holds its lock (for --status; takes and drops the lock at once). */
export function runningHolder(outbox: string): Holder | "none" {
  if (!existsSync(lockPathOf(outbox))) return "none";
  const db = tryLock(outbox);
  if (db) {
    db.exec("ROLLBACK");
    db.close();
    return "none";
  }
  return readHolder(outbox) ?? { pid: 0, startedAt: "unknown" };
}

export type OutboxLock = ReturnType<typeof lockOutbox>;
