import type { Content, Lang, Page } from "../content/types.ts";
import { defaultLocale, fileOfPath, homePath, localePath, type Locale } from "../content/locales.ts";
import { resolveTargets } from "../content/markdown/directives/targets.ts";
import { ContentError, ContentErrors } from "../content/read/errors.ts";
import type { NavLink } from "../content/schemas/index.ts";
import { CHROME_IDS } from "../shared/page-markup.ts";
import { SECTION_LIST } from "../content/schemas/sections.ts";
import { pageAddresses } from "../content/rules/addresses.ts";
import { aliasRedirects, type Redirect } from "./aliases.ts";
import { collectTags, type Tag, tagKey } from "./tags.ts";
import { futureLastmods, publishDateOf, type Schedule, scheduleOf } from "../content/rules/schedule.ts";

/** The kinds of page the site has. A new kind adds a producer to ROUTE_KINDS and a component in pages/kinds.ts. */
export type PageKind = "home" | "page" | "section" | "impressum" | "notFound" | "tag";

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

type Producer = (
  content: Content,
  options: Required<RouteModelOptions>,
  tags: ReadonlyMap<string, Tag>,
) => Omit<Route, "alternates" | "published" | "modified">[];

const yamlFiles = (content: Content, lang: Lang, ...names: ("common" | "home" | "form")[]) =>
  names.map((name) => content.langs[lang]?.files[name] ?? "");

/** One producer per kind: the routes that kind contributes, computed from the content. */
const ROUTE_KINDS: Record<PageKind, Producer> = {
  home: (content) =>
    content.locales.map((locale) => ({
      kind: "home",
      key: "home",
      lang: locale.code,
      path: homePath(locale),
      file: fileOfPath(homePath(locale)),
      indexable: true,
      draft: false,
      sources: yamlFiles(content, locale.code, "home", "form", "common"),
    })),
  page: (content, options) => pageRoutes(content, false, options),
  section: (content, options) =>
    pageRoutes(content, true, options).flatMap((first) => listPages(first, content, options)),
  // One bilingual legal notice at /impressum; its chrome follows the site's default language.
  impressum: (content) => [
    {
      kind: "impressum",
      key: "impressum",
      lang: defaultLocale(content.locales).code,
      path: "/impressum",
      file: fileOfPath("/impressum"),
      indexable: true,
      draft: false,
      sources: [content.impressum.file],
    },
  ],
  tag: (content, _, tags) => tagRoutes(content, tags),
  notFound: (content) =>
    content.locales.map((locale) => ({
      kind: "notFound",
      key: "notFound",
      lang: locale.code,
      path: `${locale.prefix}/404`,
      file: `${locale.prefix.slice(1)}${locale.prefix ? "/" : ""}404.html`,
      indexable: false,
      draft: false,
      sources: yamlFiles(content, locale.code, "common"),
    })),
};

/** Each tag's list pages in its language: /tags/rag (the folder from common.yaml's tags.path), /tags/rag/page/2, … */
function tagRoutes(content: Content, tags: ReadonlyMap<string, Tag>): ReturnType<Producer> {
  const localeOf = new Map(content.locales.map((locale) => [locale.code, locale]));
  return [...tags.values()].flatMap((tag) => {
    const locale = localeOf.get(tag.lang);
    const folder = content.langs[tag.lang]?.common.tags.path;
    if (!locale || folder === undefined) return [];
    const first = localePath(locale, `${folder}/${tag.slug}`);
    const size = SECTION_LIST.pageSize;
    const count = Math.max(1, Math.ceil(tag.pages.length / size));
    return Array.from({ length: count }, (_, index) => {
      const number = index + 1;
      const below = number === 1 ? "" : `/${SECTION_LIST.pageSegment}/${number}`;
      return {
        kind: "tag" as const,
        key: `${TAG_KEY_PREFIX}${tag.slug}${below}`,
        lang: tag.lang,
        path: `${first}${below}`,
        file: fileOfPath(`${first}${below}`),
        indexable: true,
        draft: false,
        sources: tag.pages.map((page) => page.file),
        list: { number, size },
        tag: { name: tag.name, slug: tag.slug },
      };
    });
  });
}

/** The key of a tag's list pages: the same in every language whose pages use a tag with that address. */
const TAG_KEY_PREFIX = "tags/";

