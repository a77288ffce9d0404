import { type Said, say } from "../../../shared/messages/catalogue.ts";
import { didYouMean } from "../../read/suggest.ts";

/**
 * A component's link names its target as the menus do (`to`: "#contact", home, impressum, a page's key,
 * optionally with "#anchor"). The page's address in its language is the route model's to compute, after
 * every page is loaded, so the syntax tree gives the link's href a mark until the page is rendered: the target
 * between two U+FDD0, a noncharacter no content file can hold (the guards refuse it in the file's text and in
 * every decoded value, and Markdown decodes &#xFDD0; to U+FFFD). Only an href the tree gave a mark is rewritten,
 * so a code sample that shows href="to:…" or anything else stays as written.
 */
const MARK = "\ufdd0";

export const targetHref = (to: string) => `${MARK}${to}${MARK}`;

/** The page's HTML with every component link pointing at its page's address. */
export function resolveTargets(html: string, href: (to: string) => string): string {
  return html.replace(/\ufdd0([^\ufdd0"]*)\ufdd0/g, (_, to: string) =>
    href(to).replace(/&/g, "&amp;").replace(/"/g, "&quot;"),
  );
}

/** The keys a `to` may name besides the pages' own. */
const FIXED_TARGETS = ["home", "impressum"];

/**
 * Why a `to` leads nowhere, or undefined when it names a home page section or an existing page. Where it is
 * near a page's key (or one of `alsoMeant`, e.g. the #sections other menus use), the message names that one.
 * `offered`: targets the caller accepts before asking (a call to action's booking), named first in the message.
 */
export function targetProblem(
  to: string,
  pageKeys: ReadonlySet<string>,
  { alsoMeant = [], offered = [] }: { alsoMeant?: readonly string[]; offered?: readonly string[] } = {},
): string | undefined {
  return targetSaid(to, pageKeys, { alsoMeant, offered })?.en;
}

/** The same, in every message language: what a ContentError carries, so a German author reads it in German. */
export function targetSaid(
  to: string,
  pageKeys: ReadonlySet<string>,
  { alsoMeant = [], offered = [] }: { alsoMeant?: readonly string[]; offered?: readonly string[] } = {},
): Said | undefined {
  const page = to.split("#")[0] ?? "";
  if (to.startsWith("#") || FIXED_TARGETS.includes(page) || pageKeys.has(page)) return undefined;
  const meant = didYouMean(to, [...offered, ...FIXED_TARGETS, ...pageKeys, ...alsoMeant]);
  const allowed = [...offered, '"#section-id"', ...FIXED_TARGETS].join(", ");
  return say("noSuchTarget", { to, meant, allowed });
}
