/**
 * Where the build writes each language's index and the browser fetches it: one folder, beside the English search
 * page. Each page's text, which the dialog fetches only to cut a result's excerpt around a match deep in the page,
 * sits under text/ at the page's own address (paths of pages never collide, so neither do these).
 */
export const SEARCH_INDEX = {
  folder: "search",
  file: (lang: string) => `search/index-${lang}.json`,
  url: (lang: string) => `/search/index-${lang}.json`,
  textFile: (pagePath: string) => `search/text${pagePath.replace(/\/$/, "")}.json`,
  textUrl: (pagePath: string) => `/search/text${pagePath.replace(/\/$/, "")}.json`,
};
