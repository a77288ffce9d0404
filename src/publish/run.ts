import { spawnSync } from "node:child_process";
import { oneLine, PublishFailure } from "./failure.ts";
import type { PublishLog } from "./log.ts";

/**
 * Runs one command of a publish to its end, its output into the log. Its standard output is returned; when it
 * fails, a PublishFailure says `what` failed and the command's first error.
 */
export function run(
  what: string,
  command: string,
  args: readonly string[],
  { cwd, log, env }: { cwd?: string; log: PublishLog; env?: NodeJS.ProcessEnv },
): string {
  log.write(`$ ${[command, ...args].join(" ")}${cwd ? ` (in ${cwd})` : ""}`);
  const result = spawnSync(command, args, {
    cwd,
    env: { ...process.env, ...env },
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    stdio: ["ignore", "pipe", "pipe"],
  });
  log.write(result.stdout ?? "");
  log.write(result.stderr ?? "");
  if (result.error) throw new PublishFailure(`${what}: ${result.error.message}`);
  if (result.status !== 0)
    throw new PublishFailure(
      `${what}: ${oneLine(result.stderr || result.stdout || `exit status ${result.status ?? result.signal}`)}`,
    );
  return result.stdout;
}
