// The site's engine as the dialog runs it (src/search/browser/): the index file the build writes, MiniSearch's
// options and the same terms. Bundled by bench/runs/search.ts; window.bench answers the harness.
import MiniSearch from "minisearch";
import { INDEX_OPTIONS, type IndexFile, searchPages } from "../../../../src/search/browser/engine.ts";

let engine: MiniSearch | undefined;
(window as unknown as { bench: unknown }).bench = async (query: string) => {
  if (!engine) {
    const file = (await (await fetch("/minisearch/index-de.json")).json()) as IndexFile;
    engine = MiniSearch.loadJS(file.index as never, INDEX_OPTIONS);
  }
  return searchPages(engine, query, "de").slice(0, 10).map((result) => result.u as string);
};
