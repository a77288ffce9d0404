import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { running } from "../pipeline/running.ts";
import { PublishFailure } from "./failure.ts";

/**
 * Takes the lock file `path`, holding this process's id, and returns its release; or, while another running process
 * holds it, returns that process's id (NaN when a lock kept coming back unreadable). A lock whose process has ended
 * (killed, the machine rebooted) is taken over.
 */
export function takeLock(path: string): (() => void) | number {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, `${process.pid}\n`, { flag: "wx" });
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(readFileSync(path, "utf8"), 10);
      if (Number.isInteger(holder) && holder > 0 && running(holder)) return holder;
      rmSync(path, { force: true });
    }
  }
  return Number.NaN;
}

/**
 * One publish at a time per root: a run by hand while the timer's runs would race it over the checkout's
 * published.yaml and the live link. Returns the release.
 */
export function lockRoot(path: string): () => void {
  const taken = takeLock(path);
  if (typeof taken !== "number") return taken;
  throw new PublishFailure(
    Number.isNaN(taken) ? `cannot take the lock ${path}` : `another publish is running (process ${taken}, ${path})`,
  );
}
