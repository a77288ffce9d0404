/**
 * The site's REAL content, loaded through the same loader the build uses, so the browser tests compare
 * pages with content/ instead of repeating its copy. Only the spec's contract strings are written out
 * literally in the specs.
 */
import { buildDay } from "../../src/content/rules/schedule.ts";
import { fileURLToPath } from "node:url";
import { loadContent } from "../../src/content/load.ts";
import type { Content, LangContent, Page } from "../../src/content/types.ts";
import { RouteModel } from "../../src/routes/model.ts";
import type { PageKind, Route } from "../../src/routes/route.ts";

/**
 * The languages the specification gives this site, whose contract strings (headline, toasts, errors) the specs
 * check by language. The build itself knows no language but from site.yaml (tests/unit/pipeline/locales.test.ts
 * builds a third one); the check below keeps this list equal to site.yaml's.
 */
export type Lang = "en" | "de";

export const content = (await loadContent(fileURLToPath(new URL("../../content", import.meta.url)))) as Content & {
  langs: Record<Lang, LangContent>;
};
export const site = content.site;
/** The same route model the build renders from. */
export const model = new RouteModel(content, {
  today: buildDay(content.site.timeZone, process.env.BUILD_DATE, () => new Date()),
});

/** The site's languages, the default one first. */
export const LANGS = content.locales.map((locale) => locale.code) as Lang[];
if (LANGS.join() !== "en,de")
  throw new Error(
    `the browser tests check the specification's languages en and de; site.yaml lists ${LANGS.join(", ")}`,
  );
/** The language the switch leads to (the site has two). */
export const otherLang = (lang: Lang): Lang => LANGS.find((other) => other !== lang) ?? lang;

const pageOf = (key: string, lang: string): Page => {
  const page = model.find(key, lang)?.page;
  if (!page) throw new Error(`no page ${key} in ${lang}`);
  return page;
};

/** All copy of one language: common (header, footer, legal, 404), home, form and the privacy policy. */
export const copy = (
  lang: Lang,
): LangContent & { privacy: { title: string; description: string; html: string; headings: Page["headings"] } } => {
  const privacy = pageOf("privacy", lang);
  return {
    ...(content.langs[lang] as LangContent),
    privacy: {
      title: privacy.meta.title,
      description: privacy.meta.description,
      html: privacy.html,
      headings: privacy.headings,
    },
  };
};

/** The label of a footer link, by where it leads ("privacy", "impressum"). */
export const footerLabel = (lang: Lang, to: string): string =>
  copy(lang).common.footer.nav.find((link) => link.to === to)?.label ?? "";
/** The label of a header menu entry, by where it leads ("#services", "insights"). */
export const headerLabel = (lang: Lang, to: string): string =>
  copy(lang).common.header.nav.find((link) => link.to === to)?.label ?? "";

/** Collapses runs of whitespace (incl. no-break spaces) the way Playwright's text matchers do. */
export const normalize = (text: string): string => text.replace(/\s+/g, " ").trim();

/** Plain text of a bit of HTML rendered from Markdown (headings of the privacy policy and the like). */
export const textOfHtml = (html: string): string =>
  normalize(
    html
      .replace(/<[^>]+>/g, " ")
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&"),
  );

/** The h2/h3 headings of a rendered Markdown document, in order, as plain text. */
export const headingsOfHtml = (html: string): { level: 2 | 3; text: string }[] =>
  [...html.matchAll(/<h([23])\b[^>]*>([\s\S]*?)<\/h\1>/g)].map((match) => ({
    level: Number(match[1]) as 2 | 3,
    text: textOfHtml(match[2] ?? ""),
  }));

const pathOf = (key: string, lang: string) => model.find(key, lang)?.path ?? "";

/** URL path of each page, per language; notFound is an address no page has, under the language's prefix. */
export const paths = Object.fromEntries(
  content.locales.map((locale) => [
    locale.code,
    {
      home: pathOf("home", locale.code),
      privacy: pathOf("privacy", locale.code),
      notFound: `${locale.prefix}/no-such-page`,
    },
  ]),
) as Record<Lang, { home: string; privacy: string; notFound: string }>;

