import { join, resolve } from "node:path";
import { digestOf } from "../cache/digest.ts";

/**
 * Where builds keep work between runs, each safe to delete (the next build redoes it) and worth keeping between
 * a host's builds (docs/deploying.md): under node_modules/.cache, which Netlify and Cloudflare Pages keep.
 */
const CACHE_ROOT = join("node_modules", ".cache");

export const CACHES = {
  /** The hashes of the pages that passed html-validate (checks/validate-pages.ts). */
  validation: join(CACHE_ROOT, "leap-ai-site"),
  /** Encoded images, by the source's bytes and the encoder's code (images/processor.ts, on cache/store.ts). */
  images: join(CACHE_ROOT, "leap-ai-images"),
  /** Drawn link-preview cards, by their text, the brand and the renderer (cards/index.ts). */
  cards: join(CACHE_ROOT, "leap-ai-previews"),
  /** The web editor's bundle with its CDN addresses rewritten (editor/bundle.ts). */
  editor: join(CACHE_ROOT, "leap-ai-admin"),
  /** What the last build into each output folder made and read: pages, digests, outputs (incremental/). */
  build: join(CACHE_ROOT, "leap-ai-build"),
  /** npm run build's own code compiled, once per code fingerprint (src/cli/compiled-build.ts). */
  code: join(CACHE_ROOT, "leap-ai-code"),
  /** The details of errors nobody foresaw (stack traces, paths of the machine), which messages leave out (report.ts). */
  logs: join(CACHE_ROOT, "leap-ai-logs"),
} as const;

/**
 * Where the build cache keeps the stamps of a folder's files (cache/stamps.ts: the content's, the code's), so a
 * build that finds a file untouched since the last one read it takes the digest it kept. One file per folder.
 */
export const stampsIn = (buildCache: string, dir: string) =>
  join(buildCache, "stamps", `${digestOf(resolve(dir)).slice(0, 16)}.json`);

/** The validation cache's one file. */
export const VALIDATION_CACHE = join(CACHES.validation, "validated.json");

/** Beside it: the hashes of the feeds that passed the output checks (checks/outputs.ts). */
export const OUTPUTS_CACHE = "outputs-checked.json";
