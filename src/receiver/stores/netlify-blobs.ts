import type { Store } from "@netlify/blobs";
import { type Clock, type ExpiringStore, SWEEP_EVERY_MS } from "./store.ts";

interface Entry {
  value: string;
  expiresAt: number;
}

/**
 * Netlify Blobs (a store of the site's own, strongly consistent): Blobs keep entries until deleted, so each
 * carries its expiry in its metadata, reads ignore and delete what has expired, and a sweep at most once a
 * minute per function instance deletes the rest. A claim (onlyIfFree) is one conditional write.
 */
export function netlifyBlobsStore(store: Store, now: Clock): ExpiringStore {
  let sweptAt = Number.NEGATIVE_INFINITY;
  async function read(key: string) {
    const found = await store.getWithMetadata(key, { type: "json" });
    if (!found) return undefined;
    const entry = found.data as Entry;
    return { entry, etag: found.etag, live: entry.expiresAt > now() };
  }
  async function sweep() {
    const time = now();
    if (time - sweptAt < SWEEP_EVERY_MS) return;
    sweptAt = time;
    const { blobs } = await store.list();
    for (const { key } of blobs) {
      const expiresAt = Number((await store.getMetadata(key))?.metadata.expiresAt);
      if (!(expiresAt > time)) await store.delete(key);
    }
  }
  return {
    async get(key) {
      const found = await read(key);
      if (found && !found.live) await store.delete(key);
      return found?.live ? found.entry.value : undefined;
    },
    async put(key, value, expiresAt, onlyIfFree = false) {
      await sweep();
      const entry: Entry = { value, expiresAt };
      const options = { metadata: { expiresAt } };
      if (!onlyIfFree) return (await store.setJSON(key, entry, options)).modified;
      if ((await store.setJSON(key, entry, { ...options, onlyIfNew: true })).modified) return true;
      const found = await read(key);
      if (!found || found.live) return false;
      // Replaces the expired entry only if nobody else has meanwhile. Netlify's service names the entry's ETag;
      // its local server (netlify dev, the tests) does not, and there delete-then-create has to do.
      if (found.etag) return (await store.setJSON(key, entry, { ...options, onlyIfMatch: found.etag })).modified;
      await store.delete(key);
      return (await store.setJSON(key, entry, { ...options, onlyIfNew: true })).modified;
    },
    async delete(key) {
      await store.delete(key);
    },
  };
}
