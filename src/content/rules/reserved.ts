import { RESERVED_ADDRESSES, reservedEntry } from "../../host/addresses.ts";

/**
 * Addresses the build writes itself, that a host treats specially, or that the receiver and the editor answer: a
 * page whose file name or slug would take one would overwrite it, be served with its headers (a year's cache under
 * /assets/), or never be served at all (404 pages). One table, host/addresses.ts, read by the content loader
 * (pages, slugs, urls), the route model (aliases, tags) and the host policy (NEVER_SERVED); stated in content/README.md.
 */
export const RESERVED_PATHS = RESERVED_ADDRESSES;

/** The names reserved directly below a section's address (insights/page), checked once the sections are known. */
export const BELOW_SECTION = RESERVED_PATHS.filter((entry) => entry.where === "below a section");

/** A page's address below its language's prefix: lowercase words joined by - and /. */
export const PAGE_PATH = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/;

/** "…is reserved for …", naming the segment as the author wrote it. */
function reservedMessage(segments: readonly string[]): string | undefined {
  const entry = reservedEntry(segments);
  if (!entry) return undefined;
  const bare = (segment: string) => segment.toLowerCase().replace(/\.html$/, "");
  const written =
    entry.name.endsWith("*") || entry.where === "top"
      ? (segments[0] ?? entry.name)
      : (segments.find((segment) => bare(segment) === entry.name) ?? entry.name);
  return `"${written}" is reserved for ${entry.why}: choose another name`;
}

/**
 * Why a page may not live at `below` (its path under the language prefix), or undefined. `prefixes` are
 * the languages' folders ("de"): a slug starting with one would put the page among another language's.
 */
export function reservedReason(below: string, prefixes: readonly string[]): string | undefined {
  const segments = below.split("/");
  const first = segments[0] ?? "";
  if (prefixes.includes(first))
    return `"${first}/" is where the ${first} pages live; a slug is the address below the language's own prefix (write ${segments.slice(1).join("/") || "another name"})`;
  return reservedMessage(segments);
}

/** Why an old address (from the site's root, /de/404.html) may not be redirected, or undefined. */
export function reservedAliasReason(from: string): string | undefined {
  return reservedMessage(from.split("/").filter(Boolean));
}

/** Why a name that is one segment of an address below another (a tag's, /tags/404) may not be one, or undefined. */
export function reservedSegmentReason(segment: string): string | undefined {
  const entry = reservedEntry(["-", segment]);
  return entry?.where === "anywhere" ? `"${segment}" is reserved for ${entry.why}: choose another name` : undefined;
}

/**
 * Why a one-word address a language's common.yaml names (`search.path`, `tags.path`: the search page, the tag
 * pages' folder) may not be it, or undefined: another language's folder, or a name of the table (admin, assets,
 * api…) other than one the key itself owns (search.path may be search or suche).
 */
export function reservedNameReason(
  name: string,
  key: "search.path" | "tags.path",
  prefixes: readonly string[],
): string | undefined {
  if (prefixes.includes(name)) return `"${name}" is where the ${name} pages live: choose another name`;
  if (reservedEntry([name])?.ownedBy === key) return undefined;
  return reservedMessage([name]);
}
