import type { ReceiverEvent } from "./handler.ts";

/** One line per request: when, what happened, the status, the key's hash and why; never the message. */
export function formatEvent(event: ReceiverEvent, at: Date): string {
  return [
    at.toISOString(),
    "contact",
    event.event,
    event.status,
    event.key ? `key=${event.key}` : "",
    event.reason ? `(${event.reason})` : "",
  ]
    .filter((part) => part !== "")
    .join(" ");
}
