import type { OutboxKv } from "./kv-outbox.ts";

/** What a Cloudflare KV namespace binding offers the outbox (CONTACT_KEYS, the keys' namespace). */
export interface KVOutboxNamespace {
  get(key: string): Promise<string | null>;
  put(key: string, value: string, options?: { expirationTtl?: number }): Promise<void>;
  delete(key: string): Promise<void>;
  list(options: {
    prefix: string;
    cursor?: string;
  }): Promise<{ keys: { name: string }[]; list_complete: boolean; cursor?: string }>;
}

/** The outbox's own part of the namespace: the keys store's entries (key:…, client:…) never start with it. */
const PREFIX = "outbox/";
/** KV's shortest expiry, in seconds. */
const KV_MIN_TTL = 60;
/** KV takes one write a second per key; a message's entry is written when stored and again once sent. */
const SECOND_WRITE_AFTER_MS = 1_100;

/**
 * The outbox in Cloudflare KV. KV is eventually consistent (another data centre may read an old value for up
 * to a minute) and has no conditional write: create is a read, then a write, so two drains at two data centres
 * in the same moment could both hold one attempt (docs/receiver.md, "What each host guarantees"). Entries with an
 * expiry are expired by KV itself.
 */
export function cloudflareKvOutbox(kv: KVOutboxNamespace, now: () => number = Date.now): OutboxKv {
  const ttl = (expiresAt?: number) =>
    expiresAt === undefined ? {} : { expirationTtl: Math.max(KV_MIN_TTL, Math.ceil((expiresAt - now()) / 1000)) };
  const put = async (key: string, value: string, expiresAt?: number) => {
    try {
      await kv.put(PREFIX + key, value, ttl(expiresAt));
    } catch {
      // Most likely KV's limit of one write a second per key: once more, a second later.
      await new Promise((resolve) => setTimeout(resolve, SECOND_WRITE_AFTER_MS));
      await kv.put(PREFIX + key, value, ttl(expiresAt));
    }
  };
  return {
    get: async (key) => (await kv.get(PREFIX + key)) ?? undefined,
    async create(key, value, expiresAt) {
      if ((await kv.get(PREFIX + key)) !== null) return false;
      await put(key, value, expiresAt);
      return true;
    },
    set: put,
    delete: (key) => kv.delete(PREFIX + key),
    async list(prefix) {
      const names: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await kv.list({ prefix: PREFIX + prefix, ...(cursor ? { cursor } : {}) });
        names.push(...page.keys.map((key) => key.name.slice(PREFIX.length)));
        cursor = page.list_complete ? undefined : page.cursor;
      } while (cursor);
      return names;
    },
  };
}