function pageRoutes(content: Content, sections: boolean, options: Required<RouteModelOptions>): ReturnType<Producer> {
  const localeOf = new Map(content.locales.map((locale) => [locale.code, locale]));
  const addresses = pageAddresses(content.pages);
  return content.pages
    .filter((page) => page.isSection === sections)
    .map((page) => {
      const locale = localeOf.get(page.lang) as Locale;
      const path = localePath(locale, addresses.get(page) ?? page.key);
      const draftFile = draftFileOf(page, content);
      const schedule = scheduleFileOf(page, content, options.today);
      return {
        kind: sections ? "section" : "page",
        key: page.key,
        lang: page.lang,
        path,
        file: fileOfPath(path),
        indexable: draftFile === undefined && schedule === undefined,
        draft: draftFile !== undefined,
        draftFile,
        schedule,
        sources: [page.file],
        page,
        // A draft section has no feed: its pages are drafts, and a feed never carries drafts (nor what is not live).
        feed: sections && draftFile === undefined && schedule === undefined ? `${path}/feed.xml` : undefined,
      };
    });
}

/**
 * The first of `items` for each language and key. Pages and routes are looked up for every link of every
 * page: a search through all of them made large sites quadratic.
 */
const langKey = (lang: Lang, key: string) => `${lang} ${key}`;
function firstOfEach<T extends { lang: Lang; key: string }>(items: readonly T[]): Map<string, T> {
  const index = new Map<string, T>();
  for (const item of items) if (!index.has(langKey(item.lang, item.key))) index.set(langKey(item.lang, item.key), item);
  return index;
}

const pageIndexes = new WeakMap<Content, Map<string, Page>>();
function pageAt(content: Content, lang: Lang, key: string): Page | undefined {
  let index = pageIndexes.get(content);
  if (!index) {
    index = firstOfEach(content.pages);
    pageIndexes.set(content, index);
  }
  return index.get(langKey(lang, key));
}

/** The page's own draft: true, or that of the nearest section above it that has one (its pages are drafts too). */
function draftFileOf(page: Page, content: Content): string | undefined {
  for (
    let at: Page | undefined = page;
    at;
    at = at.section === undefined ? undefined : pageAt(content, at.lang, at.section)
  ) {
    if (at.meta.draft) return at.file;
  }
  return undefined;
}

/** The page's own schedule, or that of the nearest section above it that has one (its pages follow it). */
function scheduleFileOf(page: Page, content: Content, today: string): Route["schedule"] {
  for (
    let at: Page | undefined = page;
    at;
    at = at.section === undefined ? undefined : pageAt(content, at.lang, at.section)
  ) {
    const schedule = scheduleOf(at.meta, today);
    if (schedule) return { ...schedule, file: at.file };
  }
  return undefined;
}

/**
 * A section's list pages: its own address lists the first entries, <section>/page/2 the next, and so on.
 * How many depends on the entries this build publishes (drafts only where it builds them).
 */
function listPages(
  first: ReturnType<Producer>[number],
  content: Content,
  { drafts, future, today }: Required<RouteModelOptions>,
): ReturnType<Producer> {
  const page = first.page as Page;
  const size = page.meta.pageSize ?? SECTION_LIST.pageSize;
  const entries = content.pages.filter(
    (other) =>
      other.lang === page.lang &&
      other.section === page.key &&
      (drafts || draftFileOf(other, content) === undefined) &&
      (future || scheduleFileOf(other, content, today) === undefined),
  ).length;
  const count = Math.max(1, Math.ceil(entries / size));
  return Array.from({ length: count }, (_, index) => {
    const number = index + 1;
    if (number === 1) return { ...first, list: { number, size } };
    const path = `${first.path}/${SECTION_LIST.pageSegment}/${number}`;
    return {
      ...first,
      key: `${first.key}/${SECTION_LIST.pageSegment}/${number}`,
      path,
      file: fileOfPath(path),
      list: { number, size },
    };
  });
}

export interface RouteModelOptions {
  /** Build draft pages too (npm run dev, and preview builds). */
  drafts?: boolean;
  /** A preview deploy (npm run build -- --drafts): drafts built, and every page asks search engines not to index it. */
  preview?: boolean;
  /**
   * The build's day in site.yaml's timeZone (YYYY-MM-DD, content/schedule.ts): a page dated later is scheduled,
   * one whose expiryDate has come is expired. Passed in, never read from a clock here.
   */
  today: string;
  /** Build scheduled and expired pages too, with their marker (npm run dev, npm run build -- --future). */
  future?: boolean;
}

/** Newest first by ISO date (undated last): the dates' order is their code units'. */
const newerFirst = (a = "", b = "") => (a === b ? 0 : a > b ? -1 : 1);

