import { alignParts } from "../content/rules/structure.ts";
import type { Page } from "../content/types.ts";
import { PLACE_ATTRIBUTE } from "../shared/page-markup.ts";
import type { RouteModel } from "./model.ts";
import { pageHtml } from "./navigation.ts";
import type { Route } from "./route.ts";

/**
 * Each heading's place, by its id: the index of its counterpart among the parts of the default language's page,
 * paired as the structure rule pairs them (alignParts), so a heading and its translation share a place whatever their
 * words. None where the page has no counterpart in another language or differs on purpose (structure: own).
 */
export function headingPlaces(model: RouteModel, page: Page): Map<string, number> {
  const reference = model.defaultLocale.code;
  const same = model.content.pages.filter((other) => other.key === page.key && other !== page);
  const source = page.lang === reference ? page : same.find((other) => other.lang === reference);
  if (!source || same.length === 0 || page.meta.structure === "own") return new Map();
  const pairs: [number, number][] =
    source === page ? page.parts.map((_, index) => [index, index]) : alignParts(source.parts, page.parts);
  return new Map(
    pairs.flatMap(([place, index]) => {
      const id = page.parts[index]?.id;
      return id === undefined ? [] : [[id, place] as const];
    }),
  );
}

/** The page's text as its page shows it: pageHtml with each paired heading's place (PLACE_ATTRIBUTE). */
export function shownHtml(model: RouteModel, route: Route): string {
  const html = pageHtml(model, route);
  const places = route.page ? headingPlaces(model, route.page) : new Map<string, number>();
  if (places.size === 0) return html;
  return html.replace(/<h[2-6] id="([^"]+)"/g, (opening, id: string) => {
    const place = places.get(id);
    return place === undefined ? opening : `${opening} ${PLACE_ATTRIBUTE}="${place}"`;
  });
}
