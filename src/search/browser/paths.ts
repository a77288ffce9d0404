/** Where the build writes each language's index and the browser fetches it: one folder, beside the English search page. */
export const SEARCH_INDEX = {
  folder: "search",
  file: (lang: string) => `search/index-${lang}.json`,
  url: (lang: string) => `/search/index-${lang}.json`,
};
