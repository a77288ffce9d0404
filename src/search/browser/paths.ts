/**
 * Where the build writes each language's index and the browser fetches it: one folder, beside the English search
 * page. `file` is a language's manifest (a fixed name, revalidated like every answer); it names the shards under
 * shards/<lang>/, each named by its content's digest and kept a year by every host (host/policy.ts's
 * IMMUTABLE_PATHS lists this folder). Each page's text, which the dialog fetches only to cut a result's excerpt
 * around a match deep in the page, sits under text/ at the page's own address (paths of pages never collide, so
 * neither do these).
 */
export const SEARCH_INDEX = {
  folder: "search",
  file: (lang: string) => `search/index-${lang}.json`,
  url: (lang: string) => `/search/index-${lang}.json`,
  shardFolder: "search/shards",
  shardFile: (lang: string, name: string) => `search/shards/${lang}/${name}`,
  shardUrl: (lang: string, name: string) => `/search/shards/${lang}/${name}`,
  textFile: (pagePath: string) => `search/text${pagePath.replace(/\/$/, "")}.json`,
  textUrl: (pagePath: string) => `/search/text${pagePath.replace(/\/$/, "")}.json`,
};
