import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { running } from "../pipeline/running.ts";
import { PublishFailure } from "./failure.ts";

/**
 * When a process started, as Linux counts it (/proc/<pid>/stat's starttime, in clock ticks since boot, and the
 * boot's id): with its id, it names one process. An id alone does not: after a reboot, or once ids wrap, another
 * process has it. Undefined where there is no /proc (the id alone then decides, as before).
 */
export function startOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command's name, which is in parentheses and may hold spaces: state is field 3, starttime 22.
    const start = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
    const boot = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    return start === undefined ? undefined : `${start}@${boot}`;
  } catch {
    return undefined;
  }
}

/**
 * Takes the lock file `path`, holding this process's id and start (startOf), and returns its release; or, while the
 * process that wrote it still runs, returns that process's id (NaN when a lock kept coming back unreadable). A lock
 * whose process has ended (killed, the machine rebooted) is taken over, even where its id now names another
 * process: the start written beside the id is not that process's.
 */
export function takeLock(path: string): (() => void) | number {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, `${process.pid} ${startOf(process.pid) ?? ""}\n`, { flag: "wx" });
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const [id = "", start] = readFileSync(path, "utf8").trim().split(/\s+/);
      const holder = Number.parseInt(id, 10);
      const same = start === undefined || start === "" || startOf(holder) === undefined || startOf(holder) === start;
      if (Number.isInteger(holder) && holder > 0 && running(holder) && same) return holder;
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
