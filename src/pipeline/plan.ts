import type { BuiltAssets } from "./assets.ts";
import { CACHES, stampsIn, VALIDATION_CACHE } from "./caches.ts";
import { type BuildInputs, buildInputs, lastBuild } from "./incremental/index.ts";
import type { BuildManifest } from "./incremental/manifest.ts";
import { FUTURE_NOT_STRICT, PREVIEW_NOT_STRICT } from "./modes.ts";
import { buildDay } from "../content/rules/schedule.ts";
import { siteTimeZone } from "../content/read/site-zone.ts";
import { ContentFolder } from "../content/read/folder.ts";
import type { TermsMemo } from "../search/terms-memo.ts";
import type { IndexedPages } from "../search/index-builder.ts";
import type { FeedContents } from "./render/feeds.ts";

/**
 * What a build makes: the live site (npm run build), a preview for review (--drafts, --future: every page noindex,
 * nothing recorded as published) or npm run dev's site (drafts, staged languages and scheduled pages, marked).
 */
export type BuildMode = "live" | "preview" | "dev";

/** What a caller asks for. Everything else a build needs is derived from it, once, by planBuild. */
export interface PlanOptions {
  /** Default: "preview" when `preview` or `future` is set, else "live". */
  mode?: BuildMode;
  contentDir?: string;
  outDir?: string;
  /** Overrides site.yaml's url; else the SITE_URL environment variable (read here and nowhere else). */
  siteUrl?: string;
  /** Refuse placeholder content, and pages missing in a language where translations: complete (the live site). */
  strict?: boolean;
  /** A preview deploy with drafts (npm run build -- --drafts). */
  preview?: boolean;
  /** Build draft pages too. Default: the preview's, and always in dev. */
  drafts?: boolean;
  /** Build the staged languages (published: false) too; always in dev, never for dist/. */
  staged?: boolean;
  /** Build scheduled and expired pages too, with their marker (--future; always in dev). */
  future?: boolean;
  /** The build's day (YYYY-MM-DD) in site.yaml's timeZone; else BUILD_DATE from the environment, else `now`'s. */
  today?: string;
  now?: Date;
  /** A published address nothing answers any more: "error" stops the build; dev only warns. */
  moved?: "error" | "warning";
  /** Add the addresses this build publishes to content/published.yaml (only a live build ever does). */
  recordPublished?: boolean;
  /**
   * Build on the last build into outDir (npm run build): true computes the inputs from this plan; a value is taken
   * as it is (a test that plays another version of the code). Default: build everything.
   */
  incremental?: boolean | BuildInputs;
  /** The compiled build's own code fingerprint, where it knows it (src/cli/compiled-build.ts). */
  code?: string;
  /** The last build's manifest where the caller already found it; else found here for an incremental build. */
  lastBuild?: BuildManifest | null;
  /** Where the hashes of pages that passed validation are kept between builds (false: no cache). */
  validationCache?: string | false;
  /** Where drawn link-preview cards are kept between builds. */
  previewCache?: string;
  /** Where encoded images are kept between builds. */
  imageCache?: string;
  /** Where the web editor's script with its addresses rewritten is kept (--cold: a folder of its own). */
  editorCache?: string;
  /** Where incremental builds keep what they build on. */
  buildCache?: string;
  /** Share reading and rendering with a second thread where the machine has more than one core. */
  threads?: boolean;
  /** Load html-validate on the second core from the start of an incremental build (npm run build). */
  validateAhead?: boolean;
  /** Dev output: the live-reload client's address on every page. */
  devClient?: string;
  /** Dev output: the script that lets /admin/ open the working copy (src/dev/). */
  editorStandIn?: string;
  /** Reuse the assets of a previous build in outDir (dev: a content-only change needs no new bundle). */
  reuseAssets?: BuiltAssets;
  /** Each word's search terms as npm run dev carries them between its builds (npm run build keeps them in buildCache). */
  searchTerms?: TermsMemo;
  /** Each feed entry's content as npm run dev keeps it for its one-page rebuilds (render/feeds.ts): filled here. */
  feedContents?: FeedContents;
  /** Each page's indexed form as npm run dev keeps it for its one-page rebuilds (search/index-builder.ts): filled here. */
  searchPages?: IndexedPages;
}

