import { execFile, execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";
import { CACHES } from "../../../src/pipeline/caches.ts";
import { differences } from "../../support/tree.ts";

// The operators' issue 53 bug: the same commit built in two folders gave other bundle names (enhance-DO5GUWMW.js
// and enhance-3U3CZEKF.js), so every page's CSP hash differed too. esbuild hashed each input's path relative to the
// working directory after following symbolic links, and node_modules is linked in from elsewhere (as in every git
// worktree here): React's path ran out of the checkout by as many "../" as the checkout is deep. So the two copies
// here stand at different depths, each with its own node_modules folder linking to the project's packages, and are
// built by `npm run build` as an operator runs it.
const work = mkdtempSync(join(tmpdir(), "checkout-path-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const run = promisify(execFile);

/** A copy of the project's tracked files at `dir`, with a node_modules folder of its own that links to the packages. */
function checkout(dir: string): string {
  const tracked = execFileSync("git", ["ls-files", "-z"], { encoding: "utf8" }).split("\0").filter(Boolean);
  for (const file of tracked) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(file, join(dir, file), { verbatimSymlinks: true });
  }
  const modules = join(dir, "node_modules");
  mkdirSync(join(modules, ".cache"), { recursive: true });
  for (const entry of readdirSync("node_modules"))
    if (entry !== ".cache") symlinkSync(resolve("node_modules", entry), join(modules, entry));
  // The encoded images and drawn cards are shared (their keys are their bytes and code, so a path in them would
  // show as a miss and a new name); the compiled build code and the build records are each checkout's own.
  for (const cache of [CACHES.images, CACHES.cards, CACHES.editor, CACHES.validation]) {
    mkdirSync(resolve(cache), { recursive: true });
    symlinkSync(resolve(cache), join(dir, cache));
  }
  return dir;
}

async function npmRunBuild(dir: string, outDir: string): Promise<void> {
  await run("npm", ["run", "build", "--", "--out-dir", outDir], { cwd: dir, env: process.env });
}

it("the same commit builds the same dist/ in two folders of other names and depths", async () => {
  const first = checkout(join(work, "a"));
  const second = checkout(join(work, "second-checkout", "of", "the-site"));
  await npmRunBuild(first, join(work, "dist-a"));
  await npmRunBuild(second, join(work, "dist-b"));
  expect(readdirSync(join(work, "dist-a", "assets")).some((name) => /^enhance-\w+\.js$/.test(name))).toBe(true);
  expect(differences(join(work, "dist-a"), join(work, "dist-b"))).toEqual([]);
}, 240_000);
