// A language's index as the browser loads it (browser/shards.ts), from the files the build wrote: in a folder (a
// build's output) or in the map searchIndexes returns. The tests open and search it as the dialog does.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { IndexFile, StoredPage } from "../../../src/search/browser/engine.ts";
import { SEARCH_INDEX } from "../../../src/search/browser/paths.ts";
import { openShardedIndex, type PagesFile, type ShardedIndex } from "../../../src/search/browser/shards.ts";

/** Reads a file of the index by its path under the output folder. */
type Reader = (file: string) => string;

export const fromDir =
  (dir: string): Reader =>
  (file) =>
    readFileSync(join(dir, file), "utf8");

export const fromFiles =
  (files: ReadonlyMap<string, string>): Reader =>
  (file) => {
    const json = files.get(file);
    if (json === undefined) throw new Error(`no ${file} among the index's files`);
    return json;
  };

/** The manifest of `lang`, and its pages' file. */
export function manifestOf(read: Reader, lang: string) {
  const manifest = JSON.parse(read(SEARCH_INDEX.file(lang))) as IndexFile;
  const pages = JSON.parse(read(SEARCH_INDEX.shardFile(lang, manifest.pages))) as PagesFile;
  return { manifest, pages };
}

/** The pages the index of `lang` stores for results, by id, and the stored file of each. */
export const storedPages = (read: Reader, lang: string): StoredPage[] =>
  manifestOf(read, lang).manifest.stored.flatMap(
    (name) => JSON.parse(read(SEARCH_INDEX.shardFile(lang, name))) as StoredPage[],
  );

/**
 * The index of `lang`, opened as the dialog opens it (openShardedIndex), loading each file it needs through
 * `read`; `fetched` lists the names of the files loaded from the shards' folder (the pages' file, then each shard
 * and stored file a query needs).
 */
export function shardedIndex(read: Reader, lang: string, fetched: string[] = []): Promise<ShardedIndex> {
  return openShardedIndex(lang, async (file) => {
    const shards = `${SEARCH_INDEX.shardFolder}/${lang}/`;
    if (file.startsWith(shards)) fetched.push(file.slice(shards.length));
    return JSON.parse(read(file));
  });
}
