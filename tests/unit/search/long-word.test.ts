// One German word of 50,000 letters in a page: its terms are bounded (at most MAX_PARTS of at most MAX_TERM
// letters), so the index grows by what any page adds, not by the square of the word's length (it was 341 MB), and
// the browser's engine, searching a tree as deep as its longest term, still answers every query. The browser's own
// side: tests/e2e/search-long-word.spec.ts.
import { rmSync } from "node:fs";
import { dirname } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadContent } from "../../../src/content/load.ts";
import { RouteModel } from "../../../src/routes/model.ts";
import { searchOptions } from "../../../src/search/browser/engine.ts";
import { SEARCH_INDEX } from "../../../src/search/browser/paths.ts";
import { indexTerms, MAX_PARTS, MAX_TERM } from "../../../src/search/browser/terms.ts";
import { partsOf } from "../../../src/search/compounds.ts";
import { searchIndexes, searchTexts } from "../../../src/search/index-builder.ts";
import { TODAY } from "./site.ts";
import { LONG_PAGE, LONG_WORD, longWordSite } from "./long-word-site.ts";
import { fromFiles, shardedIndex } from "./sharded.ts";

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dirname(dir), { recursive: true, force: true });
});

/** The German index and texts of the site with `word` on its page, in bytes, and the index file itself. */
async function germanIndex(word?: string) {
  const dir = longWordSite(word);
  made.push(dir);
  const model = new RouteModel(await loadContent(dir), { today: TODAY });
  const files = searchIndexes(model);
  const german = [...files].filter(
    ([file]) => file === SEARCH_INDEX.file("de") || file.startsWith("search/shards/de/"),
  );
  const texts = [...searchTexts(model).values()].reduce((sum, text) => sum + Buffer.byteLength(text), 0);
  const bytes = german.reduce((sum, [, json]) => sum + Buffer.byteLength(json), texts);
  return { bytes, index: await shardedIndex(fromFiles(files), "de") };
}

describe("a German word of 50,000 letters", () => {
  it("yields at most MAX_PARTS terms of at most MAX_TERM letters", () => {
    const terms = indexTerms(partsOf(LONG_WORD, "de"), "de");
    expect(terms.length).toBeLessThanOrEqual(MAX_PARTS + 1);
    for (const term of terms) expect(term.length).toBeLessThanOrEqual(MAX_TERM);
    // The word's start and a compound part inside it are still terms' starts.
    expect(terms.some((term) => term.startsWith("donaudampfschiff"))).toBe(true);
    expect(terms.some((term) => term.startsWith("gesellschaft"))).toBe(true);
  });

  it("grows the index and the texts by under 1 MB over the same page with a short word, and search still answers", async () => {
    const [short, long] = await Promise.all([germanIndex("Wort"), germanIndex()]);
    expect(long.bytes - short.bytes).toBeLessThan(1024 * 1024);
    const found = async (query: string) =>
      (await long.index.withStored((await long.index.engine(query)).search(query, searchOptions("de")))).map(
        (result) => result.u,
      );
    expect(await found("Beratung")).toContain(LONG_PAGE.path);
    expect(await found("Agent")).toContain("/de/einblicke/rag-agenten");
    expect(await found("Donaudampfschiff")).toEqual([LONG_PAGE.path]);
    // A visitor pasting the whole word (fuzzy, by prefix) gets an answer, not a stack overflow.
    expect(await found(LONG_WORD)).toEqual([LONG_PAGE.path]);
  }, 120_000);
});
