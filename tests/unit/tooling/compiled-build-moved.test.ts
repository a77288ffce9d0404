import { spawnSync } from "node:child_process";
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { checkoutIn } from "../../support/checkout.ts";

// Issue 46: npm run build's compiled code, restored into another folder with node_modules/.cache (a CI runner with
// a workspace per run), runs that folder's code: the build's second thread, started on a site of more than 64 pages,
// once loaded its TypeScript from the folder the cache was compiled in, and failed where that folder was gone.
const work = mkdtempSync(join(tmpdir(), "compiled-moved-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A copy of the project in `dir` (checkoutIn), with a site large enough for the build's second thread. */
function projectIn(dir: string): void {
  checkoutIn(dir);
  // 80 more pages in each language.
  for (const lang of ["en", "de"]) {
    mkdirSync(join(dir, "content", lang, "pages", "bulk"), { recursive: true });
    for (let n = 1; n <= 80; n++)
      writeFileSync(
        join(dir, "content", lang, "pages", "bulk", `page-${n}.md`),
        `---\ntitle: Page ${n}\ndescription: One of many pages.\n---\n\nSome text on page ${n}.\n`,
      );
  }
}

const build = (dir: string) =>
  spawnSync("npm", ["run", "--silent", "build", "--", "--cold", "--out-dir", join(dir, "out")], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, BUILD_DATE: "2026-11-24", CI: "true" },
  });

it("a compiled build restored into another folder builds a large site there, the first folder gone", () => {
  const first = join(work, "first");
  const second = join(work, "second");
  projectIn(first);
  const once = build(first);
  expect(once.status, once.stderr).toBe(0);
  expect(readdirSync(join(first, "node_modules", ".cache", "leap-ai-code")).length).toBeGreaterThan(0);
  // The host restores the cache into the next run's workspace; the first one is cleaned away.
  projectIn(second);
  // The caches both checkouts link to (checkoutIn) are in place already; the rest is the first one's own.
  cpSync(join(first, "node_modules", ".cache"), join(second, "node_modules", ".cache"), {
    recursive: true,
    filter: (path) => !lstatSync(path).isSymbolicLink(),
  });
  rmSync(first, { recursive: true, force: true });
  const moved = build(second);
  expect(moved.status, `${moved.stdout}\n${moved.stderr}`).toBe(0);
  expect(existsSync(join(second, "out", "bulk", "page-80.html"))).toBe(true);
}, 600_000);
