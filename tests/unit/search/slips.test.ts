// Issue 58: search forgives one slip. Queries a visitor mistypes (two letters swapped, one dropped, one doubled),
// in both languages, against the site's own index as the build writes it: each finds its page among the first three
// (hit@3; docs/search.md's quality table counts hit@1 too), and an exact word still ranks before what a slip finds.
import { beforeAll, describe, expect, it } from "vitest";
import { loadContent } from "../../../src/content/load.ts";
import { RouteModel } from "../../../src/routes/model.ts";
import { swaps } from "../../../src/search/browser/engine.ts";
import { searchIndexes } from "../../../src/search/index-builder.ts";
import { fromFiles, shardedIndex } from "./sharded.ts";
import { SLIPS } from "./slips.ts";

let find: (lang: string, query: string) => Promise<string[]>;
let pathOf: (lang: string, key: string) => string;

beforeAll(async () => {
  const model = new RouteModel(await loadContent("content"), { today: "2026-12-01" });
  const files = searchIndexes(model);
  // Through the shards, as the browser searches: each query loads only the shards of its words' terms and swaps.
  const indexes = new Map(
    await Promise.all(["en", "de"].map(async (lang) => [lang, await shardedIndex(fromFiles(files), lang)] as const)),
  );
  find = async (lang, query) =>
    (await indexes.get(lang)?.search(query))?.results.map((result) => result.u) ?? [`no index of ${lang}`];
  pathOf = (lang, key) => model.find(key, lang)?.path ?? `no ${key} in ${lang}`;
});

describe("one slip is forgiven", () => {
  for (const [lang, query, slip, key] of SLIPS)
    it(`${lang}: "${query}" (${slip}) finds ${key} among the first three`, async () => {
      expect((await find(lang, query)).slice(0, 3)).toContain(pathOf(lang, key));
    });
});

it("a word of four letters is not forgiven: too many words are one slip apart", async () => {
  expect((await find("en", "chat"))[0]).toBe(pathOf("en", "insights/chatbot-roi"));
  expect(await find("en", "caht")).toEqual([]);
});

it("what the words find exactly ranks before what a slip finds", async () => {
  // "agent" finds the RAG article exactly; pages that only one slip away match ("agents" is a prefix, no slip) follow.
  const results = await find("en", "agent");
  expect(results[0]).toBe(pathOf("en", "insights/rag-agents"));
});

it("the swaps of a term: each neighbouring pair once, a doubled letter not swapped with itself", () => {
  expect(swaps("chatbto")).toContain("chatbot");
  expect(swaps("abba")).toEqual(["baba", "abab"]);
});
