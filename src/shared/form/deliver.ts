import type { ContactValues } from "./fields.js";

/** The JSON body form back-ends such as Formspree or a serverless function accept. */
export interface ContactPayload extends ContactValues {
  language: string;
  page: string;
}

export type DeliveryResult = "sent" | "failed";

/**
 * POSTs the (already sanitised) message to the configured endpoint. Any 2xx answer is "sent"; anything
 * else (another status, a network error, a refused connection, no answer within timeoutMs) is "failed",
 * never an exception, so the form can keep every typed character and offer a retry.
 */
export async function deliver(endpoint: string, payload: ContactPayload, timeoutMs: number, fetchImpl: typeof fetch = fetch): Promise<DeliveryResult> {
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
    return response.ok ? "sent" : "failed";
  } catch {
    return "failed";
  } finally {
    clearTimeout(timer);
  }
}
