import { type Clock, type ExpiringStore, SWEEP_EVERY_MS } from "./store.ts";

/** One process's memory: enough for a single Node server; a restart forgets (see sqlite.ts). */
export function memoryStore(now: Clock): ExpiringStore {
  const entries = new Map<string, { value: string; expiresAt: number }>();
  let sweptAt = now();
  const live = (key: string) => {
    const entry = entries.get(key);
    return entry && entry.expiresAt > now() ? entry : undefined;
  };
  return {
    async get(key) {
      return live(key)?.value;
    },
    async put(key, value, expiresAt, onlyIfFree = false) {
      if (now() - sweptAt >= SWEEP_EVERY_MS) {
        sweptAt = now();
        for (const [each, entry] of entries) if (entry.expiresAt <= sweptAt) entries.delete(each);
      }
      if (onlyIfFree && live(key)) return false;
      entries.set(key, { value, expiresAt });
      return true;
    },
    async delete(key) {
      entries.delete(key);
    },
  };
}
