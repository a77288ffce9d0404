import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sourceKey } from "../../../src/cache/source-key.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "source-key-"));
  mkdirSync(join(dir, "browser"));
  writeFileSync(join(dir, "draw.ts"), "export const width = 1200;\n");
  writeFileSync(join(dir, "browser", "main.ts"), "console.log(1);\n");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const url = (path: string) => pathToFileURL(join(dir, path));
const keyOf = (values: unknown[] = []) =>
  sourceKey({ sources: [url("draw.ts"), url("browser")], packages: ["yaml"], from: import.meta.url, values });

describe("sourceKey: a cache keyed by the code that filled it", () => {
  it("stays the same while nothing that made the entries changes", () => {
    expect(keyOf()).toBe(keyOf());
    expect(keyOf()).toMatch(/^[0-9a-f]{64}$/);
  });

  it("changes with one byte of a source file, a file added to a source folder, or another value", () => {
    const before = keyOf(["site"]);
    writeFileSync(join(dir, "draw.ts"), "export const width = 1201;\n");
    const edited = keyOf(["site"]);
    writeFileSync(join(dir, "browser", "menu.ts"), "");
    const added = keyOf(["site"]);
    const keys = [before, edited, added, keyOf(["dev"])];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("counts a package's installed version, and cannot confuse one list of parts with another", () => {
    const withoutPackage = sourceKey({ sources: [url("draw.ts")] });
    expect(sourceKey({ sources: [url("draw.ts")], packages: ["yaml"], from: import.meta.url })).not.toBe(
      withoutPackage,
    );
    // The same bytes split differently between values are different parts.
    expect(sourceKey({ values: ["ab", "c"] })).not.toBe(sourceKey({ values: ["a", "bc"] }));
    expect(() => sourceKey({ packages: ["yaml"] })).toThrow(/calling module/);
  });

  it("reads the version of a package whose exports leave out its manifest, as the module would load it", () => {
    const installed = (version: string) => {
      mkdirSync(join(dir, "node_modules", "sealed"), { recursive: true });
      const manifest = { name: "sealed", version, type: "module", exports: { ".": "./index.js" } };
      writeFileSync(join(dir, "node_modules", "sealed", "package.json"), JSON.stringify(manifest));
      return sourceKey({ packages: ["sealed"], from: url("draw.ts").href });
    };
    const first = installed("1.0.0");
    expect(installed("1.0.0")).toBe(first);
    expect(installed("1.0.1")).not.toBe(first);
    expect(() => sourceKey({ packages: ["not-installed-anywhere"], from: url("draw.ts").href })).toThrow(
      /not installed/,
    );
  });
});