/** The site's pages, computed from its content: what render, sitemap, hreflang, menus, link check and tests read. */
export class RouteModel {
  /** Every route that is built. */
  readonly routes: Route[];
  /** Draft pages left out of this build, by URL path: a link to one is reported as such. */
  readonly unpublished = new Map<string, Route>();
  readonly locales: Locale[];
  readonly defaultLocale: Locale;
  /** See RouteModelOptions.preview. */
  readonly preview: boolean;
  private readonly childrenCache = new Map<string, Route[]>();
  /** Routes by language and key, and the pages each menu lists by language: read for every link of every page. */
  private readonly byKey: Map<string, Route>;
  private readonly menuPages = new Map<string, NavLink[]>();

  /** The build's day (RouteModelOptions.today). */
  readonly today: string;
  /** Old addresses of built pages (their front matter's aliases), each answering with a 301 to the page. */
  readonly redirects: Redirect[];
  /** What the route model finds that does not stop a build: near-duplicate tags. */
  readonly warnings: ContentError[];
  /** Every tag of the built pages, by language and normalised tag (routes/tags.ts). */
  private readonly tags: ReadonlyMap<string, Tag>;
  private relatedIndex?: Map<string, Route[]>;
  private readonly collators = new Map<string, Intl.Collator>();

  constructor(
    readonly content: Content,
    { preview = false, drafts = preview, today, future = false }: RouteModelOptions,
  ) {
    this.preview = preview;
    this.today = today;
    this.locales = content.locales;
    this.defaultLocale = defaultLocale(content.locales);
    // Tags are those of the pages this build makes (drafts and scheduled pages only where it makes them).
    const tagged = collectTags(
      content.pages.filter(
        (page) =>
          !page.isSection &&
          (drafts || draftFileOf(page, content) === undefined) &&
          (future || scheduleFileOf(page, content, today) === undefined),
      ),
    );
    const refused = [...futureLastmods(content.pages, today), ...tagged.errors];
    if (refused.length > 0) throw new ContentErrors(refused);
    this.warnings = tagged.warnings;
    this.tags = tagged.tags;
    const all = (Object.values(ROUTE_KINDS) as Producer[])
      .flatMap((produce) => produce(content, { drafts, preview, today, future }, tagged.tags))
      .map((route) => ({ ...route, ...datesOf(route, content, today) }));
    checkCollisions(all);
    const isBuilt = (route: (typeof all)[number]) => (drafts || !route.draft) && (future || !route.schedule);
    const built = all.filter(isBuilt);
    for (const route of all) if (!isBuilt(route)) this.unpublished.set(route.path, { ...route, alternates: {} });
    const alternates = alternatesOf(built);
    this.routes = built.map((route) => ({ ...route, alternates: alternates.get(route) ?? {} }));
    this.byKey = firstOfEach(this.routes);
    const aliases = aliasRedirects(this.routes, all);
    if (aliases.errors.length > 0) throw new ContentErrors(aliases.errors);
    this.redirects = aliases.redirects;
    // A section with no dated entry in a language (a partial translation) has no feed there, and no feed link.
    for (const route of this.routes) if (route.feed && this.feedEntries(route).length === 0) route.feed = undefined;
  }

  /** A section's feed entries: its newest dated pages that are no drafts, newest first, whatever their weight in its list. */
  feedEntries(section: Route): Route[] {
    return (
      this.children(section)
        .filter((child) => child.kind === "page" && !child.draft && child.published !== undefined)
        // Not before its day, nor after its expiryDate, even in a preview that shows it (npm run dev, --future).
        .filter((child) => child.schedule === undefined)
        .sort((a, b) =>
          (a.published as string) === b.published ? 0 : (a.published as string) > (b.published as string) ? -1 : 1,
        )
        .slice(0, SECTION_LIST.feedEntries)
    );
  }

  locale(lang: Lang): Locale {
    return this.locales.find((locale) => locale.code === lang) ?? this.defaultLocale;
  }

  find(key: string, lang: Lang): Route | undefined {
    return this.byKey.get(langKey(lang, key));
  }

