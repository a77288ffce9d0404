import { digestOf } from "../../cache/digest.ts";
import { readFileSync } from "node:fs";
import pLimit from "p-limit";
import type { Lang, Page, PageCache, PageJob, PageJobContext, PageThreads } from "../types.ts";

/**
 * Pages read at the same time on this thread. A page's Markdown is parsed before its first wait (for its
 * images), so started all at once every page's syntax tree would be held together: at 1,000 pages that tripled
 * the build's memory, and a page waiting for an image keeps only one of the slots.
 */
const PAGES_AT_ONCE = 16;

/** Below this many pages to read, another thread (about half a second to start) costs more than it saves. */
const THREAD_THRESHOLD = 64;

/**
 * A page's cache key: its file's bytes and place, and everything else loading it reads (`context`: the site's
 * facts, its language's common copy, the set of page keys its links may name). What it shows of images is
 * checked by the cache itself (their files may change without the page's).
 */
export function pageCacheKey(
  path: string,
  lang: Lang,
  relativePath: string,
  context: string,
  known?: string,
): string | undefined {
  let digest = known;
  if (digest === undefined) {
    try {
      digest = digestOf(readFileSync(path));
    } catch {
      return undefined;
    }
  }
  return digestOf(`${lang}\0${relativePath}\0${context}\0${digest}`);
}

export interface LoadJobsOptions {
  /** Loads one page on this thread. */
  local: (job: PageJob) => Promise<Page>;
  cache?: PageCache;
  /** A job's cache key (pageCacheKey), where the cache can have it. */
  keyOf: (job: PageJob) => string | undefined;
  /** Other threads to share the reading with (the build lends them for a large site), and what they need. */
  threads?: PageThreads;
  context: PageJobContext;
}

/**
 * Every page, in the jobs' order: from the cache where it has the page, else read (on this thread, or shared
 * with the build's other threads when there are many), and then kept in the cache.
 */
export async function loadJobs(
  jobs: readonly PageJob[],
  { local, cache, keyOf, threads, context }: LoadJobsOptions,
): Promise<PromiseSettledResult<Page>[]> {
  const results: PromiseSettledResult<Page>[] = new Array(jobs.length);
  const keys = jobs.map((job) => (cache ? keyOf(job) : undefined));
  const limit = pLimit(PAGES_AT_ONCE);
  const misses: number[] = [];
  await Promise.all(
    jobs.map((_, index) =>
      limit(async () => {
        const key = keys[index];
        const cached = cache && key ? await cache.get(key) : undefined;
        if (cached) results[index] = { status: "fulfilled", value: cached };
        else misses.push(index);
      }),
    ),
  );
  misses.sort((a, b) => a - b);
  const missed = misses.map((index) => jobs[index] as PageJob);
  const loaded =
    threads && missed.length >= THREAD_THRESHOLD
      ? await threads.loadAll(missed, context, local)
      : await Promise.allSettled(missed.map((job) => limit(() => local(job))));
  for (const [position, index] of misses.entries()) {
    const result = loaded[position] as PromiseSettledResult<Page>;
    results[index] = result;
    const key = keys[index];
    if (cache && key && result.status === "fulfilled") cache.set(key, result.value);
  }
  return results;
}
