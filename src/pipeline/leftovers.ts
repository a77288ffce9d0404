import { readdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { running } from "./running.ts";

/**
 * Where a build writes its next output beside `target` (swap.ts): a hidden folder named with the building process's
 * id, .dist-next-<pid>-XXXXXX, so that a later build can tell a running build's folder from a killed one's.
 */
export const nextOutputPrefix = (target: string) => join(dirname(target), `.${basename(target)}-next-${process.pid}-`);

/**
 * Removes what builds killed in the middle left beside `target`: their next output (.dist-next-*) and the old one
 * they had moved aside (.dist-old-*). The process id in the name is the lock: a folder whose process still runs
 * belongs to a build at work (another terminal, the dev server, a test) and is left alone. A name without one
 * comes from a build before this rule and is removed.
 */
export async function removeLeftovers(target: string): Promise<void> {
  const parent = dirname(target);
  const own = new RegExp(
    `^\\.${basename(target).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}-(?:next|old)-(?:(\\d+)-)?[A-Za-z0-9]{6}$`,
  );
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return;
  }
  const stale = names.filter((name) => {
    const found = own.exec(name);
    return found !== null && (found[1] === undefined || !running(Number(found[1])));
  });
  await Promise.all(stale.map((name) => rm(join(parent, name), { recursive: true, force: true })));
}
