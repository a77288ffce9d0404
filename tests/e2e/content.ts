/**
 * The site's REAL content, loaded through the same loader the build uses, so the browser tests compare
 * pages with content/ instead of repeating its copy. Only the spec's contract strings are written out
 * literally in the specs.
 */
import { fileURLToPath } from "node:url";
import { LANGS, loadContent, type Lang, type LangContent } from "../../src/content/load.ts";
import { otherLang, type PageKind } from "../../src/pages/routes.ts";

export { LANGS, otherLang, type Lang };

export const content = loadContent(fileURLToPath(new URL("../../content", import.meta.url)));
export const site = content.site;

/** All copy of one language: common (header, footer, legal, 404), home, form and the privacy policy. */
export const copy = (lang: Lang): LangContent => content.langs[lang];

/** Collapses runs of whitespace (incl. no-break spaces) the way Playwright's text matchers do. */
export const normalize = (text: string): string => text.replace(/\s+/g, " ").trim();

/** Plain text of a bit of HTML rendered from Markdown (headings of the privacy policy and the like). */
export const textOfHtml = (html: string): string =>
  normalize(html.replace(/<[^>]+>/g, " ").replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&"));

/** The h2/h3 headings of a rendered Markdown document, in order, as plain text. */
export const headingsOfHtml = (html: string): { level: 2 | 3; text: string }[] =>
  [...html.matchAll(/<h([23])\b[^>]*>([\s\S]*?)<\/h\1>/g)].map((match) => ({
    level: Number(match[1]) as 2 | 3,
    text: textOfHtml(match[2] ?? ""),
  }));

/** URL path of each page, per language. */
export const paths = {
  en: { home: "/", privacy: "/datenschutz", notFound: "/no-such-page" },
  de: { home: "/de/", privacy: "/de/datenschutz", notFound: "/de/anything" },
} as const satisfies Record<Lang, Record<string, string>>;

export const IMPRESSUM_PATH = "/impressum";

export interface SitePage {
  kind: PageKind;
  /** Language of the page chrome (the Impressum is bilingual; its chrome is English, the default). */
  lang: Lang;
  path: string;
  /** HTTP status the server answers with. */
  status: 200 | 404;
  /** What the browser tab shows, built from the content the way the pages build it. */
  title: string;
}

const company = site.company.name;

/** Every page of the site (404 pages once per language), with what the content says about it. */
export const SITE_PAGES: SitePage[] = [
  ...LANGS.flatMap((lang): SitePage[] => [
    { kind: "home", lang, path: paths[lang].home, status: 200, title: copy(lang).home.meta.title },
    { kind: "privacy", lang, path: paths[lang].privacy, status: 200, title: `${copy(lang).privacy.title} – ${company}` },
  ]),
  { kind: "impressum", lang: "en", path: IMPRESSUM_PATH, status: 200, title: `${content.impressum.title} – ${company}` },
  ...LANGS.map((lang): SitePage => ({
    kind: "notFound",
    lang,
    path: paths[lang].notFound,
    status: 404,
    title: `${copy(lang).common.notFound.title} – ${company}`,
  })),
];

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
export const expectedErrorsFor = (sitePage: SitePage): RegExp[] => (sitePage.status === 404 ? [NOT_FOUND_CONSOLE_ERROR] : []);