/** One build, decided: every value the steps read, and the key its output is made from. */
export interface BuildPlan {
  readonly kind: "plan";
  readonly mode: BuildMode;
  readonly strict: boolean;
  readonly drafts: boolean;
  readonly staged: boolean;
  readonly future: boolean;
  /** Every page asks search engines not to index it and robots.txt disallows all: anything but the live site. */
  readonly noindex: boolean;
  readonly today: string;
  readonly contentDir: string;
  readonly outDir: string;
  /** The site's address where the caller or the environment overrides site.yaml's. */
  readonly siteUrl?: string;
  readonly moved: "error" | "warning";
  readonly recordPublished: boolean;
  readonly caches: { images: string; cards: string; editor: string; build: string; validation: string | false };
  /** What the output is made from, for an incremental build; undefined builds everything. */
  readonly inputs?: BuildInputs;
  /** The last build's manifest (incremental builds only). */
  readonly last: BuildManifest | null;
  readonly threads: boolean;
  readonly validateAhead: boolean;
  readonly devClient?: string;
  readonly editorStandIn?: string;
  readonly reuseAssets?: BuiltAssets;
  readonly searchTerms?: TermsMemo;
  readonly feedContents?: FeedContents;
  readonly searchPages?: IndexedPages;
}

/** A refusal of the options themselves (npm run build says it in one line and exits 2). */
export class PlanError extends Error {}

/** The options that decide the output's bytes, besides the content and the code: the input key hashes exactly these. */
export const keyOf = (plan: Omit<BuildPlan, "inputs" | "last">) => ({
  mode: plan.mode,
  strict: plan.strict,
  drafts: plan.drafts,
  staged: plan.staged,
  future: plan.future,
  today: plan.today,
  siteUrl: plan.siteUrl,
});

export function planBuild(options: PlanOptions = {}, env: NodeJS.ProcessEnv = process.env): BuildPlan {
  const mode = options.mode ?? (options.preview || options.future ? "preview" : "live");
  const dev = mode === "dev";
  const strict = options.strict ?? false;
  if (strict && options.preview) throw new PlanError(PREVIEW_NOT_STRICT);
  if (strict && options.future) throw new PlanError(FUTURE_NOT_STRICT);
  const contentDir = options.contentDir ?? "content";
  const outDir = options.outDir ?? "dist";
  const decided = {
    kind: "plan" as const,
    mode,
    strict,
    drafts: dev || (options.drafts ?? options.preview ?? false),
    staged: dev || (options.staged ?? false),
    future: dev || (options.future ?? false),
    noindex: mode !== "live",
    today:
      options.today ??
      buildDay(siteTimeZone(new ContentFolder(contentDir)), env.BUILD_DATE, () => options.now ?? new Date()),
    contentDir,
    outDir,
    siteUrl: options.siteUrl ?? env.SITE_URL,
    moved: options.moved ?? (dev ? "warning" : "error"),
    recordPublished: mode === "live" && (options.recordPublished ?? false),
    caches: {
      images: options.imageCache ?? CACHES.images,
      cards: options.previewCache ?? CACHES.cards,
      editor: options.editorCache ?? CACHES.editor,
      build: options.buildCache ?? CACHES.build,
      validation: options.validationCache ?? VALIDATION_CACHE,
    },
    threads: options.threads ?? true,
    validateAhead: options.validateAhead ?? false,
    devClient: options.devClient,
    editorStandIn: options.editorStandIn,
    reuseAssets: options.reuseAssets,
    searchTerms: options.searchTerms,
    feedContents: options.feedContents,
    searchPages: options.searchPages,
  };
  const inputs =
    options.incremental === true
      ? buildInputs(contentDir, keyOf(decided), options.code, stampsIn(decided.caches.build, contentDir))
      : options.incremental || undefined;
  const found = options.lastBuild;
  const last = inputs ? (found !== undefined ? found : lastBuild(decided.caches.build, outDir, inputs.code)) : null;
  return { ...decided, inputs, last };
}

/** A value that is already a plan, or options to plan. */
export const asPlan = (input: BuildPlan | PlanOptions = {}): BuildPlan =>
  "kind" in input && input.kind === "plan" ? input : planBuild(input as PlanOptions);
