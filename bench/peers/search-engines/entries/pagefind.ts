// Pagefind as a site loads it: its script, its WebAssembly and the index chunks a query needs, then the first
// results' fragments (a result's title and address are in its fragment). Bundled by bench/runs/search.ts.
type Pagefind = {
  search(query: string): Promise<{ results: { data(): Promise<{ url: string }> }[] }>;
};
let pagefind: Pagefind | undefined;
(window as unknown as { bench: unknown }).bench = async (query: string) => {
  pagefind ??= (await import(/* @vite-ignore */ "/pagefind/pagefind.js" as string)) as Pagefind;
  const found = await pagefind.search(query);
  const data = await Promise.all(found.results.slice(0, 10).map((result) => result.data()));
  return data.map((page) => page.url);
};
