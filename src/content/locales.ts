import { formatDay } from "../shared/dates.ts";
import type { Locale } from "./schemas/index.ts";

export type { Locale };

/** The language that lives at the site root; site.yaml's schema guarantees exactly one. */
export function defaultLocale(locales: readonly Locale[]): Locale {
  const found = locales.find((locale) => locale.default);
  if (!found) throw new Error("site.yaml lists no default language");
  return found;
}

/** The site's language codes, the default language's first, then as site.yaml lists them. */
export const languagesOf = (locales: readonly Locale[]): string[] => [
  defaultLocale(locales).code,
  ...locales.filter((locale) => !locale.default).map((locale) => locale.code),
];

/** "/" for the default language, "/de/" for German. */
export const homePath = (locale: Locale) => `${locale.prefix}/`;

/** A page's URL path: the language's prefix and the page's path below it ("" is the home page). */
export const localePath = (locale: Locale, below: string) =>
  below === "" ? homePath(locale) : `${locale.prefix}/${below}`;

/**
 * Where a URL path's file goes under dist/: /datenschutz in datenschutz.html, a language's home /de/ in
 * de/index.html. Netlify and Cloudflare Pages serve a name.html at /name and redirect /name/ there, but
 * redirect /name to /name/ for a name/index.html, so this layout is what keeps the canonical URLs slash-free.
 */
export const fileOfPath = (path: string) =>
  path.endsWith("/") ? `${path.slice(1)}index.html` : `${path.slice(1)}.html`;

/** A date from front matter (YYYY-MM-DD) as the language writes it (shared/dates.ts, which search results use too). */
export const formatDate = (isoDate: string, locale: Locale): string => formatDay(isoDate, locale.dateLocale);
