import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";

// npm run check runs these two as its first steps; npm test (what CI runs) did not, and lint errors reached
// main unseen. Both take a few seconds over the whole project.
describe("the project's own code", () => {
  it("type-checks (tsc, strict)", () => {
    const result = spawnSync("node_modules/.bin/tsc", ["--noEmit", "-p", "."], { encoding: "utf8" });
    expect(`${result.stdout}${result.stderr}`).toBe("");
    expect(result.status).toBe(0);
  }, 120_000);

  // bench/ has packages of its own (bench/README.md), which npm test never installs: its types are checked where
  // npm run bench, audit or mutation installed them.
  const benchInstalled = existsSync("bench/node_modules/.installed-from");
  if (!benchInstalled)
    console.log("bench/'s types are not checked: its packages are not installed (npm run bench installs them)");
  it.runIf(benchInstalled)(
    "bench/ type-checks too, over its own packages",
    () => {
      const result = spawnSync("node_modules/.bin/tsc", ["--noEmit", "-p", "bench"], { encoding: "utf8" });
      expect(`${result.stdout}${result.stderr}`).toBe("");
      expect(result.status).toBe(0);
    },
    120_000,
  );

  // biome check: the lint rules and the formatter's layout (120 columns) in one pass.
  it("lints clean and is laid out as the formatter writes it (Biome, warnings as errors)", () => {
    const result = spawnSync("node_modules/.bin/biome", ["check", "--error-on-warnings"], { encoding: "utf8" });
    expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
  }, 60_000);
});
