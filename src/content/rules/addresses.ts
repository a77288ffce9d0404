import { ContentError } from "../read/errors.ts";
import { BELOW_SECTION, reservedReasonSaid } from "./reserved.ts";
import { say } from "../../shared/messages/catalogue.ts";
import { type AddressOrigin, belowSectionSaid } from "../../shared/verdict/reserved.ts";
import type { Lang, Page } from "../types.ts";

/**
 * Where each page lives below its language's prefix, as in Hugo: `url` sets the whole path; otherwise the page
 * takes the address of the folder it is in and adds its `slug`, or its file name. A folder that is a section
 * (it has an index.md) is at its section page's address, so a translated section (`slug: einblicke` in
 * de/pages/insights/index.md) takes every page in it along: de/pages/insights/how-we-work.md is at
 * /de/einblicke/how-we-work. (Hugo has no slug for sections, and moves their pages with permalinks in its
 * configuration; here the section's own front matter says it.) Only `url` puts a page outside its section.
 */
export function pageAddresses(pages: readonly Page[]): Map<Page, string> {
  const byKey = new Map(pages.map((page) => [`${page.lang} ${page.key}`, page]));
  const addresses = new Map<Page, string>();
  const folderAddress = (lang: Lang, folder: string): string => {
    if (folder === "") return "";
    const section = byKey.get(`${lang} ${folder}`);
    if (section?.isSection) return addressOf(section);
    const slash = folder.lastIndexOf("/");
    const above = folderAddress(lang, folder.slice(0, Math.max(0, slash)));
    const name = folder.slice(slash + 1);
    return above === "" ? name : `${above}/${name}`;
  };
  const addressOf = (page: Page): string => {
    const known = addresses.get(page);
    if (known !== undefined) return known;
    let address: string;
    if (page.meta.url !== undefined) address = page.meta.url.replace(/^\/+/, "");
    else {
      const slash = page.key.lastIndexOf("/");
      const above = folderAddress(page.lang, page.key.slice(0, Math.max(0, slash)));
      const name = page.meta.slug ?? page.key.slice(slash + 1);
      address = above === "" ? name : `${above}/${name}`;
    }
    addresses.set(page, address);
    return address;
  };
  for (const page of pages) addressOf(page);
  return addresses;
}

/** What set a page's address, as a message names it, with the key path the author edits. */
function origin(page: Page): { what: AddressOrigin; keyPath?: string } {
  if (page.meta.url !== undefined) return { what: { kind: "url", value: page.meta.url }, keyPath: "url" };
  if (page.meta.slug !== undefined) return { what: { kind: "slug", value: page.meta.slug }, keyPath: "slug" };
  return { what: { kind: "file", value: `${page.key}${page.isSection ? "/index" : ""}.md` } };
}

/**
 * Addresses that belong to the build (content/rules/reserved.ts), known only once every page is: a slug or url taking
 * one, and "page" directly below a section's address (where a long section's list pages live).
 */
export function addressProblems(
  pages: readonly Page[],
  addresses: ReadonlyMap<Page, string>,
  prefixes: readonly string[],
): ContentError[] {
  const errors: ContentError[] = [];
  const at = (page: Page, keyPath?: string) => (keyPath ? { keyPath, line: page.keyLines[keyPath] } : {});
  for (const page of pages) {
    // A file name's own problems are reported by the loader, before any address is known.
    if (page.meta.url === undefined && page.meta.slug === undefined) continue;
    const reason = reservedReasonSaid(addresses.get(page) ?? "", prefixes);
    const { what, keyPath } = origin(page);
    if (reason)
      errors.push(new ContentError(page.file, say("reservedAddress", { origin: what, reason }), at(page, keyPath)));
  }
  for (const section of pages.filter((page) => page.isSection)) {
    for (const page of pages) {
      if (page.lang !== section.lang) continue;
      const { what, keyPath } = origin(page);
      const said = belowSectionSaid(BELOW_SECTION, what, addresses.get(page) ?? "", addresses.get(section) ?? "");
      if (said) errors.push(new ContentError(page.file, said, at(page, keyPath)));
    }
  }
  return errors;
}
