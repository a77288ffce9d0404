import type { ReceiverEvent } from "./handler.ts";

/**
 * One JSON line per event: when, what happened, the status, the key's hash and why; never the message. JSON
 * escapes every field, so nothing a client sends (an Origin, a media type, a language) can forge a line.
 */
export function formatEvent(event: ReceiverEvent, at: Date): string {
  // JSON.stringify leaves U+2028 and U+2029 raw; some log viewers break lines there.
  return JSON.stringify({ time: at.toISOString(), source: "contact", ...event })
    .replaceAll("\u2028", "\\u2028")
    .replaceAll("\u2029", "\\u2029");
}
