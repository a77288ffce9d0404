import { homePath, type Locale } from "../content/locales.ts";
import { CAMPAIGN_QUERY } from "../shared/form/campaign.ts";
import { SECTION_IDS } from "../shared/page-markup.ts";

/**
 * Where a campaign page's call to action leads: the contact form of the page's language (the home page's contact
 * section), with the campaign's code and the landing page's path in the query, so that the form's message can say
 * which page brought the lead. The one place this address is made; the receiver reads it back with the same names
 * (shared/form/campaign.ts: the form sends its page's query as it is). Nothing is stored in the visitor's browser: the code travels in the address only.
 */
export function campaignHref(locale: Locale, code: string, from: string): string {
  const query = new URLSearchParams({ [CAMPAIGN_QUERY.code]: code, [CAMPAIGN_QUERY.from]: from });
  return `${homePath(locale)}?${query.toString()}#${SECTION_IDS.contact}`;
}
