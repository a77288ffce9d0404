import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import { rm } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { nextOutputPrefix, removeLeftovers } from "./leftovers.ts";
import { makeReadable } from "./readable.ts";

/**
 * Runs `write` against a fresh temporary folder next to `outDir` and only replaces `outDir` when it
 * succeeds, then `then`. A failed build leaves the previous output exactly as it was, so a server keeps serving it.
 * With `trash` (a folder of the build cache), the replaced output is moved there and deleted by the next build
 * while that one works, instead of at the end of this one; where it cannot be moved there, it is deleted now.
 * The new output is readable by any web server (readable.ts) before it takes `outDir`'s place.
 */
export async function buildAtomically<T>(
  outDir: string,
  write: (tempDir: string) => Promise<T>,
  /** What to do once the new output is in place (the build's records), while the old one is deleted. */
  then?: (result: T) => void,
  { trash }: { trash?: string } = {},
): Promise<T> {
  const target = resolve(outDir);
  // What the last build left in the trash, and what a killed build left beside the output, go on libuv's threads
  // while this one works.
  const emptying = Promise.all([trash ? emptyTrash(trash) : undefined, removeLeftovers(target)]);
  const temp = mkdtempSync(nextOutputPrefix(target));
  let result: T;
  try {
    result = await write(temp);
    makeReadable(temp);
  } catch (error) {
    try {
      rmSync(temp, { recursive: true, force: true });
    } catch {
      // Never in place of the build's own error: the next build removes what is left (removeLeftovers).
    }
    await emptying;
    throw error;
  }
  // Two renames on one file system: the old output is moved aside (not deleted) until the new one is in place.
  const old = `${temp.replace(/-next-/, "-old-")}`;
  const replaced = existsSync(target);
  if (replaced) renameSync(target, old);
  renameSync(temp, target);
  // Deleting a large output takes a while: on libuv's threads, alongside `then` on this one.
  const removing = replaced && !intoTrash(old, trash) ? rm(old, { recursive: true, force: true }) : undefined;
  try {
    then?.(result);
  } finally {
    await Promise.all([removing, emptying]);
  }
  return result;
}

async function emptyTrash(trash: string): Promise<void> {
  let names: string[];
  try {
    names = readdirSync(trash);
  } catch {
    return;
  }
  await Promise.all(names.map((name) => rm(join(trash, name), { recursive: true, force: true })));
}

/** Moves a replaced output into the trash; false where it cannot go there (another file system, say). */
function intoTrash(old: string, trash: string | undefined): boolean {
  if (!trash) return false;
  try {
    mkdirSync(trash, { recursive: true });
    renameSync(old, join(trash, basename(old)));
    return true;
  } catch {
    return false;
  }
}
