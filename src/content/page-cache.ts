import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Lang, Page, PageCache } from "./types.ts";

/**
 * A page's cache key: its file's bytes and place, and everything else loading it reads (`context`: the site's
 * facts, its language's common copy, the set of page keys its links may name). What it shows of images is
 * checked by the cache itself (their files may change without the page's).
 */
export function pageCacheKey(path: string, lang: Lang, relativePath: string, context: string): string | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    return undefined;
  }
  return createHash("sha256").update(`${lang}\0${relativePath}\0${context}\0`).update(bytes).digest("hex");
}

/** The page from the cache where its key is known, else loaded by `load` and kept. */
export async function cachedPage(cache: PageCache | undefined, key: string | undefined, load: () => Promise<Page>) {
  const cached = cache && key ? await cache.get(key) : undefined;
  if (cached) return cached;
  const page = await load();
  if (cache && key) cache.set(key, page);
  return page;
}
