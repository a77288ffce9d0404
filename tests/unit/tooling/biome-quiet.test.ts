import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

// npm run check shows Biome's output only when lint fails; this keeps the configuration itself free of the
// notices Biome prints even on success (a deprecated key, a schema of another version), which an author
// running the tool directly would read as a problem.
describe("the Biome configuration", () => {
  it("lints without any notice: Biome prints its one summary line and nothing else", () => {
    const result = spawnSync("node_modules/.bin/biome", ["lint", "--error-on-warnings", "tests/support/free-port.ts"], {
      encoding: "utf8",
    });
    expect(result.status).toBe(0);
    expect(`${result.stdout}${result.stderr}`.trim()).toMatch(/^Checked 1 file in [\d.]+m?s\. No fixes applied\.$/);
  });
});
