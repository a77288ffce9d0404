import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContent } from "../../../src/content/load.ts";
import { ContentErrors } from "../../../src/content/read/errors.ts";
import { earlyTranslations } from "../../../src/content/rules/schedule.ts";
import { EDITOR_DATA_ID, type EditorData } from "../../../src/editor/browser/data.ts";
import { verdictOf } from "../../../src/editor/browser/verdict.ts";
import type { Finding, VerdictFacts } from "../../../src/shared/verdict/entry.ts";
import { buildOf, type Content, contentWith, failureOf, outOf } from "../../support/build.ts";
import { CAMPAIGN_PAGE, campaignContent } from "../../support/campaign.ts";

// Issue 54, item 3: the editor's verdict before a save (src/shared/verdict/, run by src/editor/browser/verdict.ts)
// says what the build says after it, on the same entry. Each case makes one mistake in a copy of the site, asks the
// build (the loader's problems and warnings, or the real build's refusal) and the shared rules (on the entry as the
// editor holds it: each language's front matter and body, with the facts the build put into /admin/'s page), and
// expects the same problems from both.
let facts: VerdictFacts;
let site: Content;
const copies: Content[] = [];

beforeAll(async () => {
  site = contentWith({}, { prefix: "verdict-facts-" });
  await buildOf(site);
  const html = readFileSync(join(outOf(site), "admin/index.html"), "utf8");
  const json = new RegExp(`id="${EDITOR_DATA_ID}">([^<]*)</script>`).exec(html)?.[1] ?? "{}";
  facts = (JSON.parse(json) as EditorData).verdict;
}, 240_000);

afterAll(() => {
  site?.cleanup();
  for (const copy of copies) copy.cleanup();
});

/** A copy of the site with `edits` made (file: change of its text). */
function copyWith(edits: Record<string, (text: string) => string>): Content {
  const copy = contentWith({}, { prefix: "verdict-" });
  copies.push(copy);
  for (const [file, change] of Object.entries(edits)) copy.edit(file, change);
  return copy;
}

/** A page's files as the editor holds the entry: each language's front matter and body (body as the field's value). */
function pageEntry(copy: Content, key: string): Record<string, unknown> {
  const read = (lang: string) => {
    const text = readFileSync(join(copy.dir, lang, "pages", `${key}.md`), "utf8");
    const [, front = "", body = ""] = /^---\n([\s\S]*?)\n---\n\n?([\s\S]*)$/.exec(text) ?? [];
    return { ...(parse(front) as Record<string, unknown>), body: body.trim() };
  };
  return { data: read("en"), i18n: { de: { data: read("de") } }, path: `content/en/pages/${key}.md` };
}

function commonEntry(copy: Content): Record<string, unknown> {
  const read = (lang: string) => parse(readFileSync(join(copy.dir, lang, "common.yaml"), "utf8")) as object;
  return { data: read("en"), i18n: { de: { data: read("de") } }, path: "content/en/common.yaml" };
}

const editorVerdict = (entry: Record<string, unknown>): Finding[] => verdictOf(entry, facts);

/** The loader's problems (errors, or warnings when it loads) as the build words them, without file and line. */
async function loaderSays(copy: Content): Promise<{ errors: string[]; warnings: string[] }> {
  try {
    const content = await loadContent(copy.dir);
    return { errors: [], warnings: [...content.warnings, ...content.menuWarnings].map((warning) => warning.detail) };
  } catch (error) {
    if (error instanceof ContentErrors) return { errors: error.errors.map((e) => e.detail), warnings: [] };
    throw error;
  }
}

const ARTICLE = "insights/chatbot-roi";

