import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { loadContent } from "../../../src/content/load.ts";
import { copyOfContent } from "./temp-content.ts";

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
    `content/de/pages/insights/rag-agents.md: has no counterpart of the heading "Where it fails" (content/en/pages/insights/rag-agents.md:${line}) that the English page has: translate it, or leave it if this language's page differs on purpose`,
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
