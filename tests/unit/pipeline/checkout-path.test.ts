import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";
import { checkoutIn } from "../../support/checkout.ts";
import { differences } from "../../support/tree.ts";

// The operators' issue 53 bug: the same commit built in two folders gave other bundle names (enhance-DO5GUWMW.js
// and enhance-3U3CZEKF.js), so every page's CSP hash differed too. esbuild hashed each input's path relative to the
// working directory after following symbolic links, and node_modules is linked in from elsewhere (as in every git
// worktree here): React's path ran out of the checkout by as many "../" as the checkout is deep. So the two copies
// here stand at different depths, each with its own node_modules folder linking to the project's packages, and are
// built by `npm run build` as an operator runs it (tests/support/checkout.ts).
const work = mkdtempSync(join(tmpdir(), "checkout-path-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const run = promisify(execFile);

async function npmRunBuild(dir: string, outDir: string): Promise<void> {
  await run("npm", ["run", "build", "--", "--out-dir", outDir], { cwd: dir, env: process.env });
}

it("the same commit builds the same dist/ in two folders of other names and depths", async () => {
  const first = checkoutIn(join(work, "a"));
  const second = checkoutIn(join(work, "second-checkout", "of", "the-site"));
  await npmRunBuild(first, join(work, "dist-a"));
  await npmRunBuild(second, join(work, "dist-b"));
  expect(readdirSync(join(work, "dist-a", "assets")).some((name) => /^enhance-\w+\.js$/.test(name))).toBe(true);
  expect(differences(join(work, "dist-a"), join(work, "dist-b"))).toEqual([]);
}, 240_000);
