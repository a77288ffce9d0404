import { LANGS, type Lang } from "../content/load.ts";

export type PageKind = "home" | "privacy" | "impressum" | "notFound";

export interface Route {
  kind: PageKind;
  /** Language of the page chrome and of <html lang>. */
  lang: Lang;
  /** The URL path visitors use (clean URLs). */
  path: string;
  /** Output file under dist/. */
  file: string;
  /** The same page in each language, where it exists: drives hreflang and the language button. */
  alternates: Partial<Record<Lang, string>>;
  /** Listed in the sitemap and given a canonical URL. */
  indexable: boolean;
}

/** URL prefix of a language: English is the default and lives at the root. */
export const langPrefix = (lang: Lang) => (lang === "en" ? "" : `/${lang}`);
export const homePath = (lang: Lang) => `${langPrefix(lang)}/`;
/** A link to a home page section: in-page on the home page, to that language's home page from elsewhere. */
export const sectionHref = (route: Route, id: string) => (route.kind === "home" ? `#${id}` : `${homePath(route.lang)}#${id}`);

/** Folder of a language's files under dist/: "" for English, "de/" for German. */
const langDir = (lang: Lang) => (lang === "en" ? "" : `${lang}/`);
export const otherLang = (lang: Lang): Lang => (lang === "en" ? "de" : "en");

const perLang = (kind: PageKind, slug: string, indexable: boolean): Route[] => {
  const pathOf = (lang: Lang) => (slug ? `${langPrefix(lang)}/${slug}` : homePath(lang));
  const alternates = indexable ? Object.fromEntries(LANGS.map((lang) => [lang, pathOf(lang)])) : {};
  return LANGS.map((lang) => ({
    kind,
    lang,
    path: pathOf(lang),
    file: `${langDir(lang)}${slug ? `${slug}/` : ""}index.html`,
    alternates,
    indexable,
  }));
};

export const routes: Route[] = [
  ...perLang("home", "", true),
  ...perLang("privacy", "datenschutz", true),
  // One bilingual legal notice; its chrome follows the site's default language.
  { kind: "impressum", lang: "en", path: "/impressum", file: "impressum/index.html", alternates: {}, indexable: true },
  ...LANGS.map(
    (lang): Route => ({
      kind: "notFound",
      lang,
      path: `${langPrefix(lang)}/404`,
      file: `${langDir(lang)}404.html`,
      alternates: {},
      indexable: false,
    }),
  ),
];
