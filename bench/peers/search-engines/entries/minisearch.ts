// The site's engine as the dialog runs it (src/search/browser/): the manifest and shards the build writes, read
// through the dialog's own sharded reader, so a first query fetches what a visitor's does. Bundled by
// bench/runs/search.ts; window.bench answers the harness.
import { openShardedIndex, type ShardedIndex } from "../../../../src/search/browser/shards.ts";

const json = async (path: string): Promise<unknown> => (await fetch(`/minisearch/${path}`)).json();
let index: ShardedIndex | undefined;
(window as unknown as { bench: unknown }).bench = async (query: string) => {
  index ??= await openShardedIndex("de", json);
  return (await index.search(query, 10)).results.map((result) => result.u as string);
};
