// Each word's search terms kept between builds (src/search/terms-memo.ts): read back, the memo gives the same index
// bytes as working every word out afresh; it holds the last build's words only; and a file made by other code or
// damaged is never used.
import { rmSync } from "node:fs";
import { dirname } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContent } from "../../../src/content/load.ts";
import type { Content } from "../../../src/content/types.ts";
import { RouteModel } from "../../../src/routes/model.ts";
import { searchIndexes, textTerms } from "../../../src/search/index-builder.ts";
import { storedTerms, TermsMemo, termsFrom } from "../../../src/search/terms-memo.ts";
import { PAGES, searchSite, TODAY } from "./site.ts";

let contentDir = "";
let content: Content;
beforeAll(async () => {
  contentDir = searchSite();
  content = await loadContent(contentDir, { drafts: true });
});
afterAll(() => rmSync(dirname(contentDir), { recursive: true, force: true }));

const model = () => new RouteModel(content, { today: TODAY });
/** The memo through the JSON text the build cache keeps (cache/json.ts's writeJson and readJson). */
const kept = (memo: TermsMemo) => JSON.stringify(storedTerms(memo));
const read = (text: string) => {
  try {
    return termsFrom(JSON.parse(text));
  } catch {
    return termsFrom(undefined);
  }
};
const parsed = (text: string) => JSON.parse(text) as { key: string; digest: string; terms: [string, string][] };
/** The German compound page's word, as the memo keys it. */
const WORD = "Wissensmanagement";
const KEY = `de\u0000${WORD}`;

describe("the search terms kept between builds", () => {
  it("a memo read back gives the index the same bytes as a build that works every word out", () => {
    const first = new TermsMemo();
    const fresh = searchIndexes(model(), first);
    expect(searchIndexes(model(), read(kept(first)))).toEqual(fresh);
    expect(searchIndexes(model())).toEqual(fresh);
  });

  it("is read: a word's terms come from what the cache kept, not worked out again", () => {
    const memo = new TermsMemo();
    searchIndexes(model(), memo);
    expect(memo.entries().some(([key]) => key === KEY)).toBe(true);
    const planted = new TermsMemo(
      new Map(memo.entries().map(([key, terms]) => [key, key === KEY ? "plantedterm" : terms])),
    );
    textTerms(`Unser ${WORD}`, "de", planted);
    expect(textTerms(`Unser ${WORD}`, "de", read(kept(planted)))).toContain("plantedterm");
  });

  it("is never read when another code made it, or when it is damaged: every word is worked out again", () => {
    const memo = new TermsMemo();
    const expected = textTerms(WORD, "de", memo);
    const text = kept(memo);
    const json = parsed(text);
    const planted = json.terms.map(([key]) => [key, "plantedterm"]);
    expect(textTerms(WORD, "de", read(JSON.stringify({ key: "made-by-other-code", terms: planted })))).toBe(expected);
    // A term changed by one letter from outside, the file still valid JSON under the code's key.
    const changed = text.replace(/("de\\u0000Wissensmanagement",")(.)/, "$1X");
    expect(changed).not.toBe(text);
    for (const damaged of ["", "{", "null", changed, JSON.stringify({ ...json, terms: [[KEY, 7]] })])
      expect(textTerms(WORD, "de", read(damaged))).toBe(expected);
    expect(textTerms(WORD, "de", termsFrom(undefined))).toBe(expected);
  });

  it("holds the words of the last build only, so it never grows past one site's vocabulary", () => {
    const memo = new TermsMemo();
    textTerms(`${PAGES.deep.word} ${WORD}`, "de", memo);
    const next = read(kept(memo));
    textTerms(WORD, "de", next);
    expect(parsed(kept(next)).terms.map(([key]) => key)).toEqual([KEY]);
  });
});
