import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { PublishFailure } from "./failure.ts";

/** Whether a process with this id runs (signal 0 only asks). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * One publish at a time per root: a run by hand while the timer's runs would race it over the checkout's
 * published.yaml and the live link. The lock file holds the runner's process id; one whose process has ended
 * (killed, the server rebooted) is taken over. Returns the release.
 */
export function lockRoot(path: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, `${process.pid}\n`, { flag: "wx" });
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(readFileSync(path, "utf8"), 10);
      if (Number.isInteger(holder) && holder > 0 && running(holder))
        throw new PublishFailure(`another publish is running (process ${holder}, ${path})`);
      rmSync(path, { force: true });
    }
  }
  throw new PublishFailure(`cannot take the lock ${path}`);
}
