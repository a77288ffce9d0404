import type { Content, Lang, Page } from "../content/types.ts";
import { defaultLocale, fileOfPath, homePath, localePath, type Locale } from "../content/locales.ts";
import { ContentError, ContentErrors } from "../content/read/errors.ts";
import type { NavLink } from "../content/schemas/index.ts";
import { SECTION_LIST } from "../content/schemas/sections.ts";
import { pageAddresses } from "../content/rules/addresses.ts";
import { aliasRedirects, type Redirect } from "./aliases.ts";
import { tagMoves } from "./tag-moves.ts";
import { collectTags, type Tag, tagKey } from "./tags.ts";
import { say } from "../shared/messages/catalogue.ts";
import { futureLastmods, publishDateOf, scheduleOf } from "../content/rules/schedule.ts";
import { isFirstListPage, type PageKind, type Route } from "./route.ts";

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
  // The site search's page in each language (common.yaml's search.path): its dialog, and links without JavaScript.
  search: (content) =>
    content.locales.map((locale) => {
      const path = localePath(locale, content.langs[locale.code]?.common.search.path ?? "search");
      return {
        kind: "search",
        key: "search",
        lang: locale.code,
        path,
        file: fileOfPath(path),
        indexable: true,
        draft: false,
        // What it lists: its last change is theirs (common.yaml, the chrome, does not count as a page's change).
        sources: content.pages.filter((page) => page.lang === locale.code).map((page) => page.file),
      };
    }),
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

/**
 * Live or preview, the one rule: a build makes a draft only when it builds drafts (npm run dev, preview builds), and
 * a scheduled or expired page only when it builds the future (npm run dev, --future). Routes, section lists and tags
 * all ask it; a feed never carries either (feedEntries).
 */
function isMade({ drafts, future }: { drafts: boolean; future: boolean }, draft: boolean, scheduled: boolean): boolean {
  return (drafts || !draft) && (future || !scheduled);
}

