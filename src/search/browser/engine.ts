// The index's shape and MiniSearch's options, which the build (writing the index) and the browser (loading it)
// must share exactly: MiniSearch.loadJSON needs the options the index was made with.
import type MiniSearch from "minisearch";
import type { Options, Query, SearchOptions, SearchResult } from "minisearch";
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
 * A language's index manifest (search/index-<lang>.json, a fixed name): the dialog's words in its language, each
 * language's own name, whose conventions write its dates (the locale table's dateLocale: results show them as the
 * pages do), and the files of its index, each named by its content's digest (shards.ts): `pages`, what ranking
 * needs of every page (its field lengths); `stored`, what results show, `storedPages` pages a file, by id;
 * `shards`, the terms by their first letters, each shard's file by its key; and `completions`, for each key that was
 * split further, the file of its commonest longer terms, which a query term that short is searched in (shards.ts).
 */
export interface IndexFile {
  copy: SearchCopy;
  languages: Record<string, string>;
  dateLocale: string;
  pages: string;
  stored: string[];
  storedPages: number;
  shards: Record<string, string>;
  completions: Record<string, string>;
}

/** Every file a manifest names, under its language's shards' folder (SEARCH_INDEX.shardFile). */
export const namedFiles = (manifest: IndexFile): string[] => [
  manifest.pages,
  ...manifest.stored,
  ...Object.values(manifest.shards),
  ...Object.values(manifest.completions),
];

const STORED: (keyof StoredPage)[] = ["t", "s", "d", "u", "e", "x"];

/** The index's options: its fields hold terms the build computed, so indexing only splits at spaces. */
export const INDEX_OPTIONS: Options<IndexedPage> = {
  fields: ["title", "body"],
  storeFields: STORED,
  tokenize: (text) => text.split(" "),
  processTerm: (term) => term || null,
};

/**
 * How a query is searched in `lang`, first: each word folded and stemmed the way the build indexed it, matched as the
 * start of an indexed term (which finds compound parts); every word must match; a title match weighs four times a
 * body match. What this finds ranks before anything a slip finds (searchPages).
 */
export const searchOptions = (lang: string): SearchOptions => ({
  tokenize: words,
  processTerm: (word) => queryTerm(word, lang) || null,
  prefix: true,
  combineWith: "AND",
  boost: { title: 4 },
});

/** From this many letters on, a query word's term is forgiven one slip. */
export const SLIP_FROM = 5;

/** The term with each pair of neighbouring letters swapped in turn: "chatbto" gives …, "chatbot". */
export function swaps(term: string): string[] {
  const letters = [...term];
  const swapped = new Set<string>();
  for (let at = 0; at + 1 < letters.length; at += 1) {
    if (letters[at] === letters[at + 1]) continue;
    const copy = [...letters];
    [copy[at], copy[at + 1]] = [copy[at + 1] as string, copy[at] as string];
    swapped.add(copy.join(""));
  }
  return [...swapped];
}

/**
 * The query again, forgiving each word of SLIP_FROM letters or more one slip (Damerau's edits): a letter changed,
 * dropped or added (MiniSearch's fuzzy match, distance 1) or two neighbouring letters swapped (each swap, searched as
 * the start of a term). Its terms are computed here, so MiniSearch takes them as they are.
 */
export function forgivingQuery(query: string, lang: string): Query {
  const queries = words(query).flatMap((word): Query[] => {
    const term = queryTerm(word, lang);
    if (!term) return [];
    if ([...term].length < SLIP_FROM) return [term];
    return [
      {
        combineWith: "OR",
        queries: [
          { queries: [term], fuzzy: 1 },
          { queries: swaps(term), fuzzy: false },
        ],
      },
    ];
  });
  return { combineWith: "AND", queries };
}

/**
 * Every term a query searches, exactly or by prefix: each word's term, and for a word forgivingQuery forgives, each
 * of its swaps. The shards these terms start (or are started by) are all the index a query needs (shards.ts); a
 * slip MiniSearch's fuzzy match forgives is found within them when it is past the shard's key.
 */
export function searchedTerms(query: string, lang: string): string[] {
  return words(query).flatMap((word) => {
    const term = queryTerm(word, lang);
    if (!term) return [];
    return [...term].length < SLIP_FROM ? [term] : [term, ...swaps(term)];
  });
}

const FORGIVING: SearchOptions = {
  tokenize: (term) => [term],
  processTerm: (term) => term,
  prefix: true,
  combineWith: "AND",
  boost: { title: 4 },
};

/** A title match first, then by score: a page named for the query before one that mentions it. */
const titleFirst = (a: SearchResult, b: SearchResult) => {
  const inTitle = (result: SearchResult) => Object.values(result.match).some((fields) => fields.includes("title"));
  return Number(inTitle(b)) - Number(inTitle(a)) || b.score - a.score;
};

/**
 * The pages a query finds in an index of `lang`: what its words find exactly or as the start of a term first, then
 * what they find with one slip each (forgivingQuery), each group title matches first.
 */
export function searchPages(engine: MiniSearch, query: string, lang: string): SearchResult[] {
  const exact = engine.search(query, searchOptions(lang)).sort(titleFirst);
  const found = new Set(exact.map((result) => result.id));
  const forgiven = engine
    .search(forgivingQuery(query, lang), FORGIVING)
    .filter((result) => !found.has(result.id))
    .sort(titleFirst);
  return [...exact, ...forgiven];
}
