import type { OutgoingMail } from "../transports/transport.ts";

/** What the handler hands the outbox: the message, and the hashes that decide whether it is new. */
export interface OutboxEntry {
  /** SHA-256 of the idempotency key, in hex: the row's identity. */
  key: string;
  /** SHA-256 of what the visitor wrote: the same key with other text is a conflict, not a retry. */
  body: string;
  /** The client's keyed hash (hash.ts): the per-client limit and bound count it. */
  client: string;
  mail: OutgoingMail;
}

/**
 * What the outbox said to one message. "stored" and "duplicate" mean kept (2xx); "conflict" is the same key
 * with other text (409); "limited" the per-client hourly limit (429); "full" a bound of the outbox (503, nothing
 * kept). Each is decided in one transaction, so fifty requests at once cannot all pass a count of ten.
 */
export type EnqueueResult =
  | { status: "stored" }
  | { status: "duplicate" }
  | { status: "conflict" }
  | { status: "limited"; retryAfterSeconds: number }
  | { status: "full"; retryAfterSeconds: number; reason: string };

/** The outbox as the handler sees it (the Node server's SQLite file; see sqlite-outbox.ts). */
export interface Outbox {
  enqueue(entry: OutboxEntry): EnqueueResult | Promise<EnqueueResult>;
}

/** The bounds the outbox keeps; past them a request is answered 503 before anything is stored. */
export interface OutboxBounds {
  /** Messages per client address and window, counted when stored (429 beyond). */
  perClientPerWindow: number;
  windowMs: number;
  /** Undelivered messages of one client at once (503 beyond). */
  pendingPerClient: number;
  /**
   * Undelivered messages in all (503 beyond): what the outbox's disk may be asked to hold while the mail server
   * is down or slower than the visitors. Sized by the disk, not by a guess at traffic: a row is at most about
   * 10 KB (a 2,000-character message in the worst UTF-8, its mail's frame and headers), so 50,000 are at most
   * ~500 MB and typically ~75 MB; SQLite keeps them on disk (its page cache is 2 MB), so memory does not grow
   * with them. A burst of 5 s at 800/s (4,000) fits many times over; a flood still needs 5,000 clients, as
   * pendingPerClient holds each to 10.
   */
  pendingTotal: number;
}

export const DEFAULT_BOUNDS: OutboxBounds = {
  perClientPerWindow: 10,
  windowMs: 60 * 60 * 1000,
  pendingPerClient: 10,
  pendingTotal: 50_000,
};

/** What a 503 for a full outbox tells the browser to wait. */
export const FULL_RETRY_AFTER_SECONDS = 60;

/** How long a delivered key answers a retry with 2xx and no second mail (its text is gone long before). */
export const SENT_KEPT_MS = 24 * 60 * 60 * 1000;
/** How long a permanently refused message is kept for the operator (docs/receiver.md, "When a mail is refused"). */
export const FAILED_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
