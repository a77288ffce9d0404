const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A date (YYYY-MM-DD) as a language writes it, by its locale table's dateLocale (en-GB: 9 November 2026, de-DE:
 * 9. November 2026): the pages' dates and the search results' alike. UTC, so no machine's or visitor's time zone can
 * shift the day.
 */
export function formatDay(isoDate: string, dateLocale: string): string {
  let formatter = formatters.get(dateLocale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(dateLocale, { dateStyle: "long", timeZone: "UTC" });
    formatters.set(dateLocale, formatter);
  }
  return formatter.format(new Date(`${isoDate}T00:00:00Z`));
}
