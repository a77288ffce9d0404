import type { Clock, ExpiringStore } from "./store.ts";

/** What a Cloudflare KV namespace binding offers (a Pages Function gets it as env.CONTACT_KEYS). */
export interface KVNamespaceLike {
  get(key: string): Promise<string | null>;
  put(key: string, value: string, options: { expirationTtl: number }): Promise<void>;
  delete(key: string): Promise<void>;
}

/** KV's shortest expiry, in seconds. */
const KV_MIN_TTL = 60;

/**
 * Cloudflare KV: it expires entries itself (at the earliest after 60 s, so each entry also carries its exact
 * expiry). KV is eventually consistent and has no conditional write: a claim is a read, then a write, so
 * two attempts at the same message in the same second at two data centres could both go out (docs/receiver.md says so).
 */
export function cloudflareKvStore(kv: KVNamespaceLike, now: Clock): ExpiringStore {
  const live = async (key: string) => {
    const raw = await kv.get(key);
    if (raw === null) return undefined;
    const entry = JSON.parse(raw) as { value: string; expiresAt: number };
    return entry.expiresAt > now() ? entry.value : undefined;
  };
  return {
    get: live,
    async put(key, value, expiresAt, onlyIfFree = false) {
      if (onlyIfFree && (await live(key)) !== undefined) return false;
      const expirationTtl = Math.max(KV_MIN_TTL, Math.ceil((expiresAt - now()) / 1000));
      await kv.put(key, JSON.stringify({ value, expiresAt }), { expirationTtl });
      return true;
    },
    async delete(key) {
      await kv.delete(key);
    },
  };
}
