import { homePath, type Locale } from "../content/locales.ts";
import { SECTION_IDS } from "../shared/page-markup.ts";

/** The query names a campaign page's call to action hands the contact form (src/routes/README.md, "Campaigns"). */
export const CAMPAIGN_QUERY = { campaign: "campaign", from: "from" } as const;

/**
 * Where a campaign page's call to action leads: the contact form of the page's language (the home page's contact
 * section), with the campaign's code and the landing page's path in the query, so that the form's message can say
 * which page brought the lead. The one place this address is made; the form island and the receiver read the same
 * names (CAMPAIGN_QUERY). Nothing is stored in the visitor's browser: the code travels in the address only.
 */
export function campaignHref(locale: Locale, code: string, from: string): string {
  const query = new URLSearchParams({ [CAMPAIGN_QUERY.campaign]: code, [CAMPAIGN_QUERY.from]: from });
  return `${homePath(locale)}?${query.toString()}#${SECTION_IDS.contact}`;
}
