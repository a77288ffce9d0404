import { fill } from "../content/rules/interpolate.ts";
import { formatDate, type Locale } from "../content/locales.ts";
import type { LangContent } from "../content/types.ts";
import type { Route } from "../routes/route.ts";

/**
 * The yellow line over a page that is not on the live site, as npm run dev and previews show it: a draft, or a
 * page scheduled for a later day or past its expiryDate ("Scheduled for 1 March 2027: not on the live site yet").
 */
export function markerOf(route: Route, copy: LangContent, locale: Locale): string | undefined {
  if (route.draft) return copy.common.pages.draft;
  if (route.schedule)
    return fill(copy.common.pages[route.schedule.state], { date: formatDate(route.schedule.date, locale) });
  return undefined;
}