  /**
   * Where a menu's "to" leads from a page: "#id" is a home page section, anything else a page's key (and maybe
   * "#id" on it), in the page's language; where the page does not exist in it, the default language's (else
   * the first that has it), marked with that language.
   */
  link(to: string, from: Route): Pick<MenuEntry, "href" | "other"> {
    if (to.startsWith("#")) return { href: from.kind === "home" ? to : `${homePath(this.locale(from.lang))}${to}` };
    const [key = to, anchor] = to.split("#");
    const hash = anchor === undefined ? "" : `#${anchor}`;
    const own =
      this.find(key, from.lang) ??
      [...this.unpublished.values()].find((route) => route.key === key && route.lang === from.lang);
    if (own) return { href: `${own.path}${hash}` };
    const other =
      this.find(key, this.defaultLocale.code) ??
      this.routes.find((route) => route.key === key && route.kind !== "notFound");
    // The loader has checked every "to" against the content, so only a draft or a typo in code lands here.
    if (!other) return { href: `/${key}${hash}` };
    // The Impressum is one bilingual page: it is in every language, nothing to mark.
    if (other.kind === "impressum") return { href: `${other.path}${hash}` };
    return {
      href: `${other.path}${hash}`,
      other: { lang: other.lang, name: this.content.langs[other.lang]?.common.language.name ?? other.lang },
    };
  }

  /** A page's HTML with its components' links pointing at their pages' addresses (the page, its feed entry). */
  pageHtml(route: Route): string {
    return resolveTargets(route.page?.html ?? "", (to) => this.href(to, route));
  }

  /** The address alone (a component's link, which carries no language mark). */
  href(to: string, from: Route): string {
    return this.link(to, from).href;
  }

  /** A menu of a page's language: the entries from common.yaml, then the pages that ask to be in it. */
  menu(from: Route, menu: "header" | "footer"): MenuEntry[] {
    const copy = this.content.langs[from.lang]?.common;
    const listed: NavLink[] = (menu === "header" ? copy?.header.nav : copy?.footer.nav) ?? [];
    let fromPages = this.menuPages.get(langKey(from.lang, menu));
    if (!fromPages) {
      fromPages = this.routes
        .filter((route) => route.lang === from.lang && route.page?.meta.nav?.menu === menu && isFirstListPage(route))
        .map((route) => ({ label: route.page?.meta.nav?.label ?? "", to: route.key }));
      this.menuPages.set(langKey(from.lang, menu), fromPages);
    }
    return this.entries([...listed, ...fromPages], from);
  }

  /** Menu entries of common.yaml ("label" and "to") as links from a page. */
  entries(links: readonly NavLink[], from: Route): MenuEntry[] {
    return links.map((link) => ({ label: link.label, ...this.link(link.to, from) }));
  }

  /**
   * The same page in every other language; where it has no translation, the nearest page that has one
   * there (the section it belongs to, else that language's home page), said so in that language.
   */
  languageLinks(route: Route): LanguageLink[] {
    // The Impressum is one page in all languages at once: there is nothing to switch to.
    if (route.kind === "impressum") return [];
    return this.locales
      .filter((locale) => locale.code !== route.lang)
      .map((locale) => {
        const language = this.content.langs[locale.code]?.common.language;
        // A 404 page leads to the other language's home page; a draft (npm run dev) has no alternates, but may have a twin all the same.
        const twin =
          route.kind === "notFound"
            ? homePath(locale)
            : (route.alternates[locale.code] ??
              this.routes.find(
                (other) => other.key === route.key && other.kind === route.kind && other.lang === locale.code,
              )?.path);
        const common = { lang: locale.code, short: language?.short ?? locale.code.toUpperCase() };
        // A list page the other language does not have (its section is shorter there) leads to that section.
        const same =
          twin ?? (route.kind === "section" ? this.find(route.page?.key ?? "", locale.code)?.path : undefined);
        if (same !== undefined)
          return { ...common, href: same, readThisPage: language?.readThisPage ?? "", fallback: false };
        return {
          ...common,
          href: `${this.nearest(route, locale)}#${CHROME_IDS.notTranslated}`,
          readThisPage: language?.notAvailable ?? "",
          fallback: true,
        };
      });
  }

  /** The nearest section above a route that exists in a language (sections nest), else that language's home page. */
  private nearest(route: Route, locale: Locale): string {
    let key = route.page?.section;
    while (key !== undefined) {
      const found = this.find(key, locale.code);
      if (found) return found.path;
      const above: string | undefined = this.content.pages.find((page) => page.key === key)?.section;
      key = above;
    }
    return homePath(locale);
  }

