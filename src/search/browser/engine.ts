// The index's shape and MiniSearch's options, which the build (writing the index) and the browser (loading it)
// must share exactly: MiniSearch.loadJSON needs the options the index was made with.
import type { Options, SearchOptions } from "minisearch";
import { queryTerm, words } from "./terms.ts";

/** What a result shows, stored in the index beside its terms (short keys: they repeat once per page). */
export interface StoredPage {
  /** The page's title. */
  t: string;
  /** Its section's title, if it is in one. */
  s?: string;
  /** Its date (YYYY-MM-DD), if it has one. */
  d?: string;
  /** Its address. */
  u: string;
  /** The text the excerpt is cut from: the summary or description, then the start of the page's text. */
  e: string;
  /** A draft's, a scheduled or an expired page's marker (npm run dev only: a live build never indexes one). */
  x?: string;
}

/** One page as the index receives it: its terms already computed by the build (search/index-builder.ts). */
export interface IndexedPage extends StoredPage {
  id: number;
  /** The title's terms, space-separated. */
  title: string;
  /** The terms of the tags, headings, summary and text, space-separated. */
  body: string;
}

/** The words the dialog shows in the index's language (common.yaml's search), and each language's own name. */
export interface SearchCopy {
  title: string;
  placeholder: string;
  close: string;
  results: string;
  oneResult: string;
  noResults: string;
  otherLanguage: string;
}

/**
 * An index file: the dialog's words in its language, each language's own name, whose conventions write its dates
 * (the locale table's dateLocale: results show them as the pages do), and MiniSearch's index.
 */
export interface IndexFile {
  copy: SearchCopy;
  languages: Record<string, string>;
  dateLocale: string;
  index: unknown;
}

const STORED: (keyof StoredPage)[] = ["t", "s", "d", "u", "e", "x"];

/** The index's options: its fields hold terms the build computed, so indexing only splits at spaces. */
export const INDEX_OPTIONS: Options<IndexedPage> = {
  fields: ["title", "body"],
  storeFields: STORED,
  tokenize: (text) => text.split(" "),
  processTerm: (term) => term || null,
};

/**
 * How a query is searched in `lang`: each word folded and stemmed the way the build indexed it, matched as the
 * start of an indexed term (which finds compound parts) and, from six letters on, with one typo allowed; every
 * word must match; a title match weighs four times a body match.
 */
export const searchOptions = (lang: string): SearchOptions => ({
  tokenize: words,
  processTerm: (word) => queryTerm(word, lang) || null,
  prefix: true,
  fuzzy: (term) => (term.length >= 6 ? 1 : 0),
  combineWith: "AND",
  boost: { title: 4 },
});
