import { apiHeaders } from "../host/policy.ts";

/** The Cache-Control of every answer at /api/contact: a message's answer, a token, a refusal are never kept. */
export const API_CACHE = "no-store";

/**
 * The headers of every answer at /api/contact, on every host (issue 57): the site's security headers with the
 * policy of a JSON answer that loads nothing (host/policy.ts, apiHeaders), and one Cache-Control, no-store.
 * Cloudflare Pages applies no _headers to a Function, nginx's server-level add_header is not inherited by its
 * `location = /api/contact` (docs/receiver.md), and npm run serve forwards the answer as it is: so the receiver
 * sets them itself. A header the answer has already keeps its value.
 */
export function withApiHeaders(response: Response): Response {
  for (const [name, value] of Object.entries({ ...apiHeaders(), "Cache-Control": API_CACHE }))
    if (!response.headers.has(name)) response.headers.set(name, value);
  return response;
}
