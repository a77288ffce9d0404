/**
 * The receiver's only memory: short-lived entries (an idempotency key's state for 24 hours, a client's count
 * for an hour), each gone once its time has passed. One small interface, so the Node server, Netlify and
 * Cloudflare each keep them where they can (memory, SQLite, Netlify Blobs, Cloudflare KV).
 */
export interface ExpiringStore {
  /** The value, unless there is none or its time has passed. */
  get(key: string): Promise<string | undefined>;
  /**
   * Keeps value until expiresAt (ms since the epoch). With onlyIfFree, only when the key holds nothing
   * unexpired, as one step where the store can (memory, SQLite, Netlify Blobs); says whether it stored.
   */
  put(key: string, value: string, expiresAt: number, onlyIfFree?: boolean): Promise<boolean>;
  delete(key: string): Promise<void>;
}

/** Milliseconds since the epoch; tests pass a clock they move themselves. */
export type Clock = () => number;

/** How often at most a store sweeps out what has expired (its own reads ignore expired entries anyway). */
export const SWEEP_EVERY_MS = 60_000;