describe("the editor's verdict and the build's, on the same entry", () => {
  it("the site as it is: neither finds anything in the article or the menus", async () => {
    expect(editorVerdict(pageEntry(site, ARTICLE))).toEqual([]);
    expect(editorVerdict(commonEntry(site))).toEqual([]);
  });

  it("a reserved slug: the same message, in English and German, at the slug", async () => {
    const copy = copyWith({ [`en/pages/${ARTICLE}.md`]: (text) => text.replace("date:", 'slug: "404"\ndate:') });
    const build = await loaderSays(copy);
    const found = editorVerdict(pageEntry(copy, ARTICLE));
    expect(found.map((finding) => [finding.locale, finding.field, finding.refused])).toEqual([["en", "slug", true]]);
    expect(build.errors).toEqual([found[0]?.said.en]);
    expect(found[0]?.said.de).toBe(
      'slug "404": "404" ist reserviert für die Seite für Adressen, die es nicht gibt: einen anderen Namen wählen',
    );
  });

  it("an image without alt text: the same message at the text", async () => {
    const copy = copyWith({
      [`de/pages/${ARTICLE}.md`]: (text) => `${text.trimEnd()}\n\n![](/media/chatbot-roi-breakeven.svg)\n`,
    });
    const build = await loaderSays(copy);
    const found = editorVerdict(pageEntry(copy, ARTICLE));
    const alt = found.filter((finding) => finding.said.en.includes("alt text"));
    expect(alt.map((finding) => [finding.locale, finding.field])).toEqual([["de", "body"]]);
    expect(build.errors).toContain(alt[0]?.said.en);
  });

  it("a link to no page: the build refuses it with the editor's words", async () => {
    const copy = copyWith({
      [`en/pages/${ARTICLE}.md`]: (text) => `${text.trimEnd()}\n\nSee [the other article](/insights/rag-agent).\n`,
    });
    const found = editorVerdict(pageEntry(copy, ARTICLE));
    expect(found.map((finding) => [finding.locale, finding.field, finding.said.en])).toEqual([
      [
        "en",
        "body",
        "broken link /insights/rag-agent: no page or file of the site has this address; did you mean /insights/rag-agents?",
      ],
    ]);
    const failure = await failureOf(copy);
    expect(failure.join("\n")).toContain(found[0]?.said.en);
  }, 240_000);

  it("a heading the German page lacks: the same heading named, on the German tab, refused where translations are complete", async () => {
    const copy = copyWith({
      [`de/pages/${ARTICLE}.md`]: (text) => text.replace(/\n## [^\n]*\n/, "\n"),
    });
    const build = await loaderSays(copy);
    const found = editorVerdict(pageEntry(copy, ARTICLE));
    expect(found.map((finding) => [finding.locale, finding.field, finding.refused, finding.fatal])).toEqual([
      ["de", "body", true, false],
    ]);
    const withoutPlace = build.warnings.map((warning) => warning.replace(/ \([^)]*\.md:\d+\)/, ""));
    expect(withoutPlace).toContain(found[0]?.said.en);
  });

  it("a translation dated before its original: the same message at the date", async () => {
    const copy = copyWith({ [`de/pages/${ARTICLE}.md`]: (text) => text.replace(/^date: .*$/m, "date: 2026-11-10") });
    const content = await loadContent(copy.dir);
    const build = earlyTranslations(content.pages, "en").map((warning) =>
      warning.detail.replace(/verdict-\w+\//, "content/"),
    );
    const found = editorVerdict(pageEntry(copy, ARTICLE));
    expect(found.map((finding) => [finding.locale, finding.field, finding.refused])).toEqual([["de", "date", true]]);
    expect(build).toEqual([found[0]?.said.en]);
  });

  it("a menu entry added in English only: both name the German menu's missing entry 5; a target changed: the same warning", async () => {
    const added = copyWith({
      "en/common.yaml": (text) =>
        text.replace(
          '    - { label: Contact, to: "#contact" }\n',
          (line) => `${line}    - { label: About, to: privacy }\n`,
        ),
    });
    const build = await loaderSays(added);
    const found = editorVerdict(commonEntry(added));
    expect(found.map((finding) => [finding.locale, finding.field, finding.refused])).toEqual([
      ["de", "header.nav", true],
    ]);
    expect(found[0]?.said.de).toContain("header.nav, Eintrag 5: das Menü auf Englisch hat ihn, das auf Deutsch nicht");
    expect(
      build.errors.some((error) => error.startsWith('"header.nav[4]" (header.nav, entry 5) is missing here')),
    ).toBe(true);
    const moved = copyWith({ "de/common.yaml": (text) => text.replace("to: insights }", "to: privacy }") });
    const warned = (await loaderSays(moved)).warnings.map((warning) => warning.replace(/\S*common\.yaml:\d+/, "FILE"));
    const target = editorVerdict(commonEntry(moved));
    expect(target.map((finding) => [finding.locale, finding.field, finding.refused])).toEqual([
      ["de", "header.nav.2.to", false],
    ]);
    expect(warned).toContain(target[0]?.said.en.replace(/\S*common\.yaml/, "FILE"));
  });
});

// Issue 59: the blocks of a campaign page (tests/fixtures/campaign/), judged by the same shared rules.
const CAMPAIGN = CAMPAIGN_PAGE.replace(/\.md$/, "");

/** A copy of the site with the campaign page, `edits` made to its files; and the facts with site.yaml's campaigns. */
async function campaignWith(edits: Record<string, (text: string) => string>) {
  const copy = campaignContent({}, "verdict-blocks-");
  copies.push(copy);
  for (const [file, change] of Object.entries(edits)) copy.edit(file, change);
  const codes = ((await loadContent(campaignContent({}, "verdict-codes-").dir)).site.campaigns ?? []).map(
    (campaign) => campaign.code,
  );
  return { copy, verdict: () => verdictOf(pageEntry(copy, CAMPAIGN), { ...facts, campaigns: codes }) };
}

const placeless = (message: string) => message.replace(/ \(\S*\.md(:\d+)?\)/g, "").replace(/\S*\/pages\//g, "pages/");

describe("the editor's verdict and the build's on a campaign page's blocks", () => {
  it("the fixture as it is: neither finds anything", async () => {
    const { copy, verdict } = await campaignWith({});
    expect(verdict()).toEqual([]);
    expect(await loaderSays(copy)).toEqual({ errors: [], warnings: [] });
  });

  it("a block the German page lacks, and one it adds: the same warnings, on the German tab at blocks", async () => {
    const { copy, verdict } = await campaignWith({
      [`de/pages/${CAMPAIGN_PAGE}`]: (text) =>
        text
          .replace(/ {2}- type: logos\n( {4}.*\n| {6}.*\n)*/, "")
          .replace("  - type: cta\n", "  - type: text\n    body: Noch ein Absatz.\n  - type: cta\n"),
    });
    const found = verdict();
    expect(found.map((finding) => [finding.locale, finding.field, finding.refused, finding.fatal])).toEqual([
      ["de", "blocks", true, false],
      ["de", "blocks.8", true, false],
    ]);
    expect(found[0]?.said.de).toContain("Block 7 (logos)");
    expect(found[1]?.said.de).toContain("Block 9 (text)");
    const build = (await loaderSays(copy)).warnings.map(placeless);
    expect(build).toEqual(found.map((finding) => placeless(finding.said.en)));
  });

  it("structure: own: no warning from either", async () => {
    const { copy, verdict } = await campaignWith({
      [`de/pages/${CAMPAIGN_PAGE}`]: (text) =>
        text.replace("blocks:\n", "structure: own\nblocks:\n").replace(/ {2}- type: logos\n( {4}.*\n| {6}.*\n)*/, ""),
    });
    expect(verdict()).toEqual([]);
    expect((await loaderSays(copy)).warnings).toEqual([]);
  });

  it("a figure without source or footnote, a quote without consent: the build's errors, in English and German, at their fields", async () => {
    const { copy, verdict } = await campaignWith({
      [`en/pages/${CAMPAIGN_PAGE}`]: (text) =>
        text.replace(/\n {8}footnote: [^\n]*/, "").replace("    consent: true\n", ""),
    });
    const found = verdict();
    expect(found.map((finding) => [finding.locale, finding.field, finding.fatal])).toEqual([
      ["en", "blocks.4.figures.0.value", true],
      ["en", "blocks.5.person", true],
    ]);
    expect(found[1]?.said.de).toContain("Einwilligung");
    const build = (await loaderSays(copy)).errors;
    for (const finding of found) expect(build).toContain(finding.said.en);
  });

  it("a campaign code site.yaml does not list: the build's error with its did-you-mean, at the campaign", async () => {
    const { copy, verdict } = await campaignWith({
      [`de/pages/${CAMPAIGN_PAGE}`]: (text) =>
        text.replace("campaign: ai-readiness-2026", "campaign: ai-readines-2026"),
    });
    const found = verdict();
    expect(found.map((finding) => [finding.locale, finding.field, finding.fatal])).toEqual([
      ["de", "blocks.9.campaign", true],
    ]);
    expect(found[0]?.said.de).toContain('war "ai-readiness-2026" gemeint?');
    expect((await loaderSays(copy)).errors).toEqual([found[0]?.said.en]);
  });
});
