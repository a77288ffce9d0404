// The index in shards (issue 55): a first query fetches the manifest, the pages' file and the shards of its own
// words' terms (or a short prefix's completions), not the whole index. The build splits (search/split.ts) and the browser loads (ShardedIndex) by the
// one rule here: a term is in the shard of the longest key that starts it.
import MiniSearch, { type SearchResult } from "minisearch";
import { INDEX_OPTIONS, type IndexFile, searchedTerms, searchPages, type StoredPage } from "./engine.ts";
import { SEARCH_INDEX } from "./paths.ts";

/** MiniSearch's index entries, as its JSON holds them: each term with its postings by field. */
export type ShardEntries = [string, unknown][];

/**
 * The pages' file: MiniSearch's JSON without its terms, its stored fields (files of their own) and its table of
 * ids, which is 0, 1, … (the index is made whole, never changed); each page's field lengths by its id.
 */
export interface PagesFile {
  documentCount: number;
  nextId: number;
  fieldIds: Record<string, number>;
  averageFieldLength: number[];
  dirtCount: number;
  serializationVersion: number;
  lengths: number[][];
}

/** A result with what it shows. */
export type StoredResult = SearchResult & StoredPage;

/** The keys of the shards that hold every term some query term starts, or is started by (prefix search). */
export const shardsFor = (keys: readonly string[], terms: readonly string[]): string[] =>
  keys.filter((key) => terms.some((term) => key.startsWith(term) || term.startsWith(key)));

/**
 * The files of the terms a query searches (by name, sorted): for each term, the shards that hold every term it
 * starts or is started by (shardsFor); but a term the split went past (a key of `completions`: "a" when its terms
 * fill "ab", "ac", …, as one or two letters typed so far do on a large site) is searched in its completions, the
 * prefix's commonest words (search/split.ts, completionsOf), in place of every shard of a longer key, so a first
 * query fetches about one shard however large the site. The shards of the term itself and of its starts are
 * fetched as for any term: the word typed so far is found exactly.
 */
export function termFilesFor(manifest: Pick<IndexFile, "shards" | "completions">, terms: readonly string[]): string[] {
  const keys = Object.keys(manifest.shards);
  const names = new Set<string>();
  for (const term of terms) {
    const completions = manifest.completions[term];
    if (completions) names.add(completions);
    for (const key of shardsFor(keys, [term]))
      if (!(completions && key !== term && key.startsWith(term))) names.add(manifest.shards[key] as string);
  }
  return [...names].sort();
}

/** How many engines (one per set of shards) are kept: typing a word's letters keeps needing the same shards. */
const ENGINES = 8;

/**
 * A language's sharded index in the browser (or in a test, which hands it the files): `load` fetches a file that
 * the manifest names. Each query's engine is MiniSearch over the pages' file and exactly the shards its terms
 * need, so what a query finds does not depend on what earlier queries fetched, and its ranking is the whole
 * index's (BM25 reads each term's own postings and the pages' field lengths, which every engine holds whole).
 */
export class ShardedIndex {
  private readonly shards = new Map<string, Promise<ShardEntries>>();
  private readonly storedFiles = new Map<number, Promise<StoredPage[]>>();
  private readonly engines = new Map<string, MiniSearch>();
  /** MiniSearch's JSON but its terms, rebuilt from the pages' file. */
  private readonly base: Record<string, unknown>;

  constructor(
    readonly lang: string,
    readonly manifest: IndexFile,
    pages: PagesFile,
    private readonly load: (name: string) => Promise<unknown>,
  ) {
    const { lengths, ...rest } = pages;
    const documentIds: Record<number, number> = {};
    const fieldLength: Record<number, number[]> = {};
    lengths.forEach((length, id) => {
      documentIds[id] = id;
      fieldLength[id] = length;
    });
    this.base = { ...rest, documentIds, fieldLength, storedFields: {} };
  }

  /** The files of terms `query` needs (termFilesFor). */
  filesFor(query: string): string[] {
    return termFilesFor(this.manifest, searchedTerms(query, this.lang));
  }

  private shard(name: string): Promise<ShardEntries> {
    let loading = this.shards.get(name);
    if (!loading) {
      loading = this.load(name) as Promise<ShardEntries>;
      // A failed fetch may be retried by the next query.
      loading.catch(() => this.shards.delete(name));
      this.shards.set(name, loading);
    }
    return loading;
  }

  /**
   * MiniSearch over the pages and the files of terms `query` needs (fetched once each). A term in two of them (a
   * completion also in a word's shard) is the same entry in both.
   */
  async engine(query: string): Promise<MiniSearch> {
    const names = this.filesFor(query);
    const name = names.join("\u0000");
    const kept = this.engines.get(name);
    if (kept) return kept;
    const entries = (await Promise.all(names.map((file) => this.shard(file)))).flat();
    const engine = MiniSearch.loadJS({ ...this.base, index: entries } as never, INDEX_OPTIONS);
    if (this.engines.size >= ENGINES) this.engines.delete(this.engines.keys().next().value as string);
    this.engines.set(name, engine);
    return engine;
  }

  private storedFile(at: number): Promise<StoredPage[]> {
    let loading = this.storedFiles.get(at);
    if (!loading) {
      const name = this.manifest.stored[at];
      loading = name ? (this.load(name) as Promise<StoredPage[]>) : Promise.reject(new Error(`no stored file ${at}`));
      loading.catch(() => this.storedFiles.delete(at));
      this.storedFiles.set(at, loading);
    }
    return loading;
  }

  /** The results with what they show (title, address, excerpt…), from the stored files that hold them. */
  async withStored(results: readonly SearchResult[]): Promise<StoredResult[]> {
    const size = this.manifest.storedPages;
    const files = await Promise.all(
      [...new Set(results.map((result) => Math.floor(result.id / size)))].map(
        async (at) => [at, await this.storedFile(at)] as const,
      ),
    );
    const byFile = new Map(files);
    return results.map((result) => {
      const page = byFile.get(Math.floor(result.id / size))?.[result.id % size];
      if (!page) throw new Error(`the search index stores no page ${result.id}`);
      return { ...result, ...page };
    });
  }

  /**
   * What `query` finds (searchPages), once its shards are here: every result, the first `shown` with what they
   * show (the stored files of the others are not fetched).
   */
  async search(query: string, shown = Number.POSITIVE_INFINITY): Promise<{ count: number; results: StoredResult[] }> {
    const found = searchPages(await this.engine(query), query, this.lang);
    return { count: found.length, results: await this.withStored(found.slice(0, shown)) };
  }
}

/**
 * Opens the index of `lang` as the dialog does: its manifest, then the pages' file the manifest names; the shards
 * and stored files follow, each when a query first needs it. `load` reads a file of the index by its path under
 * the site's root (SEARCH_INDEX.file, SEARCH_INDEX.shardFile: "search/index-de.json", "search/shards/de/…") and
 * gives its JSON parsed: a fetch in the browser, a file read in the bench and the tests.
 */
export async function openShardedIndex(lang: string, load: (path: string) => Promise<unknown>): Promise<ShardedIndex> {
  const manifest = (await load(SEARCH_INDEX.file(lang))) as IndexFile;
  const shard = (name: string) => load(SEARCH_INDEX.shardFile(lang, name));
  return new ShardedIndex(lang, manifest, (await shard(manifest.pages)) as PagesFile, shard);
}
