import { fill } from "../content/rules/interpolate.ts";
import type { Common } from "../content/schemas/index.ts";
import type { Route } from "../routes/route.ts";

/** The title of a section's list page: the section's own on the first, "Insights – page 2" on the others. */
export function listPageTitle(route: Route, copy: Common): string {
  const title = route.page?.meta.title ?? "";
  const number = route.list?.number ?? 1;
  return number === 1 ? title : fill(copy.pages.listPageTitle, { title, number });
}
