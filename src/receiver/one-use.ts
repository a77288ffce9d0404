import type { ExpiringStore } from "./stores/store.ts";

/**
 * One thing (a fill token, a proof of work) for one message: reserves storeKey for the message with this key,
 * as one step where the store can (put-if-free). A retry of that message passes again; any other message
 * with it is refused ("spent"). release() gives it back when the message is not kept after all.
 */
export async function reserveOnce(store: ExpiringStore, storeKey: string, keyHash: string, until: number) {
  if (await store.put(storeKey, keyHash, until, true))
    return { verdict: "ok" as const, release: () => store.delete(storeKey) };
  const holder = await store.get(storeKey);
  // Held by this very message (a retry): nothing to release should it fail again, the first one holds it.
  return { verdict: holder === keyHash ? ("ok" as const) : ("spent" as const), release: async () => {} };
}
