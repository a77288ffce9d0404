import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Issue 40: the test run holds on a loaded machine with no test retried. A retry turns a race into a pass
// (editor.spec.ts had one, and a loaded run passed only on it), so no configuration or spec may set one; and
// tests/support/test.ts counts a test that passed on a retry as failed.
/** A retry in a configuration file: Playwright's `retries`, vitest's `retry`, other than 0. */
const IN_CONFIG = /\b(retries|retry)\s*:\s*(?!0\b)[^,}\s]+/g;
/** A retry in a test file: Playwright's `describe.configure({ retries })`, vitest's `{ retry }` options of a test. */
const IN_TEST =
  /(configure\(\{[^}]*\bretries\s*:\s*(?!0\b)[^,}\s]+|\b(it|test|describe)(\.\w+)?\([^\n]*,\s*\{\s*retry\s*:\s*(?!0\b)[^,}\s]+)/g;

function retriesIn(text: string, pattern: RegExp): string[] {
  return [...text.matchAll(pattern)].map((match) => match[0]);
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|mts|js)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe("no test is retried", () => {
  it("finds a retry where one is set (the rule can fail)", () => {
    expect(retriesIn('test.describe.configure({ mode: "serial", retries: 1 });', IN_TEST)).toHaveLength(1);
    expect(retriesIn('it("sends", { retry: 2 }, async () => {', IN_TEST)).toHaveLength(1);
    expect(
      retriesIn("export default defineConfig({ test: { retry: process.env.CI ? 2 : 0 } });", IN_CONFIG),
    ).toHaveLength(1);
    expect(retriesIn("  retries: 0,", IN_CONFIG)).toEqual([]);
    // A message's own retries, as the receiver's tests count them, are not a test's.
    expect(retriesIn("const attempt = { retry: 1 };", IN_TEST)).toEqual([]);
  });

  it("no configuration and no test sets one", () => {
    const found = [
      ...["playwright.config.ts", "vitest.config.ts", "vitest.webkit.config.ts"].flatMap((file) =>
        retriesIn(readFileSync(file, "utf8"), IN_CONFIG).map((setting) => `${file}: ${setting}`),
      ),
      ...sources("tests")
        .filter((file) => !file.endsWith("no-retries.test.ts"))
        .flatMap((file) => retriesIn(readFileSync(file, "utf8"), IN_TEST).map((setting) => `${file}: ${setting}`)),
    ];
    expect(found).toEqual([]);
  });
});
