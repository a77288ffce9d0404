import { cpSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { asExpected, type ContentError } from "../content/read/errors.ts";
import { ASSET_DIR } from "../host/addresses.ts";
import type { RouteModel } from "../routes/model.ts";
import type { BuiltAssets } from "./assets.ts";
import type { Previews } from "./cards/index.ts";
import { ValidationThread } from "./checks/validate-pages.ts";
import { type BuildImages, imageService } from "./images/service.ts";
import { Incremental } from "./incremental/reuse.ts";
import type { PageStore } from "./incremental/page-store.ts";
import { FUTURE_NOT_STRICT, PREVIEW_NOT_STRICT } from "./modes.ts";
import { damagedEntryWarning } from "./cache-warnings.ts";
import { OutputError } from "./output-error.ts";
import { asPlan, type BuildPlan, type PlanOptions, planBuild } from "./plan.ts";
import { type Bundled, bundleAndDraw } from "./steps/bundle.ts";
import { checkBuilt } from "./steps/check.ts";
import { type Loaded, loadAndModel } from "./steps/load.ts";
import { type NextBuildRecord, recordBuild } from "./steps/record.ts";
import { type Rendered, renderPages } from "./steps/render.ts";
import { checkScheduled } from "./steps/scheduled.ts";
import { type SiteFiles, writeSiteFiles } from "./steps/site-files.ts";
import { runSteps, type Step, type Steps, step } from "./steps/runner.ts";
import { buildAtomically } from "./swap.ts";
import { BuildThread } from "./threads/pool.ts";

// The build's vocabulary for its callers, kept in small modules so that a caller need not load the build to use it.
export { FUTURE_NOT_STRICT, OutputError, PREVIEW_NOT_STRICT, planBuild };
export type { BuildPlan, PlanOptions };

export interface BuildTimings {
  content: number;
  render: number;
  bundle: number;
  /** Of bundle: drawing the link-preview cards (or finding them in their cache), which runs alongside esbuild. */
  previews: number;
  /** Of render: making and writing each language's search index (search/). */
  search: number;
  validate: number;
  /** Of validate: the checks of every other output (feeds, sitemap, JSON-LD, host files, budgets, characters). */
  checks: number;
  /** Copying images and cards into the output and swapping it into place. */
  output: number;
  total: number;
}

export interface BuildResult {
  files: string[];
  assets: BuiltAssets;
  timings: BuildTimings;
  model: RouteModel;
  siteUrl: string;
  previews: Previews;
  /** This build's images, which npm run dev's one-page builds go on using. */
  images: BuildImages;
  /** Content problems that did not stop this build (the terminal shows them). */
  warnings: ContentError[];
  /** What an incremental build took from the last one: pages not read again, pages not rendered again. */
  reused?: { loaded: number; kept: number; rendered: number };
}

/** One build's context: the plan, what the whole build shares, and each step's result, as the steps make them. */
interface BuildContext extends Steps {
  plan: BuildPlan;
  images: BuildImages;
  last?: Incremental;
  pageStore?: PageStore;
  thread?: BuildThread;
  validating?: ValidationThread;
  loaded: Loaded;
  /** The folder the output is built in, swapped into place whole (swap.ts). */
  temp: string;
  bundled: Bundled;
  rendered: Rendered;
  site: SiteFiles;
  checked: Awaited<ReturnType<typeof checkBuilt>>;
  later: ContentError[];
  built: Built;
}

interface Built {
  pages: string[];
  record: NextBuildRecord;
  warnings: ContentError[];
  bundled: Bundled;
  rendered: string[];
}

/** The steps that build into the output's next folder, in order (steps/README.md). */
const INTO_THE_OUTPUT: Step<BuildContext>[] = [
  step("bundle", "bundling and drawing the link-preview cards", async (c) => {
    if (c.plan.reuseAssets) cpSync(join(c.plan.outDir, ASSET_DIR), join(c.temp, ASSET_DIR), { recursive: true });
    c.bundled = await bundleAndDraw(c.plan, c.loaded, c.temp, c.last);
  }),
  step("render", "rendering the pages", async (c) => {
    c.rendered = await renderPages(c.plan, c.loaded, c.bundled, c.temp, c.last, c.thread);
  }),
  step("site files", "writing the feeds, the sitemap and the host files", async (c) => {
    c.site = await writeSiteFiles(c.plan, c.loaded, c.bundled, c.rendered, c.temp, c.images, c.last);
  }),
  step("check", "checking the built files", async (c) => {
    const { images, last, validating } = c;
    c.checked = await checkBuilt(c.plan, c.loaded, c.bundled, c.rendered, c.site, c.temp, { images, last, validating });
  }),
  step("scheduled", "checking the scheduled pages as on their day", async (c) => {
    c.later = await checkScheduled(c.plan, c.loaded, c.bundled, c.temp, c.validating);
  }),
];

/** content/ -> dist/: load, then the steps above in a new folder swapped into place, then the record (step 7). */
const STEPS: Step<BuildContext>[] = [
  step("load", "reading content", async (c) => {
    c.loaded = await loadAndModel(c.plan, c.doing, c);
  }),
  step("output", "swapping the output into place", async (c) => {
    // An incremental build leaves the replaced output to the next one to delete: its build cache is kept.
    const trash = c.last ? join(c.plan.caches.build, "trash") : undefined;
    c.built = await buildAtomically(
      c.plan.outDir,
      async (temp) => {
        c.temp = temp;
        await runSteps(c, INTO_THE_OUTPUT);
        return builtOf(c);
      },
      (done) => recordBuild(c.plan, c.loaded, done, c.last, c.pageStore),
      { trash },
    );
  }),
];

/** What the swap keeps of the steps' results: the pages, the record for the next build, and every warning. */
function builtOf({ loaded, bundled, rendered, site, checked, later, images }: BuildContext): Built {
  const { pages, shared, own } = rendered;
  const feeds = Object.fromEntries(site.feedDigests);
  const { anchors, jsonLd } = checked;
  const record = { shared, own, assets: bundled.assets, bundles: bundled.bundles, feeds, anchors, jsonLd };
  const damaged = [
    ...images.processor.damaged.map((what) => damagedEntryWarning("images", what)),
    ...bundled.previews.damaged.map((what) => damagedEntryWarning("cards", what)),
    ...site.editorDamage.map((what) => damagedEntryWarning("editor", what)),
  ];
  const warnings = [...loaded.warnings, ...later, ...bundled.previews.warnings, ...damaged];
  return { pages, bundled, rendered: rendered.rendered, record, warnings };
}

/**
 * content/ -> dist/, as the steps above over one context. Fails with ContentErrors or an OutputError (problems an
 * author fixes), or an UnexpectedError naming the step and the content file it was processing (report.ts keeps its
 * details in a log). npm run build asks step 0 first (run.ts: nothing changed, nothing to build).
 */
export async function build(input: BuildPlan | PlanOptions = {}): Promise<BuildResult> {
  const plan = asPlan(input);
  const started = performance.now();
  const images = imageService(plan.caches.images);
  const last = plan.inputs && new Incremental(plan.caches.build, plan.outDir, plan.inputs, plan.last);
  // A second thread for reading and rendering a large site's pages; started only if a step has enough to share.
  const twoCores = availableParallelism() > 1;
  const context = {
    plan,
    doing: { step: "" },
    times: {},
    images,
    last,
    pageStore: last?.pageStore(images.processor),
    thread: plan.threads && twoCores ? new BuildThread(plan.caches.images, images.processor) : undefined,
    // Only on a last build: a build from nothing validates every page with a thread started then, not held through
    // reading and rendering beside the build's second thread (about 100 MB).
    validating: plan.validateAhead && last?.previous && twoCores ? new ValidationThread() : undefined,
  } as Partial<BuildContext> as BuildContext;
  try {
    await runSteps(context, STEPS);
    const { built, loaded, pageStore } = context;
    const { assets, previews } = built.bundled;
    const reused = pageStore && { ...pageStore.counts, rendered: built.rendered.length };
    const timings = timingsOf(context.times, performance.now() - started, built.bundled, context);
    const { model, siteUrl } = loaded;
    return { files: built.pages, assets, timings, model, siteUrl, previews, images, warnings: built.warnings, reused };
  } catch (error) {
    if (error instanceof OutputError) throw error;
    throw asExpected(error, context.doing.step, context.doing.file);
  } finally {
    await Promise.all([context.thread?.close(), context.validating?.close()]);
  }
}

/** The steps' times as the terminal and the bench report them: output is what the swap and the record took. */
function timingsOf(
  times: Record<string, number>,
  total: number,
  bundled: Bundled,
  { site, checked }: BuildContext,
): BuildTimings {
  const at = (...names: string[]) => names.reduce((sum, name) => sum + (times[name] ?? 0), 0);
  const inside = at("bundle", "render", "site files", "check", "scheduled");
  return {
    content: at("load"),
    bundle: at("bundle"),
    previews: bundled.previewMs,
    render: at("render", "site files"),
    search: site.searchMs,
    validate: at("check", "scheduled"),
    checks: checked.checksMs,
    output: at("output") - inside,
    total,
  };
}
