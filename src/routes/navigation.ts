import { homePath, type Locale } from "../content/locales.ts";
import { resolveTargets } from "../content/markdown/directives/targets.ts";
import type { NavLink } from "../content/schemas/index.ts";
import { CHROME_IDS } from "../shared/page-markup.ts";
import type { RouteModel } from "./model.ts";
import type { LanguageLink, MenuEntry, Route } from "./route.ts";

// Where a page's links lead: plain functions of the route model, which they only read.

/**
 * Where a menu's "to" leads from a page: "#id" is a home page section, anything else a page's key (and maybe
 * "#id" on it), in the page's language; where the page does not exist in it, the default language's (else
 * the first that has it), marked with that language.
 */
export function link(model: RouteModel, to: string, from: Route): Pick<MenuEntry, "href" | "other"> {
  if (to.startsWith("#")) return { href: from.kind === "home" ? to : `${homePath(model.locale(from.lang))}${to}` };
  const [key = to, anchor] = to.split("#");
  const hash = anchor === undefined ? "" : `#${anchor}`;
  const own =
    model.find(key, from.lang) ??
    [...model.unpublished.values()].find((route) => route.key === key && route.lang === from.lang);
  if (own) return { href: `${own.path}${hash}` };
  const other =
    model.find(key, model.defaultLocale.code) ??
    model.routes.find((route) => route.key === key && route.kind !== "notFound");
  // The loader has checked every "to" against the content, so only a draft or a typo in code lands here.
  if (!other) return { href: `/${key}${hash}` };
  // The Impressum is one bilingual page: it is in every language, nothing to mark.
  if (other.kind === "impressum") return { href: `${other.path}${hash}` };
  return {
    href: `${other.path}${hash}`,
    other: { lang: other.lang, name: model.content.langs[other.lang]?.common.language.name ?? other.lang },
  };
}

/** The address alone (a component's link, which carries no language mark). */
export const href = (model: RouteModel, to: string, from: Route): string => link(model, to, from).href;

/** A page's HTML with its components' links pointing at their pages' addresses (the page, its feed entry). */
export const pageHtml = (model: RouteModel, route: Route): string =>
  resolveTargets(route.page?.html ?? "", (to) => href(model, to, route));

/** Menu entries of common.yaml ("label" and "to") as links from a page. */
export const entries = (model: RouteModel, links: readonly NavLink[], from: Route): MenuEntry[] =>
  links.map((entry) => ({ label: entry.label, ...link(model, entry.to, from) }));

/** A menu of a page's language: the entries from common.yaml, then the pages that ask to be in it. */
export function menu(model: RouteModel, from: Route, which: "header" | "footer"): MenuEntry[] {
  const copy = model.content.langs[from.lang]?.common;
  const listed: NavLink[] = (which === "header" ? copy?.header.nav : copy?.footer.nav) ?? [];
  return entries(model, [...listed, ...model.menuPages(from.lang, which)], from);
}

/**
 * The same page in every other language; where it has no translation, the nearest page that has one
 * there (the section it belongs to, else that language's home page), said so in that language.
 */
export function languageLinks(model: RouteModel, route: Route): LanguageLink[] {
  // The Impressum is one page in all languages at once: there is nothing to switch to.
  if (route.kind === "impressum") return [];
  return model.locales
    .filter((locale) => locale.code !== route.lang)
    .map((locale) => {
      const language = model.content.langs[locale.code]?.common.language;
      // A 404 page leads to the other language's home page; a draft (npm run dev) has no alternates, but may have a twin all the same.
      const twin =
        route.kind === "notFound"
          ? homePath(locale)
          : (route.alternates[locale.code] ??
            model.routes.find(
              (other) => other.key === route.key && other.kind === route.kind && other.lang === locale.code,
            )?.path);
      const common = { lang: locale.code, short: language?.short ?? locale.code.toUpperCase() };
      // A list page the other language does not have (its section is shorter there) leads to that section.
      const same =
        twin ?? (route.kind === "section" ? model.find(route.page?.key ?? "", locale.code)?.path : undefined);
      if (same !== undefined)
        return { ...common, href: same, readThisPage: language?.readThisPage ?? "", fallback: false };
      return {
        ...common,
        href: `${nearest(model, route, locale)}#${CHROME_IDS.notTranslated}`,
        readThisPage: language?.notAvailable ?? "",
        fallback: true,
      };
    });
}

/** The nearest section above a route that exists in a language (sections nest), else that language's home page. */
export function nearest(model: RouteModel, route: Route, locale: Locale): string {
  let key = route.page?.section;
  while (key !== undefined) {
    const found = model.find(key, locale.code);
    if (found) return found.path;
    const above: string | undefined = model.content.pages.find((page) => page.key === key)?.section;
    key = above;
  }
  return homePath(locale);
}
