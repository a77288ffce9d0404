import { randomUUID } from "node:crypto";
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";

/**
 * The one scratch name beside `path`: unique to this process and call, so two builds (or two threads) writing the
 * same file never write into each other's scratch, and ending in .tmp so a reader listing the folder can skip it.
 */
export const scratchOf = (path: string): string => `${path}.${process.pid}-${randomUUID()}.tmp`;

/**
 * Writes a file whole or not at all: the bytes go to a scratch name beside it and are renamed over it, so a reader
 * (the next build, a server, git) sees the old file or the new one, never half of one. Makes the folder if needed.
 * `scratchDir`: where the scratch file goes instead (on the same disk), for a folder a watcher must not see it in.
 */
export function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  { scratchDir }: { scratchDir?: string } = {},
): void {
  mkdirSync(dirname(path), { recursive: true });
  const scratch = scratchOf(scratchDir === undefined ? path : join(scratchDir, `.${basename(path)}`));
  try {
    writeFileSync(scratch, data);
    renameSync(scratch, path);
  } finally {
    rmSync(scratch, { force: true });
  }
}
