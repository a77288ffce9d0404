// The index from the route model: what a live build indexes (published pages and sections only), what npm run
// dev's indexes (drafts and scheduled pages too, marked), and the output check that holds the written files to it.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContent } from "../../../src/content/load.ts";
import type { Content } from "../../../src/content/types.ts";
import { RouteModel } from "../../../src/routes/model.ts";
import { namedFiles, type StoredPage } from "../../../src/search/browser/engine.ts";
import { SEARCH_INDEX } from "../../../src/search/browser/paths.ts";
import { isSearchable, searchIndexes, searchTexts } from "../../../src/search/index-builder.ts";
import { checkSearchIndexes, writeSearchIndexes } from "../../../src/search/output.ts";
import { fromDir, fromFiles, manifestOf, storedPages } from "./sharded.ts";
import { PAGES, searchSite, TODAY } from "./site.ts";

let contentDir = "";
let content: Content;
beforeAll(async () => {
  contentDir = searchSite();
  content = await loadContent(contentDir, { drafts: true });
});
afterAll(() => rmSync(dirname(contentDir), { recursive: true, force: true }));

const stored = (files: Map<string, string>, lang: string): StoredPage[] => storedPages(fromFiles(files), lang);

const deepStored = () =>
  stored(searchIndexes(new RouteModel(content, { today: TODAY })), "de").find((page) => page.u === PAGES.deep.path);

describe("the search index", () => {
  it("a live build's holds each language's published pages and sections, and nothing else", () => {
    const model = new RouteModel(content, { today: TODAY });
    const files = searchIndexes(model);
    // Each language's manifest, and exactly the files it names under search/shards/<lang>/.
    const named = ["en", "de"].flatMap((lang) => {
      const { manifest } = manifestOf(fromFiles(files), lang);
      return [SEARCH_INDEX.file(lang), ...namedFiles(manifest).map((name) => SEARCH_INDEX.shardFile(lang, name))];
    });
    expect([...files.keys()].sort()).toEqual(named.sort());
    for (const lang of ["en", "de"]) {
      const expected = model.routes
        .filter((route) => route.lang === lang && (route.kind === "page" || route.kind === "section"))
        .filter((route) => (route.list?.number ?? 1) === 1)
        .map((route) => route.path);
      expect(
        stored(files, lang)
          .map((page) => page.u)
          .sort(),
      ).toEqual(expected.sort());
    }
    const de = stored(files, "de").map((page) => page.u);
    expect(de).toContain(PAGES.compounds.path);
    for (const hidden of [PAGES.draft, PAGES.scheduled, PAGES.expired]) expect(de).not.toContain(hidden.path);
    expect(de.some((path) => path.endsWith("/404"))).toBe(false);
    expect(stored(files, "de").every((page) => page.x === undefined)).toBe(true);
  });

  it("npm run dev's holds drafts, scheduled and expired pages, each with its marker", () => {
    const model = new RouteModel(content, { today: TODAY, drafts: true, future: true });
    const de = stored(searchIndexes(model), "de");
    const draft = de.find((page) => page.u === PAGES.draft.path);
    expect(draft?.x).toBe(content.langs.de?.common.pages.draft);
    for (const hidden of [PAGES.scheduled, PAGES.expired])
      expect(de.find((page) => page.u === hidden.path)?.x).toMatch(/\d{4}/);
  });

  it("shows the title, the section, the date and an excerpt that starts with the page's lead", () => {
    const model = new RouteModel(content, { today: TODAY });
    const page = stored(searchIndexes(model), "de").find((entry) => entry.u === PAGES.compounds.path);
    expect(page).toMatchObject({
      t: PAGES.compounds.title,
      s: model.find("insights", "de")?.page?.meta.title,
      d: "2026-11-20",
    });
    expect(page?.e.startsWith("Wie ein Chatbot im Kundenservice")).toBe(true);
  });

  it("writes each searchable page's text, which a match far into the page is cut from", () => {
    const texts = searchTexts(new RouteModel(content, { today: TODAY }));
    const deep = JSON.parse(texts.get(SEARCH_INDEX.textFile(PAGES.deep.path)) ?? '""') as string;
    const stored = deepStored();
    // The index's excerpt is the page's start, without the word; the text has both, and the markup as characters.
    expect(stored?.e.startsWith("Ein Bericht über vieles.")).toBe(true);
    expect(stored?.e).not.toContain(PAGES.deep.word);
    expect(deep.startsWith(stored?.e.replace(/ …$/, "") ?? "-")).toBe(true);
    expect(deep).toContain(`${PAGES.deep.markup} neben dem ${PAGES.deep.word}`);
    expect(texts.has(SEARCH_INDEX.textFile(PAGES.draft.path))).toBe(false);
  });

  it("is the same bytes whenever it is made from the same content", () => {
    const make = () => searchIndexes(new RouteModel(content, { today: TODAY }));
    expect(make()).toEqual(make());
    const texts = () => searchTexts(new RouteModel(content, { today: TODAY }));
    expect(texts()).toEqual(texts());
  });
});

