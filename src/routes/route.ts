import type { Lang, Page } from "../content/types.ts";
import type { Schedule } from "../content/rules/schedule.ts";

/** The kinds of page the site has. A new kind adds a producer to ROUTE_KINDS and a component in pages/kinds.ts. */
export type PageKind = "home" | "page" | "section" | "impressum" | "notFound" | "tag" | "search";

export interface Route {
  kind: PageKind;
  /** The same in every language: "home", "impressum", "notFound" or a page's key ("privacy", "insights/rag"). */
  key: string;
  /** Language of the page chrome and of <html lang>. */
  lang: Lang;
  /** The URL path visitors use (clean URLs). */
  path: string;
  /** Output file under dist/. */
  file: string;
  /** The same page in every language that has it (itself included), when more than one does: hreflang and the language button. */
  alternates: Record<Lang, string>;
  /** Listed in the sitemap and given a canonical URL. */
  indexable: boolean;
  /** Only built by npm run dev and preview builds (npm run build -- --drafts). */
  draft: boolean;
  /** The file whose draft: true makes this a draft: the page's own, or its section's index.md. */
  draftFile?: string;
  /**
   * Not live on the build's day: scheduled for a later one, or past its expiryDate (the page's own front matter,
   * or its section's index.md, in `file`). Built only by npm run dev and --future previews, with a marker.
   */
  schedule?: Schedule & { file: string };
  /** The content files the page is made from, as messages name them (link-check errors point there). */
  sources: string[];
  /** The Markdown page, for kinds "page" and "section". */
  page?: Page;
  /** A section's Atom feed (URL path); none for a draft section. */
  feed?: string;
  /**
   * A section's list pages: which one this is (1 is the section's own address, 2 is <section>/page/2), of how
   * many, and how many entries each shows. Every list page is a route of kind "section" with the section's page.
   */
  list?: { number: number; size: number };
  /** A tag's list page (kind "tag"): the tag as most pages write it, and its address segment. */
  tag?: { name: string; slug: string };
  /** When the page was first published: its front matter's date, as UTC midnight (2026-11-09T00:00:00Z). */
  published?: string;
  /**
   * When the page last changed: the newest git commit of the content files it is made from (the shared
   * header and footer in common.yaml do not count), never before `published`; without git, `published`.
   */
  modified?: string;
}

/** A section's first list page (its own address), or any route that is not a list page at all. */
export const isFirstListPage = (route: Route) => (route.list?.number ?? 1) === 1;

export interface MenuEntry {
  label: string;
  href: string;
  /** Set where the page does not exist in the menu's language and the link leads to another language's. */
  other?: { lang: Lang; name: string };
}

/** A link to the same page in another language, described in that language (its common.yaml). */
export interface LanguageLink {
  lang: Lang;
  href: string;
  short: string;
  /** What the link does, in its language: "Read this page in German"; for a fallback, where it leads instead (its title). */
  readThisPage: string;
  /** The page has no translation in this language: the link leads to the nearest page there (its section, else home). */
  fallback: boolean;
}
