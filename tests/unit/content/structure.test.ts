import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { loadContent } from "../../../src/content/load.ts";
import { ContentErrors } from "../../../src/content/read/errors.ts";
import { isStructureWarning } from "../../../src/content/rules/structure.ts";
import { translationWarnings } from "../../../src/content/rules/translations.ts";
import { build } from "../../../src/pipeline/index.ts";
import { copyOfContent, withRealData } from "../../support/content.ts";
import { TEST_VALIDATION_CACHE } from "../validation-cache.ts";

// Issue 42: a translation lacking a heading, a component or a figure of the default language's page is warned about,
// on the translation's file, naming what is missing with its line in the default language's file.
let copy: ReturnType<typeof copyOfContent> | undefined;
afterEach(() => copy?.cleanup());

const lineOf = (dir: string, file: string, needle: string) =>
  readFileSync(join(dir, file), "utf8")
    .split("\n")
    .findIndex((text) => text.includes(needle)) + 1;

const structureWarnings = async (edit: (c: ReturnType<typeof copyOfContent>) => void) => {
  copy = copyOfContent();
  edit(copy);
  const content = await loadContent(copy.dir);
  return content.warnings
    .map((warning) => warning.message.replace(/content-\w+\//g, "content/"))
    .filter((message) => message.includes("has no counterpart of"));
};

it("the site as it is: every translation has the default language's headings, components and figures", async () => {
  expect(await structureWarnings(() => undefined)).toEqual([]);
});

it("a German article missing a heading: the warning names the English heading and its line", async () => {
  const warnings = await structureWarnings((c) =>
    c.edit("de/pages/insights/rag-agents.md", (text) => text.replace("## Wo er scheitert\n\n", "")),
  );
  const line = lineOf(copy?.dir ?? "", "en/pages/insights/rag-agents.md", "## Where it fails");
  expect(line).toBeGreaterThan(0);
  expect(warnings).toEqual([
    `content/de/pages/insights/rag-agents.md: has no counterpart of the heading "Where it fails" (content/en/pages/insights/rag-agents.md:${line}) that the English page has: translate it, or, if it differs on purpose, choose Structure: Its own (structure: own in its front matter)`,
  ]);
});

it("npm run check lists a published language's missing heading as structure parity, not as a staged language's gap", async () => {
  copy = copyOfContent();
  copy.edit("de/pages/insights/rag-agents.md", (text) => text.replace("## Wo er scheitert\n\n", ""));
  const content = await loadContent(copy.dir, { staged: true });
  const headings = translationWarnings(content).map((block) => block.heading);
  expect(headings.filter((heading) => heading.includes("staged"))).toEqual([]);
  expect(content.warnings.filter(isStructureWarning).map((warning) => warning.file)).toEqual([
    expect.stringMatching(/\/de\/pages\/insights\/rag-agents\.md$/),
  ]);
  // The German words of the same warning, for a German author.
  expect(content.warnings.filter(isStructureWarning).map((warning) => warning.messageIn("de"))).toEqual([
    expect.stringContaining('hat keine Entsprechung für die Überschrift "Where it fails"'),
  ]);
});

it("a missing figure and a missing component are named too; a heading of another wording is no warning", async () => {
  const warnings = await structureWarnings((c) =>
    c.edit("de/pages/insights/rag-agents.md", (text) =>
      text
        .replace(/^!\[Schaubild[^\n]*\n/m, "")
        .replace(/^::cta\[[^\n]*\n/m, "")
        .replace("## Wo er scheitert", "## Wo er an Grenzen stößt"),
    ),
  );
  const en = "content/en/pages/insights/rag-agents.md";
  expect(warnings).toEqual([
    expect.stringContaining(`has no counterpart of the figure ./rag-agent.png (${en}:`),
    expect.stringContaining(`has no counterpart of the component cta (${en}:`),
  ]);
});

/** The German RAG article without its heading "Wo er scheitert", in a site with real data (a strict build's). */
const withoutHeading = (c: ReturnType<typeof copyOfContent>) => {
  c.edit("site.yaml", withRealData);
  c.edit("de/pages/insights/rag-agents.md", (text) => text.replace("## Wo er scheitert\n\n", ""));
};

/** What a build of the copy says: its content errors, or [] when it builds. */
const buildErrors = async (strict: boolean): Promise<string[]> => {
  const out = mkdtempSync(join(tmpdir(), "structure-out-"));
  try {
    await build({
      contentDir: copy?.dir ?? "",
      outDir: join(out, "dist"),
      strict,
      validationCache: TEST_VALIDATION_CACHE,
    });
    return [];
  } catch (error) {
    if (!(error instanceof ContentErrors)) throw error;
    return error.errors.map((problem) => problem.message.replace(/content-\w+\//g, "content/"));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
};

it("translations: complete and --strict: the build refuses a translation lacking a heading; other builds warn", async () => {
  copy = copyOfContent();
  withoutHeading(copy);
  expect(await buildErrors(false)).toEqual([]);
  expect(await buildErrors(true)).toEqual([
    expect.stringMatching(
      /^content\/de\/pages\/insights\/rag-agents\.md: has no counterpart of the heading "Where it fails" \(content\/en\/pages\/insights\/rag-agents\.md:\d+\)/,
    ),
  ]);
}, 120_000);

it("structure: own in the translation's front matter: no warning, and the strict build accepts it", async () => {
  copy = copyOfContent();
  withoutHeading(copy);
  copy.edit("de/pages/insights/rag-agents.md", (text) =>
    text.replace("slug: rag-agenten\n", "slug: rag-agenten\nstructure: own\n"),
  );
  const content = await loadContent(copy.dir);
  expect(content.warnings.map((warning) => warning.message).filter((m) => m.includes("has no counterpart of"))).toEqual(
    [],
  );
  expect(await buildErrors(true)).toEqual([]);
}, 120_000);

it("translations: partial: the strict build does not refuse a translation lacking a heading", async () => {
  copy = copyOfContent();
  withoutHeading(copy);
  copy.edit("site.yaml", (text) => text.replace("translations: complete", "translations: partial"));
  expect(await buildErrors(true)).toEqual([]);
}, 120_000);
