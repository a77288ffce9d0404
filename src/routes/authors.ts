import type { Content } from "../content/types.ts";
import type { Route } from "./route.ts";

/** A page's author as visitors and search engines see them. */
export interface Author {
  name: string;
  /** In the page's language (site.yaml's role for it, else the default language's, else the one role given). */
  role?: string;
  photo?: ReturnType<Content["authorPhotos"]["get"]>;
  /** The photo's file in content/media/ as written (/media/team/jana.jpg). */
  photoPath?: string;
}

/** The front matter's author of a route's page, described by site.yaml's authors where they list the name. */
export function authorOf(route: Route, content: Content): Author | undefined {
  const name = route.page?.meta.author;
  if (name === undefined) return undefined;
  const listed = content.site.authors?.find((author) => author.name === name);
  const role =
    typeof listed?.role === "string"
      ? listed.role
      : (listed?.role?.[route.lang] ?? listed?.role?.[content.locales.find((locale) => locale.default)?.code ?? ""]);
  return { name, role, photo: content.authorPhotos.get(name), photoPath: listed?.photo };
}