/** URL path of a page by its key ("home", "privacy", "insights") in a language. */
export const pathFor = (key: string, lang: Lang): string => pathOf(key, lang);

export const IMPRESSUM_PATH = pathOf("impressum", model.defaultLocale.code);

export interface SitePage {
  kind: PageKind;
  /** The same in every language: "home", "privacy", "insights/…". */
  key: string;
  /** Language of the page chrome (the Impressum is bilingual; its chrome is English, the default). */
  lang: Lang;
  path: string;
  /** The page's meta description, from its content. */
  description: string;
  /** HTTP status the server answers with. */
  status: 200 | 404;
  /** What the browser tab shows, built from the content the way the pages build it. */
  title: string;
}

const company = site.company.name;

/** The spec for titles: " – Leap AI" is added only where the whole stays within the 60 characters a search result shows. */
const withCompany = (title: string) => ([...`${title} – ${company}`].length <= 60 ? `${title} – ${company}` : title);

/** A tag's list page's heading: "Tagged “RAG”" (common.yaml's tags.title). */
const tagTitle = (route: Route) =>
  (content.langs[route.lang as Lang].common.tags.title ?? "").replace("{tag}", route.tag?.name ?? "");

function titleOf(route: Route): string {
  const copyOf = content.langs[route.lang as Lang];
  switch (route.kind) {
    case "home":
      return copyOf.home.meta.title;
    case "impressum":
      return withCompany(content.impressum.title);
    case "notFound":
      return withCompany(copyOf.common.notFound.title);
    case "tag":
      return withCompany(tagTitle(route));
    case "search":
      return withCompany(copyOf.common.search.title);
    default:
      return withCompany(route.page?.meta.title ?? "");
  }
}

function descriptionOf(route: Route): string {
  const copyOf = content.langs[route.lang as Lang];
  if (route.kind === "home") return copyOf.home.meta.description;
  if (route.kind === "impressum") return content.impressum.description;
  if (route.kind === "notFound") return copyOf.common.notFound.description;
  // A tag's list page describes itself by its heading.
  if (route.kind === "tag") return tagTitle(route);
  if (route.kind === "search") return copyOf.common.search.description;
  return route.page?.meta.description ?? "";
}

/** Every page of the site, from the route model (404 pages once per language, at an address no page has). */
export const SITE_PAGES: SitePage[] = model.routes.map((route) => ({
  kind: route.kind,
  key: route.key,
  lang: route.lang as Lang,
  path: route.kind === "notFound" ? paths[route.lang as Lang].notFound : route.path,
  status: route.kind === "notFound" ? 404 : 200,
  title: titleOf(route),
  description: descriptionOf(route),
}));

/**
 * Console lines every 404 page produces on purpose: Chromium's note about the 404 response and the
 * page's own log of the attempted path (in either language). One pattern, because Playwright reads an
 * option array with a second object in it as [value, fixtureOptions]: use it as
 * `test.use({ expectedErrors: [NOT_FOUND_CONSOLE_ERROR] })`.
 */
export const NOT_FOUND_CONSOLE_ERROR = new RegExp(
  [
    "^Failed to load resource: the server responded with a status of 404",
    ...LANGS.map((lang) => `^${escapeRegExp(copy(lang).common.notFound.consoleMessage)}`),
  ].join("|"),
);

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** What a test of `sitePage` expects on the console: the 404 pages' deliberate errors, nothing else. */
export const expectedErrorsFor = (sitePage: SitePage): RegExp[] =>
  sitePage.status === 404 ? [NOT_FOUND_CONSOLE_ERROR] : [];

/** What the language button on a page of `lang` says: the other language describes itself (its common.yaml). */
export const switchCopy = (lang: Lang): { text: string; label: string } => {
  const { language } = copy(otherLang(lang)).common;
  return { text: language.short, label: language.readThisPage };
};
