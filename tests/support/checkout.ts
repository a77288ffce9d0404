import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, symlinkSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { CACHES } from "../../src/pipeline/caches.ts";

// A second checkout of the project, for the tests that run `npm run build` as an operator does in another folder.

/**
 * The caches whose entries are keyed by their bytes and the code that fills them (never by a path): a checkout
 * elsewhere finds the same entries, so a second checkout shares them rather than encoding the images, drawing the
 * cards, rewriting the editor and validating every page again. The compiled build code and the build records stay
 * each checkout's own.
 */
const SHARED_CACHES = [CACHES.images, CACHES.cards, CACHES.editor, CACHES.validation];

/**
 * The project's tracked and new files copied to `dir`, with a node_modules folder of its own that links to each
 * package, and links to the shared caches in its node_modules/.cache.
 */
export function checkoutIn(dir: string): string {
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    encoding: "utf8",
  })
    .split("\0")
    .filter((file) => file !== "" && existsSync(file));
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(file, join(dir, file), { verbatimSymlinks: true });
  }
  const modules = join(dir, "node_modules");
  mkdirSync(join(modules, ".cache"), { recursive: true });
  for (const entry of readdirSync("node_modules"))
    if (entry !== ".cache") symlinkSync(resolve("node_modules", entry), join(modules, entry));
  for (const cache of SHARED_CACHES) {
    mkdirSync(resolve(cache), { recursive: true });
    symlinkSync(resolve(cache), join(dir, cache));
  }
  return dir;
}
