import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { type Clock, type ExpiringStore, SWEEP_EVERY_MS } from "./store.ts";

/**
 * A file on the Node server's disk (Node's own SQLite, no package): keys survive a restart, so a retry after
 * one is still recognised. Every statement is one step, so two requests cannot both claim one key.
 */
export function sqliteStore(path: string, now: Clock): ExpiringStore & { close(): void } {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path);
  db.exec(`PRAGMA journal_mode = WAL;
    CREATE TABLE IF NOT EXISTS entries (key TEXT PRIMARY KEY, value TEXT NOT NULL, expires_at INTEGER NOT NULL);
    CREATE INDEX IF NOT EXISTS entries_expiry ON entries (expires_at);`);
  const read = db.prepare("SELECT value FROM entries WHERE key = ? AND expires_at > ?");
  const write = db.prepare(
    "INSERT INTO entries VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at",
  );
  const writeIfFree = db.prepare(
    "INSERT INTO entries VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at WHERE entries.expires_at <= ?",
  );
  const remove = db.prepare("DELETE FROM entries WHERE key = ?");
  const sweep = db.prepare("DELETE FROM entries WHERE expires_at <= ?");
  let sweptAt = Number.NEGATIVE_INFINITY;
  return {
    async get(key) {
      const row = read.get(key, now()) as { value: string } | undefined;
      return row?.value;
    },
    async put(key, value, expiresAt, onlyIfFree = false) {
      const time = now();
      if (time - sweptAt >= SWEEP_EVERY_MS) {
        sweptAt = time;
        sweep.run(time);
      }
      const result = onlyIfFree ? writeIfFree.run(key, value, expiresAt, time) : write.run(key, value, expiresAt);
      return result.changes > 0;
    },
    async delete(key) {
      remove.run(key);
    },
    close() {
      db.close();
    },
  };
}
