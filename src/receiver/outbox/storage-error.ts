// What a failed read or write of the outbox file means for an operator: one line naming the file, the cause in
// SQLite's own words and the fix. node:sqlite throws errors with `errcode` (SQLite's extended result code) and
// `errstr`; the primary code is its low byte.

/** SQLite's primary result codes an operator can act on, with what to do (https://sqlite.org/rescode.html). */
const CAUSES: Record<number, { name: string; fix: string }> = {
  5: { name: "SQLITE_BUSY", fix: "another process holds the file: run one receiver per outbox" },
  8: { name: "SQLITE_READONLY", fix: "give the receiver's user write access to the file and its folder" },
  10: { name: "SQLITE_IOERR", fix: "check the disk (dmesg) and its free space" },
  11: { name: "SQLITE_CORRUPT", fix: "restore the file from a backup, or move it aside to start with an empty outbox" },
  13: { name: "SQLITE_FULL", fix: "free space on its disk; the receiver resumes by itself" },
  14: { name: "SQLITE_CANTOPEN", fix: "check that its folder exists and the receiver may write there" },
  26: { name: "SQLITE_NOTADB", fix: "restore the file from a backup, or move it aside to start with an empty outbox" },
};

/** An outbox read or write that failed; its message is the one line for the log. */
export class StorageError extends Error {
  override name = "StorageError";
  /** SQLite's primary result code, when SQLite said one. */
  readonly code: number | undefined;
  constructor(message: string, code?: number) {
    super(message);
    this.code = code;
  }
}

/** SQLite's primary result code of a node:sqlite error, if it is one. */
export function sqliteCode(error: unknown): number | undefined {
  const errcode = (error as { errcode?: unknown }).errcode;
  return typeof errcode === "number" ? errcode & 0xff : undefined;
}

/** One line: the file, what failed, SQLite's words and code, and the fix. */
export function describeStorageError(error: unknown, path: string, doing: string): StorageError {
  if (error instanceof StorageError) return error;
  const code = sqliteCode(error);
  const cause = code === undefined ? undefined : CAUSES[code];
  const words = (error as { errstr?: string }).errstr ?? (error instanceof Error ? error.message : String(error));
  const named = cause ? `${words} (${cause.name})` : words;
  return new StorageError(`outbox ${path}: cannot ${doing}: ${named}${cause ? `: ${cause.fix}` : ""}`, code);
}