describe("the output check", () => {
  let out = "";
  beforeAll(() => {
    out = mkdtempSync(join(tmpdir(), "search-out-"));
  });
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it("passes the files the build writes, and fails an index with a page too many or too few", () => {
    const live = new RouteModel(content, { today: TODAY });
    writeSearchIndexes(out, live);
    expect(checkSearchIndexes(out, live)).toEqual([]);
    // The dev index (with the draft) where a live build checks: the draft is no page of the live site.
    writeSearchIndexes(out, new RouteModel(content, { today: TODAY, drafts: true }));
    expect(checkSearchIndexes(out, live)).toContainEqual({
      file: SEARCH_INDEX.file("de"),
      message: `indexes ${PAGES.draft.path}, which is no searchable de page`,
    });
    const { manifest } = manifestOf(fromDir(out), "en");
    const storedFile = join(out, SEARCH_INDEX.shardFile("en", manifest.stored[0] ?? "-"));
    const [first, ...others] = JSON.parse(readFileSync(storedFile, "utf8")) as StoredPage[];
    const dropped = first?.u;
    writeFileSync(storedFile, JSON.stringify(others));
    expect(checkSearchIndexes(out, live)).toContainEqual({
      file: SEARCH_INDEX.file("en"),
      message: `does not index ${dropped}`,
    });
  });

  it("fails a missing index, and each missing text", () => {
    const empty = mkdtempSync(join(tmpdir(), "search-none-"));
    const live = new RouteModel(content, { today: TODAY });
    const problems = checkSearchIndexes(empty, live);
    rmSync(empty, { recursive: true, force: true });
    const texts = live.routes.filter(isSearchable).map((route) => SEARCH_INDEX.textFile(route.path));
    expect(texts).toContain("search/text/de/einblicke/langer-bericht.json");
    expect(problems.map((problem) => problem.file).sort()).toEqual(
      ["search/index-de.json", "search/index-en.json", ...texts].sort(),
    );
  });

  it("fails a text of a page that is not live, and writes the texts afresh", () => {
    const live = new RouteModel(content, { today: TODAY });
    writeSearchIndexes(out, new RouteModel(content, { today: TODAY, drafts: true }));
    const draftText = SEARCH_INDEX.textFile(PAGES.draft.path);
    expect(existsSync(join(out, draftText))).toBe(true);
    expect(checkSearchIndexes(out, live)).toContainEqual({
      file: draftText,
      message: "is the text of no searchable page",
    });
    // The live build's write leaves no text of the draft behind (npm run dev's rebuilds write over the same folder).
    writeSearchIndexes(out, live);
    expect(existsSync(join(out, draftText))).toBe(false);
    expect(checkSearchIndexes(out, live)).toEqual([]);
  });
});