  /**
   * A section's pages in its language, in Hugo's default order: by weight (1 first; pages without a weight
   * after all weighted ones), then newest date first (undated ones after the dated), then title in the
   * language's alphabetical order. A nested section is listed by its first list page.
   */
  children(section: Route): Route[] {
    const key = section.page?.key ?? section.key;
    const cacheKey = `${section.lang} ${key}`;
    const cached = this.childrenCache.get(cacheKey);
    if (cached) return cached;
    const collator = this.collatorOf(section.lang);
    const weight = (route: Route) => route.page?.meta.weight ?? Number.POSITIVE_INFINITY;
    const date = (route: Route) => route.page?.meta.date ?? "";
    const title = (route: Route) => route.page?.meta.title ?? "";
    const children = this.routes
      .filter(
        (route) =>
          route.lang === section.lang &&
          route.page?.section === key &&
          route.page.key !== key &&
          isFirstListPage(route),
      )
      .sort((a, b) => {
        const byWeight = weight(a) === weight(b) ? 0 : weight(a) < weight(b) ? -1 : 1;
        const byDate = date(a) === date(b) ? 0 : date(a) > date(b) ? -1 : 1;
        return byWeight || byDate || collator.compare(title(a), title(b)) || (a.path < b.path ? -1 : 1);
      });
    this.childrenCache.set(cacheKey, children);
    return children;
  }

  /** The entries one list page of a section shows (see Route.list). */
  listEntries(listPage: Route): Route[] {
    const { number, size } = listPage.list ?? { number: 1, size: Number.POSITIVE_INFINITY };
    return this.children(listPage).slice((number - 1) * size, number * size);
  }

  /** All list pages of a section in its language, first to last. */
  listPagesOf(section: Route): Route[] {
    const key = section.page?.key ?? section.key;
    return this.routes.filter(
      (route) => route.kind === "section" && route.lang === section.lang && route.page?.key === key,
    );
  }

  /** A tag's list page's entries: its built pages, newest first (undated after the dated), then by title. */
  tagEntries(tagPage: Route): Route[] {
    const tag = this.tags.get(`${tagPage.lang} ${tagKey(tagPage.tag?.name ?? "", tagPage.lang)}`);
    const pages = new Set(tag?.pages ?? []);
    const collator = this.collatorOf(tagPage.lang);
    const entries = this.routes
      .filter((route) => route.kind === "page" && route.page !== undefined && pages.has(route.page))
      .sort(
        (a, b) =>
          newerFirst(a.published, b.published) || collator.compare(a.page?.meta.title ?? "", b.page?.meta.title ?? ""),
      );
    const { number, size } = tagPage.list ?? { number: 1, size: Number.POSITIVE_INFINITY };
    return entries.slice((number - 1) * size, number * size);
  }

  /** All list pages of a tag in its language, first to last. */
  tagListPages(tagPage: Route): Route[] {
    return this.routes.filter(
      (route) => route.kind === "tag" && route.lang === tagPage.lang && route.tag?.slug === tagPage.tag?.slug,
    );
  }

  /** A page's tags as links to their list pages, in the order its front matter gives them (each once). */
  tagLinks(route: Route): { name: string; href: string }[] {
    const seen = new Set<string>();
    return (route.page?.meta.tags ?? []).flatMap((written) => {
      const tag = this.tags.get(`${route.lang} ${tagKey(written, route.lang)}`);
      if (!tag || seen.has(tag.slug)) return [];
      seen.add(tag.slug);
      const href = this.find(`${TAG_KEY_PREFIX}${tag.slug}`, route.lang)?.path;
      return href ? [{ name: tag.name, href }] : [];
    });
  }

  /**
   * Up to three articles to read next: the built pages of the same language that share the most tags with this
   * one, then the newest, then by title. None for a page without tags, or whose tags no other page has.
   */
  related(route: Route, count = 3): Route[] {
    if (!route.page?.meta.tags?.length) return [];
    if (!this.relatedIndex) {
      this.relatedIndex = new Map();
      for (const candidate of this.routes) {
        if (candidate.kind !== "page" || !candidate.page) continue;
        for (const written of new Set((candidate.page.meta.tags ?? []).map((tag) => tagKey(tag, candidate.lang)))) {
          const key = `${candidate.lang} ${written}`;
          const list = this.relatedIndex.get(key);
          if (list) list.push(candidate);
          else this.relatedIndex.set(key, [candidate]);
        }
      }
    }
    const shared = new Map<Route, number>();
    for (const written of new Set(route.page.meta.tags.map((tag) => tagKey(tag, route.lang))))
      for (const other of this.relatedIndex.get(`${route.lang} ${written}`) ?? [])
        if (other !== route) shared.set(other, (shared.get(other) ?? 0) + 1);
    const collator = this.collatorOf(route.lang);
    return [...shared]
      .sort(
        ([a, m], [b, n]) =>
          n - m ||
          newerFirst(a.published, b.published) ||
          collator.compare(a.page?.meta.title ?? "", b.page?.meta.title ?? ""),
      )
      .slice(0, count)
      .map(([other]) => other);
  }

