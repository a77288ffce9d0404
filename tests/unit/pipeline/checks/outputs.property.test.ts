/**
 * Issue 29: generated YAML values, written with YAML's escapes, from every class of code point (controls, bidi
 * overrides, zero-width characters, noncharacters, lone surrogates, markup, emoji, CJK), into the values that reach
 * every output kind, through the real loader and build. Each value is either refused by the loader with its file and
 * line, or built into outputs that all still parse as their readers parse them: no output check may have to catch it.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, expect, it } from "vitest";
import { ContentErrors } from "../../../../src/content/read/errors.ts";
import { findInvisible } from "../../../../src/content/read/guards.ts";
import { headersFor, parseHeadersFile } from "../../../../src/host/headers-file.ts";
import { jsonLdBlocks } from "../../../../src/pipeline/checks/structured-data.ts";
import { parseXml } from "../../../../src/pipeline/checks/xml.ts";
import { build } from "../../../../src/pipeline/index.ts";
import { copyOfContent } from "../../../support/content.ts";

const copy = copyOfContent("checks-property-");
const outDir = `${copy.dir}-dist`;
afterAll(() => {
  copy.cleanup();
  rmSync(outDir, { recursive: true, force: true });
});

/** Where a value goes, and the outputs it reaches: feeds, sitemap's page, JSON-LD, <title>, the card. */
const TARGETS = [
  { file: "site.yaml", pattern: /^( {2}name: ).*$/m },
  { file: "en/home.yaml", pattern: /^( {2}headline: ).*$/m },
  { file: "en/pages/insights/rag-agents.md", pattern: /^(title: ).*$/m },
  { file: "de/pages/insights/chatbot-roi.md", pattern: /^(summary: ).*$/m },
] as const;
const originals = new Map(TARGETS.map(({ file }) => [file, readFileSync(join(copy.dir, file), "utf8")]));

// Weighted so that many values pass the loader and reach the outputs, and many do not.
const codePoint = fc.oneof(
  { arbitrary: fc.integer({ min: 0x20, max: 0x7e }), weight: 12 },
  { arbitrary: fc.integer({ min: 0xa0, max: 0x24f }), weight: 4 },
  { arbitrary: fc.constantFrom(0x3c, 0x3e, 0x26, 0x22, 0x27, 0x24, 0x3b, 0x5c, 0x2028, 0x2029, 0x85), weight: 3 },
  { arbitrary: fc.integer({ min: 0x4e00, max: 0x4e50 }), weight: 1 },
  { arbitrary: fc.integer({ min: 0x1f600, max: 0x1f64f }), weight: 1 },
  { arbitrary: fc.integer({ min: 0x00, max: 0x1f }), weight: 1 },
  { arbitrary: fc.integer({ min: 0x7f, max: 0x9f }), weight: 1 },
  {
    arbitrary: fc.constantFrom(
      0x200b,
      0x200c,
      0x200d,
      0x200e,
      0x200f,
      0x202a,
      0x202e,
      0x2060,
      0x2066,
      0x2069,
      0xfeff,
      0xad,
    ),
    weight: 1,
  },
  { arbitrary: fc.constantFrom(0xfdd0, 0xfdef, 0xfffe, 0xffff, 0x1fffe, 0x10ffff, 0xd800, 0xdfff), weight: 1 },
);
/** A code point as a YAML double-quoted scalar writes it: itself when printable, else one of YAML's escapes. */
const written = (point: number, form: number) => {
  if (point >= 0x20 && point <= 0x7e && point !== 0x22 && point !== 0x5c) return String.fromCharCode(point);
  if (point <= 0xff && form === 0) return `\\x${point.toString(16).padStart(2, "0")}`;
  if (point <= 0xffff && form !== 2) return `\\u${point.toString(16).padStart(4, "0")}`;
  return `\\U${point.toString(16).padStart(8, "0")}`;
};
const value = fc
  .array(fc.tuple(codePoint, fc.integer({ min: 0, max: 2 })), { minLength: 1, maxLength: 12 })
  .map((points) => `"A ${points.map(([point, form]) => written(point, form)).join("")}"`);

/** Every file under dir, relative to it. */
const filesIn = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));

it("a YAML value from any class of code point is refused with its file and line, or every output still parses", async () => {
  const outcomes = { refused: 0, built: 0 };
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...TARGETS), value, async (target, yaml) => {
      for (const [file, text] of originals) writeFileSync(join(copy.dir, file), text);
      writeFileSync(
        join(copy.dir, target.file),
        (originals.get(target.file) ?? "").replace(target.pattern, (_, key: string) => `${key}${yaml}`),
      );
      let built: Awaited<ReturnType<typeof build>>;
      try {
        built = await build({
          contentDir: copy.dir,
          outDir,
          validationCache: join(outDir, "..", "checks-validated.json"),
        });
      } catch (error) {
        // Only the loader may say no, and only about the file the value is in, with its line.
        if (!(error instanceof ContentErrors)) throw error;
        for (const { problem } of error.errors) {
          expect(problem.file.endsWith(target.file), problem.message).toBe(true);
          expect(problem.line, problem.message).toBeGreaterThan(0);
        }
        outcomes.refused += 1;
        return;
      }
      outcomes.built += 1;
      const files = filesIn(outDir);
      for (const file of files.filter((name) => name.endsWith(".xml"))) {
        const parsed = parseXml(readFileSync(join(outDir, file), "utf8"));
        expect("root" in parsed ? "" : `${file}: ${JSON.stringify(parsed)}`).toBe("");
      }
      for (const file of built.files) {
        const html = readFileSync(join(outDir, file), "utf8");
        for (const block of jsonLdBlocks(html)) expect(() => JSON.parse(block), file).not.toThrow();
      }
      const rules = parseHeadersFile(readFileSync(join(outDir, "_headers"), "utf8"));
      expect(headersFor(rules, "/").length).toBeGreaterThan(5);
      for (const file of files.filter((name) => /\.(html|xml|txt|conf)$|^_/.test(name) && !name.startsWith("admin/")))
        expect(findInvisible(readFileSync(join(outDir, file), "utf8")), file).toBeUndefined();
    }),
    { numRuns: 20 },
  );
  // Neither half of the property was left untried.
  expect(outcomes.refused).toBeGreaterThan(0);
  expect(outcomes.built).toBeGreaterThan(0);
}, 600_000);
