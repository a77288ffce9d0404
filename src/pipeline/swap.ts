import { existsSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { rm } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";

/**
 * Runs `write` against a fresh temporary folder next to `outDir` and only replaces `outDir` when it
 * succeeds, then `then`. A failed build leaves the previous output exactly as it was, so a server keeps serving it.
 */
export async function buildAtomically<T>(
  outDir: string,
  write: (tempDir: string) => Promise<T>,
  /** What to do once the new output is in place (the build's records), while the old one is deleted. */
  then?: (result: T) => void,
): Promise<T> {
  const target = resolve(outDir);
  const temp = mkdtempSync(join(dirname(target), `.${basename(target)}-next-`));
  let result: T;
  try {
    result = await write(temp);
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    throw error;
  }
  // Two renames on one file system: the old output is moved aside (not deleted) until the new one is in place.
  const old = `${temp.replace(/-next-/, "-old-")}`;
  if (existsSync(target)) renameSync(target, old);
  renameSync(temp, target);
  // Deleting a large output takes a while: on libuv's threads, alongside `then` on this one.
  const removing = rm(old, { recursive: true, force: true });
  try {
    then?.(result);
  } finally {
    await removing;
  }
  return result;
}
