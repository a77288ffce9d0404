import type { ReceiverEvent } from "./handler.ts";

/**
 * One JSON line per event: when, what happened, the status, the key's hash and why; never the message. JSON
 * escapes every field, so nothing a client sends (an Origin, a media type, a language) can forge a line.
 */
export function formatEvent(event: ReceiverEvent, at: Date): string {
  return JSON.stringify({ time: at.toISOString(), source: "contact", ...event });
}
