import MiniSearch from "minisearch";
import type { RouteModel } from "../routes/model.ts";
import { isFirstListPage, type Route } from "../routes/route.ts";
import { INDEX_OPTIONS, type IndexedPage, type IndexFile } from "./browser/engine.ts";
import { markerOf } from "../components/marker.ts";
import { SEARCH_INDEX } from "./browser/paths.ts";
import { indexTerms, words } from "./browser/terms.ts";
import { partsOf } from "./compounds.ts";
import { plainText } from "./plain-text.ts";
import { STORED_PAGES, splitIndex } from "./split.ts";
import { TermsMemo } from "./terms-memo.ts";
import type { Page } from "../content/types.ts";

/**
 * Each page as the index holds it but its id, by its Page. npm run dev's one-page rebuild keeps every other page's
 * object in its new route model (RouteModel.withPage), and nothing they are indexed with changed (the reuse rule,
 * incremental/digests.ts), so only the saved page is worked out again. A full build makes new Pages, and a new map.
 */
export type IndexedPages = WeakMap<Page, Omit<IndexedPage, "id">>;

/** The characters of text an excerpt is cut from: enough for two lines of a result, at any width. */
const EXCERPT_LENGTH = 240;
/**
 * The most characters of a page's text file (search/text/): a result's excerpt is cut around the first match in it.
 * A match further in still finds the page (the index holds all its words); its excerpt then shows the start.
 */
const TEXT_LENGTH = 20_000;

/**
 * What search finds: every page and section of the build (a section once, at its own address), never the home,
 * tag or 404 pages (lists and chrome, not text), nor a page the build did not make. A live build makes no draft,
 * scheduled or expired page; npm run dev makes them, and its index holds them, marked.
 */
export const isSearchable = (route: Route): boolean =>
  (route.kind === "page" || route.kind === "section") && isFirstListPage(route) && route.page !== undefined;

/**
 * The terms of a text, space-separated, as the index's fields hold them. Each word's terms once per build (`memo`):
 * a site's vocabulary is small, its words many (1,000 pages: 7 s without the memo).
 */
export const textTerms = (text: string, lang: string, memo = new TermsMemo()): string =>
  words(text)
    .map((word) => memo.terms(`${lang}\u0000${word}`, () => indexTerms(partsOf(word, lang), lang).join(" ")))
    .join(" ");

/** The start of a text, ending at a word's end. */
function cut(text: string, length: number): string {
  if (text.length <= length) return text;
  const end = text.lastIndexOf(" ", length);
  return `${text.slice(0, end > 0 ? end : length)} …`;
}

/** The text of a page that excerpts are cut from: its lead (summary or description), then its text. */
function excerptText(route: Route): string {
  const page = route.page as NonNullable<Route["page"]>;
  return `${page.meta.summary ?? page.meta.description} ${plainText(page.html)}`;
}

/** The searchable pages of a language, in path order (the index's ids count in this order from 0). */
const searchableIn = (model: RouteModel, lang: string): Route[] =>
  model.routes
    .filter((route) => route.lang === lang && isSearchable(route))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));

/** One page as the index holds it. */
function indexedPage(route: Route, id: number, model: RouteModel, memo: TermsMemo, kept?: IndexedPages): IndexedPage {
  const page = route.page as NonNullable<Route["page"]>;
  const known = kept?.get(page);
  if (known) return { id, ...known };
  const made = pageEntry(route, page, model, memo);
  kept?.set(page, made);
  return { id, ...made };
}

function pageEntry(route: Route, page: Page, model: RouteModel, memo: TermsMemo): Omit<IndexedPage, "id"> {
  const section = page.section ? model.find(page.section, route.lang)?.page?.meta.title : undefined;
  const text = plainText(page.html);
  const lead = page.meta.summary ?? page.meta.description;
  const copy = model.content.langs[route.lang];
  const marker = copy && markerOf(route, copy, model.locale(route.lang));
  const body = [...(page.meta.tags ?? []), ...page.headings.map((heading) => heading.text), lead, text].join(" ");
  return {
    title: textTerms(page.meta.title, route.lang, memo),
    body: textTerms(body, route.lang, memo),
    t: page.meta.title,
    ...(section ? { s: section } : {}),
    ...(route.published ? { d: route.published.slice(0, 10) } : {}),
    u: route.path,
    e: cut(excerptText(route), EXCERPT_LENGTH),
    ...(marker ? { x: marker } : {}),
  };
}

/**
 * The search index of each language, by output file: its manifest (SEARCH_INDEX.file), and the pages' file and the
 * terms' shards it names (split.ts). A pure function of the route model (the memo holds only what it would work
 * out anyway), so an incremental build writes the same bytes as a cold one. Pages in the model's order (sorted by
 * path), ids counted from 0.
 */
export function searchIndexes(model: RouteModel, memo = new TermsMemo(), kept?: IndexedPages): Map<string, string> {
  const files = new Map<string, string>();
  const languages = Object.fromEntries(
    model.locales.map((locale) => [locale.code, model.content.langs[locale.code]?.common.language.name ?? locale.code]),
  );
  for (const locale of model.locales) {
    const routes = searchableIn(model, locale.code);
    const index = new MiniSearch<IndexedPage>(INDEX_OPTIONS);
    index.addAll(routes.map((route, id) => indexedPage(route, id, model, memo, kept)));
    const { search } = model.content.langs[locale.code]?.common ?? {};
    if (!search) continue;
    const { title, placeholder, close, results, oneResult, noResults, otherLanguage } = search;
    const copy = { title, placeholder, close, results, oneResult, noResults, otherLanguage };
    const split = splitIndex(index.toJSON() as unknown as Record<string, unknown>);
    const { pages, stored, shards, completions } = split;
    const file: IndexFile = {
      copy,
      languages,
      dateLocale: locale.dateLocale,
      pages,
      stored,
      storedPages: STORED_PAGES,
      shards,
      completions,
    };
    for (const [name, json] of split.files) files.set(SEARCH_INDEX.shardFile(locale.code, name), json);
    files.set(SEARCH_INDEX.file(locale.code), JSON.stringify(file));
  }
  return files;
}

/**
 * Each searchable page's text, by output file (a JSON string): fetched by the dialog only for a result in view whose
 * stored excerpt (the start of the page) holds no match, to show the passage around the first one instead.
 * A pure function of the route model, like the index.
 */
export function searchTexts(model: RouteModel, only?: Route): Map<string, string> {
  const files = new Map<string, string>();
  const routes = only ? [only] : model.locales.flatMap((locale) => searchableIn(model, locale.code));
  for (const route of routes)
    files.set(SEARCH_INDEX.textFile(route.path), JSON.stringify(cut(excerptText(route), TEXT_LENGTH)));
  return files;
}
