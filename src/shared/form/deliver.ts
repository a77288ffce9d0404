import { FIELDS, type ContactValues } from "./fields.ts";
import type { FieldErrors } from "./rules.ts";

/**
 * The hidden field only bots fill in. Formspree's and Basin's name for it, so a form back-end of theirs drops
 * such a message as the site's own receiver does (src/receiver/).
 */
export const HONEYPOT_FIELD = "_gotcha";

/** The JSON body form back-ends such as Formspree or the site's own receiver accept. */
export interface ContactPayload extends ContactValues {
  language: string;
  page: string;
  /** The form page's query, which carries a landing page's campaign (campaign.ts); "" on most pages. */
  query?: string;
  /** The same for every retry of one message (see idempotency.ts). */
  idempotencyKey: string;
  /** The site's own receiver's fill token (fill-token.ts); never sent to another back-end. */
  fillToken?: string;
  /** The solved proof-of-work challenge (proof-of-work.ts), when the receiver asks for one. */
  proofOfWork?: string;
  /** The honeypot: sent only when something filled it in. */
  [HONEYPOT_FIELD]?: string;
}

/**
 * How the receiver refuses a message the visitor can fix, with status 422 (the same words the form would show:
 * the server enforces the same rules) or 429. Anything else that is not 2xx is a failure to try again.
 */
export type Refusal =
  | { error: "fields"; fields: FieldErrors }
  | { error: "forbidden"; field: (typeof FIELDS)[number] }
  | { error: "tooMany" };

/**
 * "sent"; "failed" (try again: nothing was delivered); "tooMany" (429: the receiver's own limit); "keyReused"
 * (409: the receiver kept another text under this idempotency key, so the form makes a new one and the visitor
 * tries again); or the receiver's 422: messages to show under the fields, or "invalid" for forbidden input.
 */
export type DeliveryResult = "sent" | "failed" | "tooMany" | "keyReused" | "invalid" | { fields: FieldErrors };

/** A 422 body in the receiver's shape, or undefined (another back-end's 422 is just a failure). */
function refusalOf(body: string): DeliveryResult | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  const refusal = parsed as Partial<Record<string, unknown>> | null;
  if (refusal?.error === "forbidden" && FIELDS.includes(refusal.field as never)) return "invalid";
  if (refusal?.error !== "fields" || typeof refusal.fields !== "object" || refusal.fields === null) return undefined;
  const fields: FieldErrors = {};
  for (const field of FIELDS) {
    const message = (refusal.fields as Record<string, unknown>)[field];
    if (typeof message === "string" && message !== "") fields[field] = message;
  }
  return Object.keys(fields).length > 0 ? { fields } : undefined;
}

/**
 * POSTs the (already sanitised) message to the configured endpoint. Only a 2xx answer whose body is JSON or
 * empty is "sent": a 200 with an HTML page (a captcha or a login page in front of the back-end) did not
 * deliver anything. A 429 is "tooMany", a 422 in the receiver's shape (Refusal) its refusal; anything else
 * (another status, a network error, a refused connection, no complete answer within timeoutMs) is "failed",
 * never an exception, so the form can keep every typed character and offer a retry.
 */
export async function deliver(
  endpoint: string,
  payload: ContactPayload,
  timeoutMs: number,
  fetchImpl: typeof fetch = fetch,
): Promise<DeliveryResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetchImpl(endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(payload),
      signal: controller.signal,
      credentials: "omit",
      // Nothing about the page for another origin's back-end; and unlike "no-referrer", which makes a same-origin
      // POST carry "Origin: null", the site's own receiver still sees the Origin it checks.
      referrerPolicy: "same-origin",
    });
    if (response.status === 429) return "tooMany";
    const body = (await response.text()).trim();
    // Only this answer, not a 409 "busy" (that key is with the mail server right now: same key, later).
    if (response.status === 409) return body.includes('"keyReused"') ? "keyReused" : "failed";
    if (response.status === 422) return refusalOf(body) ?? "failed";
    if (!response.ok) return "failed";
    if (body === "") return "sent";
    JSON.parse(body);
    return "sent";
  } catch {
    return "failed";
  } finally {
    clearTimeout(timer);
  }
}
