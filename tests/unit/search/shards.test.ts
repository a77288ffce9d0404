// The index in shards (issue 55): a query loads only the shards of its words' terms and still finds, in the same
// order and with the same scores, what the whole index finds; the split keeps each shard small whatever the
// site's size; the output check holds every file to its manifest and its name to its content.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import MiniSearch from "minisearch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContent } from "../../../src/content/load.ts";
import { RouteModel } from "../../../src/routes/model.ts";
import { INDEX_OPTIONS, searchPages } from "../../../src/search/browser/engine.ts";
import { SEARCH_INDEX } from "../../../src/search/browser/paths.ts";
import type { ShardEntries } from "../../../src/search/browser/shards.ts";
import { searchIndexes } from "../../../src/search/index-builder.ts";
import { checkSearchIndexes, writeSearchIndexes } from "../../../src/search/output.ts";
import { SHARD_BYTES, splitTerms } from "../../../src/search/split.ts";
import { fromDir, fromFiles, manifestOf, shardedIndex } from "./sharded.ts";
import { searchSite, TODAY } from "./site.ts";

let contentDir = "";
let model: RouteModel;
let files: Map<string, string>;
beforeAll(async () => {
  contentDir = searchSite();
  model = new RouteModel(await loadContent(contentDir), { today: TODAY });
  files = searchIndexes(model);
});
afterAll(() => rmSync(dirname(contentDir), { recursive: true, force: true }));

/** The whole index of `lang` in one engine: every shard loaded, as the unsplit index was. */
function whole(lang: string): MiniSearch {
  const read = fromFiles(files);
  const { manifest } = manifestOf(read, lang);
  const index = Object.values(manifest.shards).flatMap(
    (name) => JSON.parse(read(SEARCH_INDEX.shardFile(lang, name))) as ShardEntries,
  );
  const pages = JSON.parse(read(SEARCH_INDEX.shardFile(lang, manifest.pages))) as { lengths: number[][] };
  const ids = Object.fromEntries(pages.lengths.map((_, id) => [id, id]));
  const fieldLength = Object.fromEntries(pages.lengths.map((length, id) => [id, length]));
  return MiniSearch.loadJS(
    { ...pages, documentIds: ids, fieldLength, storedFields: {}, index } as never,
    INDEX_OPTIONS,
  );
}

const QUERIES: [string, string][] = [
  ["de", "Wissen"],
  ["de", "Agent"],
  ["de", "Kundenservice Chatbot"],
  ["de", "Ubersicht"],
  ["de", "Strasse"],
  ["de", "Chatbto"],
  ["de", "k"],
  ["en", "agent"],
  ["en", "retrieval data"],
  ["en", "Privcay"],
];

describe("a query in shards", () => {
  for (const [lang, query] of QUERIES)
    it(`${lang} "${query}": only its words' shards, and the whole index's results, scores and order`, async () => {
      const fetched: string[] = [];
      const index = await shardedIndex(fromFiles(files), lang, fetched);
      const { count, results } = await index.search(query);
      const expected = searchPages(whole(lang), query, lang);
      expect(results.map(({ id, score }) => [id, score])).toEqual(expected.map(({ id, score }) => [id, score]));
      expect(count).toBe(expected.length);
      const shards = fetched.filter((name) => name.startsWith("terms-"));
      expect(shards.length).toBeGreaterThan(0);
      expect(shards.length).toBeLessThan(Object.keys(index.manifest.shards).length / 2);
    });

  it("fetches the stored fields of the results shown only", async () => {
    const fetched: string[] = [];
    const { results } = await (await shardedIndex(fromFiles(files), "de", fetched)).search("Agent", 1);
    expect(results).toHaveLength(1);
    expect(results[0]?.u).toMatch(/^\/de\//);
    expect(fetched.filter((name) => name.startsWith("stored-"))).toHaveLength(1);
  });
});

describe("the split", () => {
  /** Terms as MiniSearch's entries, each with postings of `pages` pages. */
  const entries = (terms: string[], pages = 3): ShardEntries =>
    terms.map((term) => [term, { 1: Object.fromEntries(Array.from({ length: pages }, (_, id) => [id, 1])) }]);
  const longestKey = (keys: string[], term: string) =>
    keys.filter((key) => term.startsWith(key)).sort((a, b) => b.length - a.length)[0];

  it("splits a large letter by more letters, each shard under SHARD_BYTES, each term in the longest key that starts it", () => {
    // 3,000 terms that start with "s" (as German's "st…", "sch…" crowd one letter), a few others.
    const many = Array.from({ length: 3000 }, (_, at) => `s${"abcdefghij"[at % 10]}${at.toString(36)}word`);
    const terms = [...many, "s", "sa", "zebra", "ärger", "42"];
    const shards = splitTerms(entries(terms));
    const keys = [...shards.keys()];
    expect(keys.filter((key) => key.startsWith("s")).length).toBeGreaterThan(10);
    expect(keys).toEqual(expect.arrayContaining(["s", "z", "ä", "4"]));
    for (const [key, shard] of shards) {
      expect(JSON.stringify(shard).length, key).toBeLessThanOrEqual(SHARD_BYTES + 10);
      for (const [term] of shard) expect(longestKey(keys, term), term).toBe(key);
    }
    expect(
      [...shards.values()]
        .flat()
        .map(([term]) => term)
        .sort(),
    ).toEqual([...terms].sort());
  });

  it("keeps a single term whose postings exceed SHARD_BYTES in a shard of its own, never a key longer than it", () => {
    const shards = splitTerms(entries(["und", "under", "unter"], 4000));
    expect([...shards.keys()]).toEqual(["und", "under", "unter"]);
  });
});

describe("the output check of the shards", () => {
  let out = "";
  beforeAll(() => {
    out = mkdtempSync(join(tmpdir(), "search-shards-"));
  });
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it("fails a shard changed in place, a shard missing, and a file no manifest names", async () => {
    writeSearchIndexes(out, model);
    expect(checkSearchIndexes(out, model)).toEqual([]);
    const folder = join(out, SEARCH_INDEX.shardFolder, "de");
    const [shard, gone] = readdirSync(folder).filter((name) => name.startsWith("terms-"));
    writeFileSync(join(folder, shard ?? "-"), "[]");
    rmSync(join(folder, gone ?? "-"));
    writeFileSync(join(folder, "terms-x-000000000000.json"), "[]");
    expect(checkSearchIndexes(out, model)).toEqual(
      expect.arrayContaining([
        {
          file: SEARCH_INDEX.shardFile("de", shard ?? "-"),
          message: "does not carry its content's digest in its name",
        },
        {
          file: SEARCH_INDEX.file("de"),
          message: `names ${SEARCH_INDEX.shardFile("de", gone ?? "-")}, which is missing`,
        },
        { file: SEARCH_INDEX.shardFile("de", "terms-x-000000000000.json"), message: "is named by no search manifest" },
      ]),
    );
    // The next write starts the folder afresh.
    writeSearchIndexes(out, model);
    expect(checkSearchIndexes(out, model)).toEqual([]);
    expect((await shardedIndex(fromDir(out), "de")).manifest.stored.length).toBeGreaterThan(0);
  });
});
