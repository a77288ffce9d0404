// npm run dev's search: its builds index drafts and scheduled pages, marked, and a save that changes one page's
// text (the one-page rebuild) writes the index again once the page is shown (after the worker's reply, never before
// it), so the new words are found a moment after the page shows them.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { DevBuild } from "../../../src/pipeline/dev-build.ts";
import { searchOptions, type StoredPage } from "../../../src/search/browser/engine.ts";
import { fromDir, shardedIndex } from "./sharded.ts";
import { PAGES, searchSite } from "./site.ts";
import { TEST_VALIDATION_CACHE } from "../validation-cache.ts";

const contentDir = searchSite();
const outDir = join(dirname(contentDir), "dist");
afterAll(() => rmSync(dirname(contentDir), { recursive: true, force: true }));

/** What the German index, as written (its manifest, and the shards it names), finds for `query`. */
async function found(query: string): Promise<StoredPage[]> {
  const index = await shardedIndex(fromDir(outDir), "de");
  return index.withStored((await index.engine(query)).search(query, searchOptions("de")));
}

it("finds drafts and scheduled pages, marked, and a page's new words after a one-page rebuild", {
  timeout: 300_000,
}, async () => {
  const dev = new DevBuild({ contentDir, outDir, validationCache: TEST_VALIDATION_CACHE });
  await dev.run();
  for (const hidden of [PAGES.draft, PAGES.scheduled, PAGES.expired]) {
    const [page] = await found(hidden.word);
    expect(page?.u, hidden.word).toBe(hidden.path);
    expect(page?.x, `${hidden.word}: its marker`).toBeTruthy();
  }
  expect(await found("Quellenverzeichnis")).toEqual([]);

  const file = join(contentDir, "de/pages/insights/kundenservice-chatbot.md");
  writeFileSync(file, `${readFileSync(file, "utf8")}\nDas Quellenverzeichnis steht am Ende.\n`);
  const saved = await dev.run([file]);
  expect(saved.onePage).toBe(true);
  // The page is served with its new text before its words are searchable: the reply does not wait for the index.
  expect(readFileSync(join(outDir, "de/einblicke/kundenservice-chatbot.html"), "utf8")).toContain("steht am Ende.");
  expect(await found("Quellenverzeichnis")).toEqual([]);
  saved.afterShown?.();
  // The compound's first word finds it too.
  for (const query of ["Quellenverzeichnis", "Quelle", "Verzeichnis"])
    expect(
      (await found(query)).map((page) => page.u),
      query,
    ).toContain(PAGES.compounds.path);
});
