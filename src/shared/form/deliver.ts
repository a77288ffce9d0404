import type { ContactValues } from "./fields.js";

/** The JSON body form back-ends such as Formspree or a serverless function accept. */
export interface ContactPayload extends ContactValues {
  language: string;
  page: string;
  /** The same for every retry of one message (see idempotency.ts). */
  idempotencyKey: string;
}

export type DeliveryResult = "sent" | "failed";

/**
 * POSTs the (already sanitised) message to the configured endpoint. Only a 2xx answer whose body is JSON or
 * empty is "sent": a 200 with an HTML page (a captcha or a login page in front of the back-end) did not
 * deliver anything. Anything else (another status, a network error, a refused connection, no complete answer
 * within timeoutMs) is "failed", never an exception, so the form can keep every typed character and offer a retry.
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
      referrerPolicy: "no-referrer",
    });
    if (!response.ok) return "failed";
    const body = (await response.text()).trim();
    if (body === "") return "sent";
    JSON.parse(body);
    return "sent";
  } catch {
    return "failed";
  } finally {
    clearTimeout(timer);
  }
}
