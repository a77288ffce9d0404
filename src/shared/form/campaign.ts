/**
 * A campaign's lead: a landing page's call to action leads to the contact form with its campaign code and its own
 * address in the query (`?campaign=<code>&from=<path>`, written by the route model's campaignHref). The form sends
 * its page's query with the message as it is (the island stays small), and the receiver reads the campaign from
 * it here, so the consultancy's mail says which page brought which lead. Nothing is kept in the visitor's browser:
 * the values live in the address only, as long as the form's page is open.
 */

/** The query's names, as the call to action writes them. */
export const CAMPAIGN_QUERY = { code: "campaign", from: "from" } as const;

/**
 * What a campaign code may be: lowercase letters, digits and hyphens, at most 40. site.yaml's `campaigns` are
 * checked with it (content/schemas/blocks.ts), and the receiver takes from an address only what it allows.
 */
export const CAMPAIGN_CODE = /^[a-z0-9-]{1,40}$/;
/** A landing page's path is a path of the site: longer ones are no address a call to action writes. */
export const LANDING_PATH_MAX = 300;

export interface CampaignFields {
  campaign?: string;
  landingPage?: string;
}

export const isCampaignCode = (code: string): boolean => CAMPAIGN_CODE.test(code);

const isLandingPath = (path: string): boolean =>
  path.length <= LANDING_PATH_MAX && path.startsWith("/") && !path.startsWith("//") && !/[\\@\s]/.test(path);

/**
 * The campaign fields of a form page's query string: only values of the shape a call to action writes (a
 * hand-edited address loses its campaign, never its message); without a code, none.
 */
export function campaignOf(search: string): CampaignFields {
  const query = new URLSearchParams(search);
  const code = query.get(CAMPAIGN_QUERY.code) ?? "";
  if (!isCampaignCode(code)) return {};
  const from = query.get(CAMPAIGN_QUERY.from) ?? "";
  return isLandingPath(from) ? { campaign: code, landingPage: from } : { campaign: code };
}
