import { RESERVED_ADDRESSES } from "../../host/addresses.ts";
import { pageAddressSaid, reservedEntry, reservedSaid } from "../../shared/verdict/reserved.ts";
import { type Said, say } from "../../shared/messages/catalogue.ts";

/**
 * Addresses the build writes itself, that a host treats specially, or that the receiver and the editor answer: a
 * page whose file name or slug would take one would overwrite it, be served with its headers (a year's cache under
 * /assets/), or never be served at all (404 pages). One table, host/addresses.ts, read by the content loader
 * (pages, slugs, urls), the route model (aliases, tags) and the host policy (NEVER_SERVED); stated in content/README.md.
 * The matching and its messages are shared/verdict/reserved.ts's: the web editor runs them on the same table.
 */
export const RESERVED_PATHS = RESERVED_ADDRESSES;

/** The names reserved directly below a section's address (insights/page), checked once the sections are known. */
export const BELOW_SECTION = RESERVED_PATHS.filter((entry) => entry.where === "below a section");

/** A page's address below its language's prefix: lowercase words joined by - and /. */
export const PAGE_PATH = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/;

/**
 * Why a page may not live at `below` (its path under the language prefix), or undefined. `prefixes` are
 * the languages' folders ("de"): a slug starting with one would put the page among another language's.
 */
export function reservedReason(below: string, prefixes: readonly string[]): string | undefined {
  return reservedReasonSaid(below, prefixes)?.en;
}

/** The same, in every message language (the loader's and the address check's ContentError carries both). */
export function reservedReasonSaid(below: string, prefixes: readonly string[]): Said | undefined {
  return pageAddressSaid(RESERVED_PATHS, below, prefixes);
}

/** Why an old address (from the site's root, /de/404.html) may not be redirected, or undefined. */
export function reservedAliasReason(from: string): Said | undefined {
  return reservedSaid(RESERVED_PATHS, from.split("/").filter(Boolean));
}

/** Why a name that is one segment of an address below another (a tag's, /tags/404) may not be one, or undefined. */
export function reservedSegmentReason(segment: string): Said | undefined {
  const entry = reservedEntry(RESERVED_PATHS, ["-", segment]);
  return entry?.where === "anywhere" ? reservedSaid(RESERVED_PATHS, [segment]) : undefined;
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
): Said | undefined {
  if (prefixes.includes(name)) return say("languageFolderName", { name });
  if (reservedEntry(RESERVED_PATHS, [name])?.ownedBy === key) return undefined;
  return reservedSaid(RESERVED_PATHS, [name]);
}
