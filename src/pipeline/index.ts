import { cpSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { asExpected, type ContentError } from "../content/read/errors.ts";
import type { RouteModel } from "../routes/model.ts";
import type { BuiltAssets } from "./assets.ts";
import type { Previews } from "./cards/index.ts";
import { ValidationThread } from "./checks/validate-pages.ts";
import { type BuildImages, imageService } from "./images/service.ts";
import { Incremental } from "./incremental/index.ts";
import { FUTURE_NOT_STRICT, PREVIEW_NOT_STRICT } from "./modes.ts";
import { damagedEntryWarning } from "./cache-warnings.ts";
import { OutputError } from "./output-error.ts";
import { asPlan, type BuildPlan, type PlanOptions, planBuild } from "./plan.ts";
import { bundleAndDraw } from "./steps/bundle.ts";
import { checkBuilt } from "./steps/check.ts";
import { loadAndModel } from "./steps/load.ts";
import { recordBuild } from "./steps/record.ts";
import { renderPages } from "./steps/render.ts";
import { checkScheduled } from "./steps/scheduled.ts";
import { writeSiteFiles } from "./steps/site-files.ts";
import { type Doing, stopwatch } from "./steps/timer.ts";
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

/**
 * content/ -> dist/, as README's steps: load and model, bundle and draw, render, write the site files, check what
 * was built, swap, record. Fails with ContentErrors or an OutputError (problems an author fixes), or an
 * UnexpectedError naming the step and the content file it was processing (report.ts keeps its details in a log).
 */
export async function build(input: BuildPlan | PlanOptions = {}): Promise<BuildResult> {
  const plan = asPlan(input);
  const doing: Doing = { step: "reading content" };
  const time = stopwatch();
  const timings = {} as BuildTimings;
  const images = imageService(plan.caches.images);
  const last = plan.inputs && new Incremental(plan.caches.build, plan.outDir, plan.inputs, plan.last);
  const pageStore = last?.pageStore(images.processor);
  // A second thread for reading and rendering a large site's pages; started only if a step has enough to share.
  const twoCores = availableParallelism() > 1;
  const thread = plan.threads && twoCores ? new BuildThread(plan.caches.images, images.processor) : undefined;
  // Only on a last build: a build from nothing validates every page with a thread started then, not held through
  // reading and rendering beside the build's second thread (about 100 MB).
  const validating = plan.validateAhead && last?.previous && twoCores ? new ValidationThread() : undefined;
  try {
    const loaded = await loadAndModel(plan, doing, { images, pageStore, thread });
    timings.content = time.lap();
    const built = await buildAtomically(
      plan.outDir,
      async (temp) => {
        if (plan.reuseAssets) cpSync(join(plan.outDir, "assets"), join(temp, "assets"), { recursive: true });
        doing.step = "bundling and drawing the link-preview cards";
        const bundled = await bundleAndDraw(plan, loaded, temp, last);
        [timings.bundle, timings.previews] = [time.lap(), bundled.previewMs];
        doing.step = "rendering the pages";
        const rendered = await renderPages(plan, loaded, bundled, temp, last, thread);
        doing.step = "writing the feeds, the sitemap and the host files";
        const site = await writeSiteFiles(plan, loaded, bundled, rendered, temp, images, last);
        [timings.render, timings.search] = [time.lap(), site.searchMs];
        doing.step = "checking the built files";
        const checked = await checkBuilt(plan, loaded, bundled, rendered, site, temp, { images, last, validating });
        doing.step = "checking the scheduled pages as on their day";
        const later = await checkScheduled(plan, loaded, bundled, temp, validating);
        [timings.validate, timings.checks] = [time.lap(), checked.checksMs];
        // No .gz copies: every host compresses on its own (docs/deploying.md), and so does the local server.
        doing.step = "swapping the output into place";
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
      },
      (done) => recordBuild(plan, loaded, done, last, pageStore),
      // An incremental build leaves the replaced output to the next one to delete: its build cache is kept.
      { trash: last ? join(plan.caches.build, "trash") : undefined },
    );
    timings.output = time.lap();
    timings.total = time.total();
    const { assets, previews } = built.bundled;
    const reused = pageStore && { ...pageStore.counts, rendered: built.rendered.length };
    const { model, siteUrl } = loaded;
    return { files: built.pages, assets, timings, model, siteUrl, previews, images, warnings: built.warnings, reused };
  } catch (error) {
    if (error instanceof OutputError) throw error;
    throw asExpected(error, doing.step, doing.file);
  } finally {
    await Promise.all([thread?.close(), validating?.close()]);
  }
}
