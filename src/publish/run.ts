import { type SpawnSyncReturns, spawnSync } from "node:child_process";
import { constants } from "node:os";
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
  const signal = signalOf(result);
  if (signal)
    throw new PublishFailure(
      `${what}: killed by ${signal} before it ended (out of memory, a time limit such as the unit's TimeoutStartSec, or someone stopping it)`,
    );
  if (result.status !== 0)
    throw new PublishFailure(
      `${what}: ${oneLine(result.stderr || result.stdout || `exit status ${result.status ?? result.signal}`)}`,
    );
  return result.stdout;
}

/**
 * The signal that ended a command, if one did: its own, or, for a command run through a shell (npm run's scripts),
 * the one the shell's exit status 128 + n names. Its output before the signal (a build's first lines) is not what
 * went wrong.
 */
function signalOf(result: SpawnSyncReturns<string>): NodeJS.Signals | undefined {
  if (result.signal) return result.signal;
  const status = result.status ?? 0;
  if (status <= 128) return undefined;
  return (Object.entries(constants.signals) as [NodeJS.Signals, number][]).find(
    ([, number]) => number === status - 128,
  )?.[0];
}
