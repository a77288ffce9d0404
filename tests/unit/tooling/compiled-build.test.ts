import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CODE_FILES } from "../../../src/pipeline/incremental/fingerprint.ts";
import { compiledBuild, compiledFolder, INPUTS } from "../../../src/cli/compiled-build.ts";

// npm run build runs src/cli/build.ts compiled once per code fingerprint (src/cli/build-start.ts). The compiled
// command must make what the TypeScript one makes, and every file it is compiled from must be part of the
// fingerprint, or an edit to that file would go on running the old code.
const work = mkdtempSync(join(tmpdir(), "compiled-build-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("npm run build's compiled code", () => {
  it("is compiled only from files the code fingerprint reads", async () => {
    const cache = join(work, "code");
    const entry = await compiledBuild(resolve("src/cli/build.ts"), "a".repeat(64), cache);
    const inputs = JSON.parse(readFileSync(join(dirname(entry), INPUTS), "utf8")) as string[];
    expect(inputs).toContain("src/pipeline/index.ts");
    const unfingerprinted = inputs.filter((file) => !file.startsWith("src/") && !CODE_FILES.includes(file));
    expect(unfingerprinted).toEqual([]);
    // The same fingerprint finds the same code; others are kept to two besides the newest.
    expect(await compiledBuild(resolve("src/cli/build.ts"), "a".repeat(64), cache)).toBe(entry);
    for (const code of ["b", "c", "d"]) await compiledBuild(resolve("src/cli/build.ts"), code.repeat(64), cache);
    expect(readdirSync(cache).sort()).toEqual(
      ["b", "c", "d"].map((code) => basename(compiledFolder(resolve("src/cli/build.ts"), code.repeat(64), cache))),
    );
    expect(basename(dirname(entry))).toMatch(/^a{32}-[0-9a-f]{8}$/);
  });

  it("builds the same site, byte for byte, as src/cli/build.ts run through tsx", () => {
    const run = (command: string[], out: string) =>
      spawnSync(command[0] as string, [...command.slice(1), "--cold", "--out-dir", join(work, out)], {
        encoding: "utf8",
        env: { ...process.env, BUILD_DATE: "2026-11-24", CI: "true" },
      });
    const compiled = run(["npm", "run", "--silent", "build", "--"], "compiled");
    expect(compiled.status, compiled.stderr).toBe(0);
    const typescript = run([process.execPath, "--import", "tsx", "src/cli/build.ts"], "typescript");
    expect(typescript.status, typescript.stderr).toBe(0);
    const diff = spawnSync("diff", ["-r", join(work, "compiled"), join(work, "typescript")], { encoding: "utf8" });
    expect(diff.stdout).toBe("");
    expect(existsSync(join(work, "compiled", "index.html"))).toBe(true);
  });
});
