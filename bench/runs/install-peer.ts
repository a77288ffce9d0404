// A peer the bench or the audit compares with lives in bench/peers/<name> with its own package.json and lock
// file: installed there at the locked versions when first needed, never by the root npm install. npm install
// with --no-save rather than npm ci: Astro's lock lists its compiler's binary only for the platforms the
// registry mirror that wrote it had, and npm ci refuses a lock that lacks the others.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join, relative } from "node:path";

/** Installs the peer in `dir` unless its package `probe` is already there. */
export function installPeer(dir: string, probe: string, name: string): void {
  if (existsSync(join(dir, "node_modules", probe))) return;
  const folder = relative(process.cwd(), dir);
  console.log(`Installing ${name} for the comparison: npm install in ${folder} (once; the root npm install does not)…`);
  const run = spawnSync("npm", ["install", "--no-save", "--no-audit", "--no-fund"], { cwd: dir, stdio: "inherit" });
  if (run.status !== 0) throw new Error(`npm install in ${folder} failed`);
}
