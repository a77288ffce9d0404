// Each word's search terms kept between builds (src/search/terms-memo.ts): read back, the memo gives the same index
// bytes as working every word out afresh; it holds the last build's words only; and a file made by other code or
// damaged is never used.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContent } from "../../../src/content/load.ts";
import type { Content } from "../../../src/content/types.ts";
import { RouteModel } from "../../../src/routes/model.ts";
import { searchIndexes, textTerms } from "../../../src/search/index-builder.ts";
import { readTermsMemo, TermsMemo, writeTermsMemo } from "../../../src/search/terms-memo.ts";
import { PAGES, searchSite, TODAY } from "./site.ts";

let contentDir = "";
let content: Content;
let work = "";
beforeAll(async () => {
  contentDir = searchSite();
  content = await loadContent(contentDir, { drafts: true });
  work = mkdtempSync(join(tmpdir(), "terms-memo-"));
});
afterAll(() => {
  rmSync(dirname(contentDir), { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

const model = () => new RouteModel(content, { today: TODAY });
const stored = (file: string) => JSON.parse(readFileSync(file, "utf8")) as { key: string; terms: [string, string][] };
/** The German compound page's word, as the memo keys it. */
const WORD = "Wissensmanagement";
const KEY = `de\u0000${WORD}`;

describe("the search terms kept between builds", () => {
  it("a memo read back gives the index the same bytes as a build that works every word out", () => {
    const file = join(work, "same.json");
    const first = new TermsMemo();
    const fresh = searchIndexes(model(), first);
    writeTermsMemo(file, first);
    const read = readTermsMemo(file);
    expect(searchIndexes(model(), read)).toEqual(fresh);
    expect(searchIndexes(model())).toEqual(fresh);
  });

  it("is read: a word's terms come from the file, not worked out again", () => {
    const file = join(work, "planted.json");
    const memo = new TermsMemo();
    searchIndexes(model(), memo);
    expect(memo.entries().some(([key]) => key === KEY)).toBe(true);
    const planted = new TermsMemo(
      new Map(memo.entries().map(([key, terms]) => [key, key === KEY ? "plantedterm" : terms])),
    );
    textTerms(`Unser ${WORD}`, "de", planted);
    writeTermsMemo(file, planted);
    expect(textTerms(`Unser ${WORD}`, "de", readTermsMemo(file))).toContain("plantedterm");
  });

  it("is never read when another code made it, or when it is damaged: every word is worked out again", () => {
    const file = join(work, "other.json");
    const memo = new TermsMemo();
    const expected = textTerms(WORD, "de", memo);
    writeTermsMemo(file, memo);
    const json = stored(file);
    const planted = json.terms.map(([key]) => [key, "plantedterm"]);
    writeFileSync(file, JSON.stringify({ key: "made-by-other-code", terms: planted }));
    expect(textTerms(WORD, "de", readTermsMemo(file))).toBe(expected);
    // A term changed by one letter from outside, the file still valid JSON under the code's key.
    writeTermsMemo(file, memo);
    const changed = readFileSync(file, "utf8").replace(/("de\\u0000Wissensmanagement",")(.)/, "$1X");
    expect(changed).not.toBe(readFileSync(file, "utf8"));
    for (const damaged of ["", "{", "null", changed, JSON.stringify({ ...json, terms: [[KEY, 7]] })]) {
      writeFileSync(file, damaged);
      expect(textTerms(WORD, "de", readTermsMemo(file))).toBe(expected);
    }
    expect(textTerms(WORD, "de", readTermsMemo(join(work, "missing.json")))).toBe(expected);
  });

  it("holds the words of the last build only, so it never grows past one site's vocabulary", () => {
    const file = join(work, "bounded.json");
    const memo = new TermsMemo();
    textTerms(`${PAGES.deep.word} ${WORD}`, "de", memo);
    writeTermsMemo(file, memo);
    const next = readTermsMemo(file);
    textTerms(WORD, "de", next);
    writeTermsMemo(file, next);
    expect(stored(file).terms.map(([key]) => key)).toEqual([KEY]);
  });
});
