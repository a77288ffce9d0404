import type { Store } from "@netlify/blobs";
import type { OutboxKv } from "./kv-outbox.ts";

/**
 * The outbox in Netlify Blobs (a store of its own, `contact-outbox`, strongly consistent): create is one
 * conditional write (`onlyIfNew`), so two instances never both store one key or both hold one attempt.
 * Blobs keep entries until deleted; drain.ts's sweep deletes what has served its time.
 */
export function netlifyBlobsOutbox(store: Store): OutboxKv {
  return {
    get: async (key) => (await store.get(key, { type: "text" })) ?? undefined,
    create: async (key, value) => (await store.set(key, value, { onlyIfNew: true })).modified,
    async set(key, value) {
      await store.set(key, value);
    },
    delete: (key) => store.delete(key),
    list: async (prefix) => (await store.list({ prefix })).blobs.map((blob) => blob.key),
  };
}
