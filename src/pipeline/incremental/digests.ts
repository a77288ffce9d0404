import type { PreviewImage } from "../../components/context.ts";
import type { RouteModel } from "../../routes/model.ts";
import type { Route } from "../../routes/route.ts";
import { digestOf } from "../../cache/digest.ts";

/**
 * What a page's HTML is made of, in two parts. Every component reads the route model: menus, language links,
 * list entries, section titles and the like come from the other pages' front matter and addresses, never from
 * another page's text. So a page is the same as last time when
 * - everything but the pages' own texts is the same (the shared digest: the site, every language's copy, every
 *   route with its page's front matter, the assets and the build's options), and
 * - its own text, headings, dates and link-preview card are the same (its own digest).
 * Whether a part is reused is reuse.ts's one rule. A wrong split here shows as an incremental build that differs from a cold one
 * (tests/unit/pipeline/incremental/).
 */
export function sharedDigest(model: RouteModel, extra: unknown): string {
  const { content } = model;
  const routes = model.routes.map((route) => ({ ...withoutOwn(route), page: route.page && pageShape(route.page) }));
  return digestOf(
    JSON.stringify({
      site: content.site,
      locales: content.locales,
      langs: content.langs,
      impressum: content.impressum,
      // A Map is {} as JSON: its entries, then.
      authorPhotos: [...content.authorPhotos],
      routes,
      noindex: model.noindex,
      extra,
    }),
  );
}

/** The route's own part: the page's text and headings (with their ids), its last change and its card. */
export function ownDigest(route: Route, preview: PreviewImage | undefined): string {
  const { html, headings, parts } = route.page ?? {};
  return digestOf(JSON.stringify({ html, headings, parts, modified: route.modified, preview }));
}

/**
 * What a section's feed is made of: the shared digest (titles, dates, the section, the site's name and address)
 * and the own digests of its entries (their text and last change).
 */
export function feedDigest(shared: string, own: Record<string, string>, entries: readonly Route[]): string {
  return digestOf(JSON.stringify({ shared, entries: entries.map((entry) => [entry.file, own[entry.file]]) }));
}

const withoutOwn = ({ page: _page, modified: _modified, ...rest }: Route) => rest;

/**
 * A page as other pages may see it: everything but its text. Its translations see the kinds and shapes of its parts
 * (the language switch pairs their headings by them, routes/places.ts), never its headings' words or ids.
 */
export const pageShape = ({ html: _html, headings: _headings, parts, ...rest }: NonNullable<Route["page"]>) => ({
  ...rest,
  parts: parts.map(({ kind, shape }) => ({ kind, shape })),
});
