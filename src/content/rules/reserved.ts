import { SECTION_LIST } from "../schemas/sections.ts";

/**
 * Addresses the build writes itself: a page whose file name or slug would take one would overwrite it,
 * be served with its headers (a year's cache under /assets/), or never be served at all (404 pages).
 * Read by the content loader (pages and slugs) and stated in content/README.md.
 */
export const RESERVED_PATHS: { name: string; where: "top" | "anywhere" | "below a section"; why: string }[] = [
  { name: "assets", where: "top", why: "the site's styles, scripts and images, cached by browsers for a year" },
  { name: "admin", where: "top", why: "the web editor" },
  { name: "404", where: "anywhere", why: "the page for addresses that do not exist" },
  { name: "sitemap.xml", where: "top", why: "the list of pages for search engines" },
  { name: "robots.txt", where: "top", why: "the rules for search engines" },
  { name: "favicon.ico", where: "top", why: "the browser tab's icon" },
  { name: "feed.xml", where: "anywhere", why: "a section's news feed" },
  { name: "search", where: "top", why: "the site search's page and its index" },
  { name: "suche", where: "top", why: "the German site search's page" },
  { name: SECTION_LIST.pageSegment, where: "below a section", why: "a long section's further list pages" },
];

/** The names reserved directly below a section's address (insights/page), checked once the sections are known. */
export const BELOW_SECTION = RESERVED_PATHS.filter((entry) => entry.where === "below a section");

/** A page's address below its language's prefix: lowercase words joined by - and /. */
export const PAGE_PATH = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/;

/**
 * Why a page may not live at `below` (its path under the language prefix), or undefined. `prefixes` are
 * the languages' folders ("de"): a slug starting with one would put the page among another language's.
 */
export function reservedReason(below: string, prefixes: readonly string[]): string | undefined {
  const segments = below.split("/");
  const first = segments[0] ?? "";
  if (prefixes.includes(first))
    return `"${first}/" is where the ${first} pages live; a slug is the address below the language's own prefix (write ${segments.slice(1).join("/") || "another name"})`;
  for (const { name, where, why } of RESERVED_PATHS) {
    if (where === "below a section") continue;
    if (where === "top" ? first === name : segments.includes(name))
      return `"${name}" is reserved for ${why}: choose another name`;
  }
  return undefined;
}
