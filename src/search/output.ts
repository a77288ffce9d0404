import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { writeFileAtomic } from "../cache/atomic.ts";
import { dirname, join, relative } from "node:path";
import type { Problem } from "../content/read/errors.ts";
import type { RouteModel } from "../routes/model.ts";
import { type IndexFile, namedFiles, type StoredPage } from "./browser/engine.ts";
import { SEARCH_INDEX } from "./browser/paths.ts";
import { type IndexedPages, isSearchable, searchIndexes, searchTexts } from "./index-builder.ts";
import type { Route } from "../routes/route.ts";
import { carriesDigest } from "./split.ts";
import type { TermsMemo } from "./terms-memo.ts";

/** The folder of the pages' texts (search/text/). */
const TEXTS = join(SEARCH_INDEX.folder, "text");

/**
 * Writes each language's search index (its manifest, pages' file and shards) and its pages' texts into `dir` (the
 * build's output); returns the files, relative to it. The texts' and the shards' folders are written afresh, so a
 * page gone since (npm run dev) leaves no text behind, nor an index no manifest names.
 * `kept` is filled with each page's indexed form, for npm run dev's one-page rebuilds that follow.
 */
export function writeSearchIndexes(dir: string, model: RouteModel, memo?: TermsMemo, kept?: IndexedPages): string[] {
  const files = new Map([...searchIndexes(model, memo, kept), ...searchTexts(model)]);
  rmSync(join(dir, TEXTS), { recursive: true, force: true });
  rmSync(join(dir, SEARCH_INDEX.shardFolder), { recursive: true, force: true });
  for (const [file, json] of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), json);
  }
  return [...files.keys()];
}

/**
 * npm run dev's search after a one-page rebuild, once the page is shown: each language's index again, from the
 * pages' terms as they were but the saved page's (`kept`), and that page's text alone. Only the shards whose
 * content changed are new files (a file's name is its digest): they and the text are written first, then each
 * manifest, beside and renamed into place, as the dev server may be serving it; then the shards no manifest names
 * any more are removed.
 */
export function updateSearchIndexes(
  dir: string,
  model: RouteModel,
  route: Route,
  { memo, kept }: { memo: TermsMemo; kept: IndexedPages },
): void {
  const files = new Map([
    ...searchIndexes(model, memo, kept),
    ...(isSearchable(route) ? searchTexts(model, route) : []),
  ]);
  const manifests = new Set(model.locales.map((locale) => SEARCH_INDEX.file(locale.code)));
  for (const [file, json] of files)
    if (!manifests.has(file) && !(file.startsWith(SEARCH_INDEX.shardFolder) && existsSync(join(dir, file))))
      writeFileAtomic(join(dir, file), json);
  for (const file of manifests) {
    const json = files.get(file);
    if (json !== undefined) writeFileAtomic(join(dir, file), json);
  }
  for (const shard of filesUnder(dir, SEARCH_INDEX.shardFolder)) if (!files.has(shard)) rmSync(join(dir, shard));
}

/**
 * The output check: each language's index, as written, holds exactly the pages search finds in that language
 * (every built page and section, nothing else: no 404 page, no tag list, no page of another language), and a
 * page a live site would not show (a draft, a scheduled or expired page: npm run dev only) only with its marker;
 * every file its manifest names is there and carries its content's digest in its name (hosts keep them a year);
 * search/shards/ holds nothing a manifest does not name; and search/text/ holds exactly one text for each of
 * those pages.
 */
export function checkSearchIndexes(dir: string, model: RouteModel): Problem[] {
  const problems: Problem[] = [];
  const named = new Set<string>();
  for (const locale of model.locales) {
    const file = SEARCH_INDEX.file(locale.code);
    let stored: StoredPage[];
    try {
      const manifest = JSON.parse(readFileSync(join(dir, file), "utf8")) as IndexFile;
      for (const name of namedFiles(manifest)) {
        const shard = SEARCH_INDEX.shardFile(locale.code, name);
        named.add(shard);
        const json = existsSync(join(dir, shard)) ? readFileSync(join(dir, shard), "utf8") : undefined;
        if (json === undefined) problems.push({ file, message: `names ${shard}, which is missing` });
        else if (!carriesDigest(name, json))
          problems.push({ file: shard, message: "does not carry its content's digest in its name" });
      }
      stored = manifest.stored.flatMap(
        (name) =>
          JSON.parse(readFileSync(join(dir, SEARCH_INDEX.shardFile(locale.code, name)), "utf8")) as StoredPage[],
      );
    } catch (error) {
      problems.push({ file, message: `the search index is missing or unreadable (${(error as Error).message})` });
      continue;
    }
    const expected = new Map(
      model.routes
        .filter((route) => route.lang === locale.code && isSearchable(route))
        .map((route) => [route.path, route]),
    );
    const found = new Set<string>();
    for (const page of stored) {
      found.add(page.u);
      const route = expected.get(page.u);
      if (!route) problems.push({ file, message: `indexes ${page.u}, which is no searchable ${locale.code} page` });
      else if (!route.indexable && !page.x)
        problems.push({ file, message: `indexes ${page.u}, which is not live, without its marker` });
    }
    for (const path of expected.keys())
      if (!found.has(path)) problems.push({ file, message: `does not index ${path}` });
  }
  for (const shard of filesUnder(dir, SEARCH_INDEX.shardFolder))
    if (!named.has(shard)) problems.push({ file: shard, message: "is named by no search manifest" });
  const texts = new Set(
    model.routes.filter((route) => isSearchable(route)).map((route) => SEARCH_INDEX.textFile(route.path)),
  );
  const written = new Set(filesUnder(dir, TEXTS));
  for (const text of written)
    if (!texts.has(text)) problems.push({ file: text, message: "is the text of no searchable page" });
  for (const text of texts) if (!written.has(text)) problems.push({ file: text, message: "is missing" });
  return problems;
}

/** The files under `folder` of `dir`, relative to `dir`, with "/" between folders. */
function filesUnder(dir: string, folder: string): string[] {
  if (!existsSync(join(dir, folder))) return [];
  return readdirSync(join(dir, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split("\\").join("/"));
}
