import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface Measured {
  /** Seconds of wall-clock time, CPU time (user + system, the process and everything it started), peak RSS in MB. */
  wall: number;
  cpu: number;
  rssMb: number;
  stdout: string;
}

const GNU_TIME = "/usr/bin/time";

/**
 * Runs a command to its end and measures it with GNU time (Debian's `time` package): CPU time counts every
 * thread and child, so it stays comparable on a machine busy with other work, where wall time does not.
 * Without GNU time, only wall time is measured (CPU and RSS are NaN).
 */
export function measure(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Measured {
  const env = { ...process.env, ...options.env };
  if (!existsSync(GNU_TIME)) {
    const started = performance.now();
    const run = spawnSync(command, args, { cwd: options.cwd, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    if (run.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${run.stderr}`);
    return { wall: (performance.now() - started) / 1000, cpu: Number.NaN, rssMb: Number.NaN, stdout: run.stdout };
  }
  const dir = mkdtempSync(join(tmpdir(), "bench-time-"));
  try {
    const report = join(dir, "time");
    const run = spawnSync(GNU_TIME, ["-f", "%e %U %S %M", "-o", report, command, ...args], {
      cwd: options.cwd,
      env,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    if (run.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${run.stderr}`);
    const [wall = 0, user = 0, system = 0, rssKb = 0] = (readFileSync(report, "utf8").trim().split("\n").at(-1) ?? "")
      .split(" ")
      .map(Number);
    return { wall, cpu: user + system, rssMb: rssKb / 1024, stdout: run.stdout };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** The value below which `share` (0.9 for the 90th percentile) of the values lie: nearest rank, no interpolation. */
export const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
};
