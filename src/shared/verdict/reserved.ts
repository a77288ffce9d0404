// Reserved addresses, matched as the build and the web editor both match them: the one table is host/addresses.ts's
// (the build hands it to the editor as data, since browser code never imports host/); what a page's slug, url or
// file name may not be, said from the catalogue in every language.
import { type Said, say } from "../messages/catalogue.ts";

/** One row of host/addresses.ts's table, as far as matching and the message need it. */
export interface ReservedName {
  name: string;
  where: "top" | "anywhere" | "below a section";
  why: string;
  whyDe: string;
  ownedBy?: string;
}

/** What set a page's address, as a message names it: its slug, its url, or its file name. */
export interface AddressOrigin {
  kind: "slug" | "url" | "file";
  value: string;
}

/** The reserved entry a path's segments hit, if any (segments below the language prefix for pages, from the root for old addresses). */
export function reservedEntry<T extends ReservedName>(table: readonly T[], segments: readonly string[]): T | undefined {
  const names = segments.map((segment) => segment.toLowerCase().replace(/\.html$/, ""));
  const hits = (name: string, segment: string | undefined) =>
    segment !== undefined && (name.endsWith("*") ? segment.startsWith(name.slice(0, -1)) : segment === name);
  return table.find(({ name, where }) =>
    where === "top"
      ? hits(name, names[0])
      : where === "anywhere"
        ? names.some((segment) => hits(name, segment))
        : false,
  );
}

/** "…is reserved for …", naming the segment as the author wrote it; undefined when no entry is hit. */
export function reservedSaid(table: readonly ReservedName[], segments: readonly string[]): Said | undefined {
  const entry = reservedEntry(table, segments);
  if (!entry) return undefined;
  const bare = (segment: string) => segment.toLowerCase().replace(/\.html$/, "");
  const written =
    entry.name.endsWith("*") || entry.where === "top"
      ? (segments[0] ?? entry.name)
      : (segments.find((segment) => bare(segment) === entry.name) ?? entry.name);
  return say("reservedName", { written, why: { en: entry.why, de: entry.whyDe } });
}

/**
 * Why a page may not live at `below` (its path under the language prefix), or undefined. `prefixes` are the
 * languages' folders ("de"): a slug starting with one would put the page among another language's.
 */
export function pageAddressSaid(
  table: readonly ReservedName[],
  below: string,
  prefixes: readonly string[],
): Said | undefined {
  const segments = below.split("/");
  const first = segments[0] ?? "";
  if (prefixes.includes(first)) return say("languageFolder", { first, rest: segments.slice(1).join("/") });
  return reservedSaid(table, segments);
}

/** The same, as a message about the slug, url or file name that set the address ("slug "admin": …"). */
export function reservedAddressSaid(
  table: readonly ReservedName[],
  origin: AddressOrigin,
  below: string,
  prefixes: readonly string[],
): Said | undefined {
  const reason = pageAddressSaid(table, below, prefixes);
  return reason && say("reservedAddress", { origin, reason });
}

/** "page" directly below a section's address: where a long section's further list pages live. */
export function belowSectionSaid(
  table: readonly ReservedName[],
  origin: AddressOrigin,
  address: string,
  sectionAddress: string,
): Said | undefined {
  for (const entry of table.filter((row) => row.where === "below a section")) {
    const reserved = `${sectionAddress}/${entry.name}`;
    if (address === reserved || address.startsWith(`${reserved}/`))
      return say("reservedBelowSection", {
        origin,
        name: entry.name,
        section: sectionAddress,
        why: { en: entry.why, de: entry.whyDe },
      });
  }
  return undefined;
}
