import { ContentError } from "../content/read/errors.ts";
import { reservedAliasReason } from "../content/rules/reserved.ts";
import { type AddressOwner, say } from "../shared/messages/catalogue.ts";
import type { Route } from "./route.ts";

/** An old address that answers with a permanent redirect to a page's address (Hugo's aliases). */
export interface Redirect {
  from: string;
  to: string;
  /** The page whose front matter lists it, as messages name it. */
  file: string;
}

/** An alias as every host compares it: /old/ and /old are one address. */
const normalised = (alias: string) => (alias.length > 1 ? alias.replace(/\/+$/, "") : alias);

/**
 * What answers at a route's address, as an author knows it: a tag's list, a section's further list page, the search
 * page (named by its language's common.yaml, not by the pages it lists), or the file.
 */
function described(route: Omit<Route, "alternates">, commonFile: (lang: string) => string | undefined): AddressOwner {
  if (route.tag) return { kind: "tag", name: route.tag.name };
  if (route.kind === "search") return { kind: "search", common: commonFile(route.lang) ?? "common.yaml" };
  const file = route.sources[0] ?? route.kind;
  if ((route.list?.number ?? 1) > 1) return { kind: "list", number: route.list?.number ?? 1, file };
  return { kind: "file", file };
}

/**
 * The redirects of every built page's aliases, and what makes one impossible: an alias that is a page's address
 * (it would hide that page, or loop), that two pages claim, or that belongs to the build (/assets/…). A page that
 * is not built (a draft, scheduled, expired) redirects nothing: its old address would lead to a missing page.
 */
export function aliasRedirects(
  built: readonly Route[],
  all: readonly Omit<Route, "alternates">[],
  /** Each language's common.yaml, as messages name it. */
  commonFile: (lang: string) => string | undefined = () => undefined,
): { redirects: Redirect[]; errors: ContentError[] } {
  const taken = new Map(all.map((route) => [normalised(route.path), route]));
  const claimed = new Map<string, Redirect>();
  const redirects: Redirect[] = [];
  const errors: ContentError[] = [];
  for (const route of built) {
    const page = route.page;
    if (!page?.meta.aliases || (route.list?.number ?? 1) !== 1) continue;
    page.meta.aliases.forEach((alias, index) => {
      const from = normalised(alias);
      const at = { keyPath: `aliases[${index}]`, line: page.keyLines[`aliases[${index}]`] };
      const owner = taken.get(from);
      const earlier = claimed.get(from);
      const reserved = reservedAliasReason(from);
      if (reserved) {
        errors.push(new ContentError(page.file, say("aliasReserved", { alias, reason: reserved }), at));
      } else if (owner === route) {
        errors.push(new ContentError(page.file, say("aliasOwnAddress", { alias }), at));
      } else if (owner) {
        errors.push(new ContentError(page.file, say("aliasTaken", { alias, owner: described(owner, commonFile) }), at));
      } else if (earlier) {
        errors.push(new ContentError(page.file, say("aliasClaimed", { alias, earlier: earlier.file }), at));
      } else {
        const redirect = { from, to: route.path, file: page.file };
        claimed.set(from, redirect);
        redirects.push(redirect);
      }
    });
  }
  return { redirects: redirects.sort((a, b) => (a.from < b.from ? -1 : 1)), errors };
}