/** isMade for a page: its draft and its schedule are its own, or those of the nearest section above it. */
function pageIsMade(
  page: Page,
  content: Content,
  options: { drafts: boolean; future: boolean; today: string },
): boolean {
  return isMade(
    options,
    draftFileOf(page, content) !== undefined,
    scheduleFileOf(page, content, options.today) !== undefined,
  );
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
      other.lang === page.lang && other.section === page.key && pageIsMade(other, content, { drafts, future, today }),
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
  /** Not the live site (a preview deploy, npm run dev): every page asks search engines not to index it (BuildPlan.noindex). */
  noindex?: boolean;
  /**
   * The build's day in site.yaml's timeZone (YYYY-MM-DD, content/rules/schedule.ts): a page dated later is scheduled,
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
  /** See RouteModelOptions.noindex. */
  readonly noindex: boolean;
  private readonly childrenCache = new Map<string, Route[]>();
  /** Routes by language and key, and the pages each menu lists by language: read for every link of every page. */
  private readonly byKey: Map<string, Route>;
  private readonly menuPageCache = new Map<string, NavLink[]>();

  /** The build's day (RouteModelOptions.today). */
  readonly today: string;
  /** Old addresses of built pages (their front matter's aliases) and of renamed tags' list pages, each a 301. */
  readonly redirects: Redirect[];
  /** The renamed tags this build found (tag-moves.ts): published.yaml records where each moved. */
  readonly tagMoves: { address: string; to: string }[];
  /** What the route model finds that does not stop a build: near-duplicate tags. */
  readonly warnings: ContentError[];
  /** Every tag of the built pages, by language and normalised tag (routes/tags.ts). */
  private readonly tags: ReadonlyMap<string, Tag>;
  private relatedIndex?: Map<string, Route[]>;
  private readonly collators = new Map<string, Intl.Collator>();

  constructor(
    readonly content: Content,
    private readonly options: RouteModelOptions,
    /** withPage's: the model this one is the same as, but for one page's object. */
    swapped?: { from: RouteModel; old: Page; page: Page },
  ) {
    const { noindex = false, drafts = false, today, future = false } = options;
    this.noindex = noindex;
    this.today = today;
    this.locales = content.locales;
    this.defaultLocale = defaultLocale(content.locales);
    if (swapped) {
      // Nothing the routes are computed from changed (see withPage): the same routes, with the new page in its own.
      const { from, old, page } = swapped;
      const swap = (route: Route): Route => (route.page === old ? { ...route, page } : route);
      this.routes = from.routes.map(swap);
      for (const [path, route] of from.unpublished) this.unpublished.set(path, swap(route));
      this.byKey = firstOfEach(this.routes);
      this.tags = new Map(
        [...from.tags].map(([key, tag]) => [
          key,
          tag.pages.includes(old) ? { ...tag, pages: tag.pages.map((other) => (other === old ? page : other)) } : tag,
        ]),
      );
      this.warnings = from.warnings;
      this.redirects = from.redirects;
      this.tagMoves = from.tagMoves;
      return;
    }
    // Tags are those of the pages this build makes (drafts and scheduled pages only where it makes them).
    const tagged = collectTags(
      content.pages.filter((page) => !page.isSection && pageIsMade(page, content, { drafts, future, today })),
    );
    const refused = [...futureLastmods(content.pages, today), ...tagged.errors];
    if (refused.length > 0) throw new ContentErrors(refused);
    this.warnings = tagged.warnings;
    this.tags = tagged.tags;
    const all = (Object.values(ROUTE_KINDS) as Producer[])
      .flatMap((produce) => produce(content, { drafts, noindex, today, future }, tagged.tags))
      .map((route) => ({ ...route, ...datesOf(route, content, today) }));
    checkCollisions(all);
    const isBuilt = (route: (typeof all)[number]) =>
      isMade({ drafts, future }, route.draft, route.schedule !== undefined);
    const built = all.filter(isBuilt);
    for (const route of all) if (!isBuilt(route)) this.unpublished.set(route.path, { ...route, alternates: {} });
    const alternates = alternatesOf(built);
    this.routes = built.map((route) => ({ ...route, alternates: alternates.get(route) ?? {} }));
    this.byKey = firstOfEach(this.routes);
    const aliases = aliasRedirects(this.routes, all, (lang) => content.langs[lang]?.files.common);
    if (aliases.errors.length > 0) throw new ContentErrors(aliases.errors);
    const moves = tagMoves(content, this.routes, aliases.redirects);
    this.redirects = [...aliases.redirects, ...moves.redirects].sort((a, b) => (a.from < b.from ? -1 : 1));
    this.tagMoves = moves.recorded;
    // A section with no dated entry in a language (a partial translation) has no feed there, and no feed link.
    for (const route of this.routes) if (route.feed && this.feedEntries(route).length === 0) route.feed = undefined;
  }

  /**
   * The model of the same content with one page's new version in place of the old (npm run dev, after a save that
   * changed that page alone; its editor's preview, of a page not saved yet without `old`). A new model: this one
   * is never edited, so a failed check keeps it as it was.
   * With `reuse` (a save the reuse rule lets through, pipeline/incremental/reuse.ts' onlyOwnChanged: its text,
   * headings and parts' contents), nothing the routes, tags, redirects and dates are computed from changed, so
   * they are this model's, with the new page object where the old one was. Computing them again was most of a
   * save's time on a large site (1,000 pages: the tags alone 65 ms).
   */
  withPage(old: Page | undefined, page: Page, reuse = old !== undefined): RouteModel {
    if (!old) return new RouteModel({ ...this.content, pages: [...this.content.pages, page] }, this.options);
    const pages = this.content.pages.map((candidate) => (candidate === old ? page : candidate));
    return new RouteModel({ ...this.content, pages }, this.options, reuse ? { from: this, old, page } : undefined);
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

  /** The pages that ask to be in a language's header or footer menu (their front matter's nav), in route order. */
  menuPages(lang: Lang, menu: "header" | "footer"): NavLink[] {
    let fromPages = this.menuPageCache.get(langKey(lang, menu));
    if (!fromPages) {
      fromPages = this.routes
        .filter((route) => route.lang === lang && route.page?.meta.nav?.menu === menu && isFirstListPage(route))
        .map((route) => ({ label: route.page?.meta.nav?.label ?? "", to: route.key }));
      this.menuPageCache.set(langKey(lang, menu), fromPages);
    }
    return fromPages;
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
      const said =
        other.path.replace(/\/$/, "") === claimer.path.replace(/\/$/, "")
          ? say("urlTaken", { path: claimer.path, first })
          : say("urlWritesFile", { path: claimer.path, file: claimer.file, first, firstPath: other.path });
      errors.push(new ContentError(second, said, at));
    } else {
      seen.set(address, route);
      seen.set(`file ${route.file}`, route);
    }
  }
  if (errors.length > 0) throw new ContentErrors(errors);
}
