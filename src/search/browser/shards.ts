// The index in shards (issue 55): a first query fetches the manifest, the pages' file and the shards of its own
// words' terms, not the whole index. The build splits (search/split.ts) and the browser loads (ShardedIndex) by the
// one rule here: a term is in the shard of the longest key that starts it.
import MiniSearch, { type SearchResult } from "minisearch";
import { INDEX_OPTIONS, type IndexFile, searchedTerms, searchPages } from "./engine.ts";

/** MiniSearch's index entries, as its JSON holds them: each term with its postings by field. */
export type ShardEntries = [string, unknown][];

/** The keys of the shards that hold every term some query term starts, or is started by (prefix search). */
export const shardsFor = (keys: readonly string[], terms: readonly string[]): string[] =>
  keys.filter((key) => terms.some((term) => key.startsWith(term) || term.startsWith(key)));

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
  private readonly engines = new Map<string, MiniSearch>();

  constructor(
    readonly lang: string,
    readonly manifest: IndexFile,
    private readonly pages: Record<string, unknown>,
    private readonly load: (name: string) => Promise<unknown>,
  ) {}

  /** The keys of the shards `query` needs. */
  keysFor(query: string): string[] {
    return shardsFor(Object.keys(this.manifest.shards), searchedTerms(query, this.lang)).sort();
  }

  private shard(key: string): Promise<ShardEntries> {
    let loading = this.shards.get(key);
    if (!loading) {
      loading = this.load(this.manifest.shards[key] as string) as Promise<ShardEntries>;
      // A failed fetch may be retried by the next query.
      loading.catch(() => this.shards.delete(key));
      this.shards.set(key, loading);
    }
    return loading;
  }

  /** MiniSearch over the pages and the shards `query` needs (fetched once each). */
  async engine(query: string): Promise<MiniSearch> {
    const keys = this.keysFor(query);
    const name = keys.join("\u0000");
    const kept = this.engines.get(name);
    if (kept) return kept;
    const entries = (await Promise.all(keys.map((key) => this.shard(key)))).flat();
    const engine = MiniSearch.loadJS({ ...this.pages, index: entries } as never, INDEX_OPTIONS);
    if (this.engines.size >= ENGINES) this.engines.delete(this.engines.keys().next().value as string);
    this.engines.set(name, engine);
    return engine;
  }

  /** What `query` finds (searchPages), once its shards are here. */
  async search(query: string): Promise<SearchResult[]> {
    return searchPages(await this.engine(query), query, this.lang);
  }
}