  /** A language's alphabetical order, made once (making a collator costs more than a sort of a hundred titles). */
  private collatorOf(lang: string): Intl.Collator {
    let collator = this.collators.get(lang);
    if (!collator) {
      collator = new Intl.Collator(lang);
      this.collators.set(lang, collator);
    }
    return collator;
  }

  /** The section a page belongs to, in the page's language. */
  sectionOf(route: Route): Route | undefined {
    return route.page?.section === undefined ? undefined : this.find(route.page.section, route.lang);
  }
}

/** A page's publication and last change (see Route). */
function datesOf(
  route: ReturnType<Producer>[number],
  content: Content,
  today: string,
): Pick<Route, "published" | "modified"> {
  const publish = route.page ? publishDateOf(route.page.meta) : undefined;
  const published = publish === undefined ? undefined : `${publish}T00:00:00Z`;
  const chrome = new Set(content.locales.map((locale) => content.langs[locale.code]?.files.common));
  const changes = route.sources
    .filter((file) => !chrome.has(file))
    .map((file) => content.lastChanged.get(file))
    .filter((date) => date !== undefined);
  // A commit dated after the build's day (a clock set wrong, BUILD_DATE behind the history) is not a date to publish:
  // feeds, the sitemap and structured data say no more than the build's day.
  const latest = `${today}T00:00:00Z`;
  const modified = [published, ...changes.map((date) => (date.slice(0, 10) > today ? latest : date))]
    .filter((date) => date !== undefined)
    .sort()
    .at(-1);
  return { published, modified };
}

/** The same key in several languages: each route lists all of them. Drafts and 404 pages have none. */
function alternatesOf(built: Omit<Route, "alternates">[]): Map<Omit<Route, "alternates">, Record<Lang, string>> {
  const groups = new Map<string, Omit<Route, "alternates">[]>();
  for (const route of built.filter((other) => other.indexable)) {
    const kindKey = `${route.kind} ${route.key}`;
    groups.set(kindKey, [...(groups.get(kindKey) ?? []), route]);
  }
  const alternates = new Map<Omit<Route, "alternates">, Record<Lang, string>>();
  for (const same of groups.values()) {
    if (same.length < 2) continue;
    const paths = Object.fromEntries(same.map((other) => [other.lang, other.path]));
    for (const route of same) alternates.set(route, paths);
  }
  return alternates;
}

/**
 * Two pages on one URL, or on one output file (url: /index writes index.html, the home page's), would overwrite
 * each other: name both files, and the line of the slug or url that moved one of them there.
 */
function checkCollisions(routes: Omit<Route, "alternates">[]): void {
  const seen = new Map<string, Omit<Route, "alternates">>();
  const errors: ContentError[] = [];
  const moved = (route: Omit<Route, "alternates">) =>
    route.page?.meta.url !== undefined ? "url" : route.page?.meta.slug !== undefined ? "slug" : undefined;
  for (const route of routes) {
    // /de (an English page named de) and /de/ (the German home) would be one address to every host.
    const address = route.path.replace(/\/$/, "");
    const earlier = seen.get(address) ?? seen.get(`file ${route.file}`);
    if (earlier) {
      // The message goes to the page whose slug or url put it there, else to the later one.
      const [other, claimer] = moved(earlier) && !moved(route) ? [route, earlier] : [earlier, route];
      const [first, second] = [other.sources[0] ?? other.kind, claimer.sources[0] ?? claimer.kind];
      const keyPath = moved(claimer);
      const at = keyPath ? { keyPath, line: claimer.page?.keyLines[keyPath] } : {};
      const what =
        other.path.replace(/\/$/, "") === claimer.path.replace(/\/$/, "")
          ? `its URL ${claimer.path} is already taken by ${first}`
          : `its URL ${claimer.path} writes ${claimer.file}, the file of ${first} (${other.path})`;
      errors.push(new ContentError(second, `${what}: give one of them another slug`, at));
    } else {
      seen.set(address, route);
      seen.set(`file ${route.file}`, route);
    }
  }
  if (errors.length > 0) throw new ContentErrors(errors);
}
