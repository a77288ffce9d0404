import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { ContentErrors } from "../../../../src/content/read/errors.ts";
import { loadContent } from "../../../../src/content/load.ts";
import { SITE_CSS } from "../../../../src/pipeline/assets.ts";
import { CARD_BUDGET, cardRefusal } from "../../../../src/pipeline/cards/budget.ts";
import { renderPreviews } from "../../../../src/pipeline/cards/index.ts";
import { build } from "../../../../src/pipeline/index.ts";
import { RouteModel } from "../../../../src/routes/model.ts";
import { copyOfContent } from "../../../support/content.ts";
import { TEST_VALIDATION_CACHE } from "../../validation-cache.ts";

// Issue 29: a card is drawn within a fixed budget and only with characters its font has; otherwise the page shares
// the site's generic link preview and the build warns, naming the file. The headline itself has a length limit.
const work = mkdtempSync(join(tmpdir(), "checks-cards-"));
let copy: ReturnType<typeof copyOfContent> | undefined;
afterEach(() => copy?.cleanup());
afterAll(() => rmSync(work, { recursive: true, force: true }));

const ARTICLE = "en/pages/insights/chatbot-roi.md";
const lineOf = (dir: string, file: string, needle: string) =>
  readFileSync(join(dir, file), "utf8")
    .split("\n")
    .findIndex((line) => line.includes(needle)) + 1;

describe("link-preview cards that cannot be drawn", () => {
  it.each([
    ["CJK", "人工知能の導入ガイド", '"人" (U+4EBA)'],
    ["Arabic", "دليل الذكاء الاصطناعي", '"د" (U+062F)'],
    ["emoji", "Launch 🚀 with AI", '"🚀" (U+1F680)'],
  ])(
    "a %s title gets the generic preview and a warning naming the file and line, never boxes",
    async (_, title, shown) => {
      copy = copyOfContent("checks-content-");
      copy.edit(ARTICLE, (text) => text.replace(/^title: .*$/m, `title: "${title}"`));
      const outDir = join(work, String(Math.random()).slice(2));
      const { warnings, model, assets } = await build({
        contentDir: copy.dir,
        outDir,
        validationCache: TEST_VALIDATION_CACHE,
        previewCache: join(work, "cards"),
      });
      const name = copy.dir.split("/").pop() ?? "";
      const messages = warnings.map((warning) => warning.message.replace(name, "content"));
      expect(messages).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^content/${ARTICLE}:${lineOf(copy.dir, ARTICLE, "title: ")}: title: the link-preview card's font cannot draw ${shown.replace(/[()+]/g, "\\$&")}.*: the page shares the site's generic link preview$`,
          ),
        ),
      );
      const html = readFileSync(join(outDir, model.find("insights/chatbot-roi", "en")?.file ?? ""), "utf8");
      expect(html).toContain(`<meta property="og:image" content="${model.content.site.url}${assets.ogImage}"/>`);
      // The other pages keep their own cards.
      const other = readFileSync(join(outDir, model.find("insights/rag-agents", "en")?.file ?? ""), "utf8");
      expect(other).toMatch(
        /<meta property="og:image" content="[^"]*\/assets\/preview-insights-rag-agents-[0-9a-f]{8}\.png"/,
      );
    },
  );

  it("a title beyond the card's budget is not laid out: the generic preview and a warning", async () => {
    const model = new RouteModel(await loadContent("content"), { today: "2026-11-24" });
    const route = model.find("insights/rag-agents", "de");
    if (!route?.page) throw new Error("test setup: no German article");
    // Past the schema's limit, as a value that slipped past it would be.
    route.page.meta.title = "Donaudampfschifffahrts".repeat(20);
    const started = performance.now();
    const previews = await renderPreviews(model, model.content.site.url, {
      cacheDir: join(work, "budget-cards"),
      stylesheet: readFileSync(SITE_CSS, "utf8"),
    });
    expect(performance.now() - started).toBeLessThan(60_000);
    expect(previews.byFile.has(route.file)).toBe(false);
    expect(previews.warnings.map((warning) => warning.message)).toEqual([
      `content/de/pages/insights/rag-agents.md:2: title: its link-preview card cannot be drawn within its budget (440 characters; a card sets at most ${CARD_BUDGET.characters}): the page shares the site's generic link preview`,
    ]);
    // As npm run build prints it to a German author (LANG=de, issue 54).
    expect(previews.warnings.map((warning) => warning.messageIn("de"))).toEqual([
      `content/de/pages/insights/rag-agents.md:2: title: ihre Linkvorschau-Karte kann nicht im vorgesehenen Rahmen gezeichnet werden (440 Zeichen; eine Karte setzt höchstens ${CARD_BUDGET.characters}): die Seite bekommt die allgemeine Linkvorschau der Website (für eine eigene Karte diesen Wert ändern)`,
    ]);
  });

  it("Latin titles in the site's languages are drawn", () => {
    for (const title of ["Größe – „Anführung“ € ™ ‘x’ …", "Café déjà vu: naïve façade", "Œuvre ½ ¿Qué?"])
      expect(cardRefusal({ title, lang: "de" }), title).toBeUndefined();
  });
});

it("a 420-letter headline is refused with its file, line and limit (it ran the card layout for 20 s, then crashed)", async () => {
  copy = copyOfContent("checks-content-");
  const headline = `Donau${"dampfschifffahrtsgesellschaft".repeat(14)}`.slice(0, 420);
  copy.edit("de/home.yaml", (text) => text.replace(/^ {2}headline: .*$/m, `  headline: ${headline}`));
  const error = await loadContent(copy.dir).then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(ContentErrors);
  const name = copy.dir.split("/").pop() ?? "";
  expect((error as ContentErrors).errors.map((e) => e.message.replace(name, "content"))).toEqual([
    `content/de/home.yaml:${lineOf(copy.dir, "de/home.yaml", "  headline: ")}: hero.headline: has ${headline.length} characters, ${headline.length - 120} more than the 120 allowed: the link-preview card sets it in three lines`,
  ]);
});
