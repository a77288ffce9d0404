import type { RouteModel } from "../../routes/model.ts";
import type { Route } from "../../routes/route.ts";
import type { CardText } from "./card.tsx";

/**
 * What a page's card says: its heading (the hero headline on the home page, the company name being on the
 * card already) in its language, and for a page in a section the section's title. Undefined for pages
 * nobody links to from outside (404, drafts).
 */
export function cardTextOf(route: Route, model: RouteModel): CardText | undefined {
  if (!route.indexable) return undefined;
  const { content } = model;
  switch (route.kind) {
    case "home":
      return { title: content.langs[route.lang]?.home.hero.headline ?? content.site.company.name, lang: route.lang };
    case "impressum":
      return { title: content.impressum.title, lang: route.lang };
    case "page":
    case "section": {
      const title = route.page?.meta.title ?? "";
      const section = route.kind === "page" ? model.sectionOf(route)?.page?.meta.title : undefined;
      return section ? { title, section, lang: route.lang } : { title, lang: route.lang };
    }
    // A tag's list page and the search page show the site's own preview image: a card each would be drawn for pages
    // rarely shared.
    case "notFound":
    case "tag":
    case "search":
      return undefined;
  }
}
