import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { PublishLog } from "./log.ts";
import { run } from "./run.ts";

/** The files nginx's configuration includes from the output (docs/deploying.md's server block). */
const INCLUDE = /^_nginx-.*\.conf$/;

/** Each include's text by name. */
function includesOf(dir: string): Map<string, string> {
  if (!existsSync(dir)) return new Map();
  return new Map(
    readdirSync(dir)
      .filter((name) => INCLUDE.test(name))
      .map((name) => [name, readFileSync(join(dir, name), "utf8")]),
  );
}

/**
 * Whether nginx must re-read its configuration to serve `next` rather than `previous`: the security headers, the
 * old addresses' redirects and the framed pages are in the includes, read only when nginx loads its configuration.
 * The pages alone are read on every request.
 */
export function includesChanged(previous: string, next: string): boolean {
  const before = includesOf(previous);
  const after = includesOf(next);
  return before.size !== after.size || [...after].some(([name, text]) => before.get(name) !== text);
}

/** Runs the operator's reload command (--reload) through the shell. */
export function reload(command: string, log: PublishLog): void {
  run(`the reload (${command})`, "sh", ["-c", command], { log });
}
