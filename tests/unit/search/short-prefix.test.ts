// A short prefix on a large site (issue 55): the first letter a visitor types starts thousands of words, whose shards
// together grow with the site; the query fetches the prefix's completions instead, so what it downloads stays about
// the same however many pages there are, and it still finds the pages of the prefix's words.
import MiniSearch from "minisearch";
import { describe, expect, it } from "vitest";
import { INDEX_OPTIONS, type IndexedPage, type IndexFile } from "../../../src/search/browser/engine.ts";
import { SEARCH_INDEX } from "../../../src/search/browser/paths.ts";
import { openShardedIndex } from "../../../src/search/browser/shards.ts";
import { STORED_PAGES, splitIndex } from "../../../src/search/split.ts";

/** A deterministic stream of numbers in [0, 1). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/**
 * The files of an English index of `count` pages as the build writes them: a vocabulary that grows with the site
 * (as a larger site has more words, not more of each), half its words starting with "a", 30 words a page.
 */
function site(count: number): Map<string, string> {
  const next = random(count);
  const letters = "abcdefghijklmnopqrstuvwxyz";
  const vocabulary = Array.from({ length: count }, (_, at) => {
    const first = at % 2 === 0 ? "a" : (letters[1 + Math.floor(next() * 25)] as string);
    const rest = Array.from({ length: 4 + Math.floor(next() * 5) }, () => letters[Math.floor(next() * 26)]).join("");
    return first + rest;
  });
  const pick = () => vocabulary[Math.floor(next() * vocabulary.length)] as string;
  const index = new MiniSearch<IndexedPage>(INDEX_OPTIONS);
  index.addAll(
    Array.from({ length: count }, (_, id) => ({
      id,
      title: [pick(), pick()].join(" "),
      body: Array.from({ length: 30 }, pick).join(" "),
      t: `Page ${id}`,
      u: `/page-${id}/`,
      e: "",
    })),
  );
  const split = splitIndex(index.toJSON() as unknown as Record<string, unknown>);
  const manifest: IndexFile = {
    copy: { title: "", placeholder: "", close: "", results: "", oneResult: "", noResults: "", otherLanguage: "" },
    languages: { en: "English" },
    dateLocale: "en",
    pages: split.pages,
    stored: split.stored,
    storedPages: STORED_PAGES,
    shards: split.shards,
    completions: split.completions,
  };
  const files = new Map([...split.files].map(([name, json]) => [SEARCH_INDEX.shardFile("en", name), json]));
  files.set(SEARCH_INDEX.file("en"), JSON.stringify(manifest));
  return files;
}

/** What the dialog's reader fetches for `query`: the bytes of the term files, and the whole letter's shards. */
async function firstQuery(files: Map<string, string>, query: string) {
  const fetched: string[] = [];
  const index = await openShardedIndex("en", async (path) => {
    fetched.push(path);
    return JSON.parse(files.get(path) as string);
  });
  const { count, results } = await index.search(query, 10);
  const bytes = (paths: string[]) => paths.reduce((sum, path) => sum + (files.get(path) as string).length, 0);
  const termFiles = fetched.filter((path) => !/\/(pages|stored)-/.test(path) && path !== SEARCH_INDEX.file("en"));
  const letter = Object.entries(index.manifest.shards)
    .filter(([key]) => key.startsWith(query))
    .map(([, name]) => SEARCH_INDEX.shardFile("en", name));
  return { count, results, fetched: bytes(termFiles), letter: bytes(letter) };
}

describe("a one-letter query on a large site", () => {
  it("fetches about the same bytes of terms at 8,000 pages as at 2,000, though the letter's shards grow fourfold", async () => {
    const small = await firstQuery(site(2000), "a");
    const large = await firstQuery(site(8000), "a");
    expect(large.letter).toBeGreaterThan(3 * small.letter);
    expect(large.fetched).toBeLessThan(1.25 * small.fetched);
    expect(large.fetched).toBeLessThan(large.letter / 4);
  });

  it("still finds pages, each by a word that starts with the letter, and never throws", async () => {
    const files = site(8000);
    const { count, results } = await firstQuery(files, "a");
    expect(count).toBeGreaterThan(100);
    expect(results).toHaveLength(10);
    for (const result of results) expect(result.terms.every((term) => term.startsWith("a"))).toBe(true);
    // Each further letter narrows it; a query with no shard at all finds nothing, quietly.
    expect((await firstQuery(files, "ab")).count).toBeGreaterThan(0);
    expect((await firstQuery(files, "0")).count).toBe(0);
  });
});
