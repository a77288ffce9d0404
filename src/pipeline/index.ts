import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { FUTURE_NOT_STRICT, PREVIEW_NOT_STRICT } from "./modes.ts";
import { OutputError } from "./output-error.ts";
import { asExpected, ContentError, ContentErrors } from "../content/read/errors.ts";
import { loadContent } from "../content/load.ts";
import { siteUrlSchema } from "../content/schemas/index.ts";
import { scheduleLines, todayIn } from "../content/rules/schedule.ts";
import { findPlaceholders } from "../content/rules/placeholders.ts";
import { incompleteTranslations } from "../content/rules/translations.ts";
import { buildAssets, type BuiltAssets, FAVICON_SVG, SITE_CSS } from "./assets.ts";
import { writeAdmin } from "../editor/index.ts";
import { editorHostOrigins } from "../editor/config.ts";
import { writeHostFiles } from "./host-files/index.ts";
import { BuildThread } from "./threads/pool.ts";
import { availableParallelism } from "node:os";
import { anchorIndex } from "./checks/anchors.ts";
import { afterPublishing, type BuildInputs, Incremental, listBundles, reuseFile } from "./incremental/index.ts";
import { feedDigest, ownDigest, sharedDigest } from "./incremental/digests.ts";
import type { BuildManifest } from "./incremental/manifest.ts";
import { unusedMediaLines } from "../content/rules/media.ts";
import { brokenLinkProblem } from "./checks/link-report.ts";
import { checkLinks } from "./checks/links.ts";
import { RouteModel } from "../routes/model.ts";
import { movedPages } from "../routes/moved.ts";
import { recordPublished } from "./published-list.ts";
import { faviconIco } from "./favicon.ts";
import { feeds } from "./render/feeds.ts";
import { imageService } from "./images/service.ts";
import { checkHreflang } from "./checks/hreflang.ts";
import { type Previews, renderPreviews } from "./cards/index.ts";
import { CACHES, OUTPUTS_CACHE, VALIDATION_CACHE } from "./caches.ts";
import { damagedEntryWarning } from "./cache-warnings.ts";
import { renderAll } from "./render/pages.ts";
import { robots, sitemap } from "./render/seo.ts";
import { buildAtomically } from "./swap.ts";
import { htmlProblem } from "./checks/validate.ts";
import { ValidationThread, validatePages } from "./checks/validate-pages.ts";
import { checkOutputs } from "./checks/outputs.ts";
import { builtImages } from "./checks/built-images.ts";
import { builtHtml, markdownOrigins } from "./checks/markdown-origin.ts";

// The build's vocabulary for its callers, kept in small modules so that a caller need not load the build to use it.
export { FUTURE_NOT_STRICT, OutputError, PREVIEW_NOT_STRICT };

export interface BuildOptions {
  contentDir?: string;
  outDir?: string;
  /** Overrides site.yaml's url (the SITE_URL environment variable does the same from the command line). */
  siteUrl?: string;
  /** Dev output: adds the live-reload client to every page. Never used by npm run build. */
  devClient?: string;
  /** Dev output: the script that lets /admin/ open the working copy (src/dev/). Never used by npm run build. */
  editorStandIn?: string;
  /** Reuse the assets of a previous build in outDir (a content-only change needs no new bundle). */
  reuseAssets?: BuiltAssets;
  /** Refuse to build while content/ still holds placeholder values (for deploys). */
  strict?: boolean;
  /** Build draft pages too (npm run dev). */
  drafts?: boolean;
  /** Build the staged languages (published: false) too, with their marker (npm run dev only; never for dist/). */
  staged?: boolean;
  /**
   * A preview deploy (npm run build -- --drafts): drafts built with their marker, every page noindex (in the page
   * and by X-Robots-Tag), robots.txt disallows everything. Never together with strict, which is for the live site.
   */
  preview?: boolean;
  /**
   * The build's day in site.yaml's timeZone (YYYY-MM-DD), which decides what is scheduled and what expired; else
   * the day `now` falls on there. Entry points pass one (BUILD_DATE, content/schedule.ts); nothing here reads a clock
   * but this default.
   */
  today?: string;
  /** The moment the build's day is taken from when `today` is not given. */
  now?: Date;
  /** Build scheduled and expired pages too, with their marker: a preview (npm run build -- --future; npm run dev). */
  future?: boolean;
  /**
   * A page published before (content/published.yaml) whose address nothing answers now: "error" stops the build
   * (npm run build), "warning" reports it and builds (npm run dev, where an author is still at work).
   */
  moved?: "error" | "warning";
  /** Add the addresses this build publishes to content/published.yaml (npm run build of the live site, not previews). */
  recordPublished?: boolean;
  /** Where the hashes of pages that passed validation are kept between builds (false: no cache). */
  validationCache?: string | false;
  /** Where drawn link-preview cards are kept between builds. */
  previewCache?: string;
  /** Where encoded images are kept between builds (default: CACHES.images). */
  imageCache?: string;
  /** Where the web editor's rewritten script is kept between builds (default: CACHES.editor). */
  editorCache?: string;
  /**
   * Build on what the last build into outDir made (npm run build): pages whose file and context did not change
   * are not read again, pages whose inputs did not change are not rendered or checked again. The inputs are the
   * ones the caller computed (incremental/index.ts, buildInputs), so that this build's record names them.
   */
  incremental?: BuildInputs;
  /** Where incremental builds keep what they build on (default: CACHES.build). */
  buildCache?: string;
  /** The last build's manifest as the caller found it (incremental/index.ts, lastBuild: null for none); else found here. */
  lastBuild?: BuildManifest | null;
  /** Share reading and rendering a large site with a second thread where the machine has more than one core. */
  threads?: boolean;
  /**
   * Load html-validate on a second core from the start of an incremental build (npm run build, a new process each
   * time): its load then hides behind reading and rendering, and the few pages rendered again are validated there.
   */
  validateAhead?: boolean;
}

export interface BuildTimings {
  content: number;
  render: number;
  bundle: number;
  /** Of bundle: drawing the link-preview cards (or finding them in their cache), which runs alongside esbuild. */
  previews: number;
  validate: number;
  /** Of validate: the checks of every other output (feeds, sitemap, JSON-LD, host files, budgets, characters), alongside html-validate. */
  checks: number;
  /** Copying images and cards into the output and swapping it into place. */
  output: number;
  total: number;
}

/**
 * The address pages are built for: SITE_URL (or the option) when given, held to site.yaml's rule for url,
 * except that http://localhost is fine for builds served on this machine (npm run audit).
 */
function checkedSiteUrl(override: string | undefined, fromContent: string): string {
  if (override === undefined) return fromContent;
  const value = override.replace(/\/+$/, "");
  if (/^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(value)) return value;
  const result = siteUrlSchema.safeParse(value);
  if (!result.success)
    throw new ContentErrors([
      new ContentError(
        "SITE_URL (environment)",
        `"${override}" ${result.error.issues[0]?.message ?? "is not a valid address"}`,
      ),
    ]);
  return value;
}

/** A route's URL path, by its output file. */
const pathOf = (model: RouteModel, file: string) => model.routes.find((route) => route.file === file)?.path ?? "";

type BuildResult = Awaited<ReturnType<typeof buildSteps>>;

/**
 * content/ -> dist/: load and check content, bundle assets, render pages, validate everything, swap in. Fails with
 * ContentErrors or an OutputError (problems an author fixes), or an UnexpectedError naming the step and the content
 * file it was processing (report.ts keeps its details in a log file).
 */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  if (options.preview && options.strict) throw new Error(PREVIEW_NOT_STRICT);
  if (options.future && options.strict) throw new Error(FUTURE_NOT_STRICT);
  const doing: Doing = { step: "reading content" };
  try {
    return await buildSteps(options, doing);
  } catch (error) {
    if (error instanceof OutputError) throw error;
    throw asExpected(error, doing.step, doing.file);
  }
}

/** What the build is doing, for the message of an error nobody foresaw. */
interface Doing {
  step: string;
  file?: string;
}

async function buildSteps(
  {
    contentDir = "content",
    outDir = "dist",
    siteUrl,
    devClient,
    editorStandIn,
    reuseAssets,
    strict = false,
    preview = false,
    drafts = preview,
    staged = false,
    future = false,
    today,
    now = new Date(),
    moved = "error",
    recordPublished: recordList = false,
    validationCache = VALIDATION_CACHE,
    previewCache = CACHES.cards,
    imageCache = CACHES.images,
    editorCache = CACHES.editor,
    incremental,
    buildCache = CACHES.build,
    lastBuild: lastBuildFound,
    threads = true,
    validateAhead = false,
  }: BuildOptions,
  doing: Doing,
): Promise<{
  files: string[];
  assets: BuiltAssets;
  timings: BuildTimings;
  model: RouteModel;
  siteUrl: string;
  previews: Previews;
  /** Content problems that did not stop this build (the terminal shows them). */
  warnings: ContentError[];
  /** What an incremental build took from the last one: pages not read again, pages not rendered again. */
  reused?: { loaded: number; kept: number; rendered: number };
}> {
  const started = performance.now();
  const lap = (() => {
    let last = started;
    return () => {
      const now = performance.now();
      const elapsed = now - last;
      last = now;
      return elapsed;
    };
  })();

  const images = imageService(imageCache);
  const last = incremental && new Incremental(buildCache, outDir, incremental, lastBuildFound);
  const pageStore = last?.pageStore(images.processor);
  // A second thread for reading and rendering a large site's pages; started only if a step has enough to share.
  const thread = threads && availableParallelism() > 1 ? new BuildThread(imageCache, images.processor) : undefined;
  // Only on a last build: a build from nothing validates every page, with a thread started then, not held through
  // reading and rendering beside the build's second thread (about 100 MB).
  const validating = validateAhead && last?.previous && availableParallelism() > 1 ? new ValidationThread() : undefined;
  try {
    const content = await loadContent(contentDir, {
      images: images.service,
      staged,
      drafts,
      pageCache: pageStore,
      threads: thread,
    });
    doing.step = "computing the pages";
    const modelOptions = {
      drafts,
      preview: preview || future,
      future,
      today: today ?? todayIn(content.site.timeZone, now),
    };
    const model = new RouteModel(content, modelOptions);
    const incomplete = incompleteTranslations(content);
    if (strict) {
      const placeholders = findPlaceholders(contentDir).map(
        (p) =>
          new ContentError(p.file, `placeholder "${p.text}" (${p.reason}) must be replaced before a strict build`, {
            line: p.line,
          }),
      );
      if (placeholders.length + incomplete.length > 0) throw new ContentErrors([...incomplete, ...placeholders]);
    }
    const movedAway = movedPages(model);
    if (moved === "error" && movedAway.length > 0) throw new ContentErrors(movedAway);
    const warnings = [
      ...content.warnings,
      ...content.menuWarnings,
      ...incomplete,
      ...model.warnings,
      ...(moved === "warning" ? movedAway : []),
    ];
    const baseUrl = checkedSiteUrl(siteUrl ?? process.env.SITE_URL, content.site.url);
    const timings = { content: lap() } as BuildTimings;

    // What the next build reads: the addresses published, and this build's record for an incremental one.
    const afterSwap = ({
      pages: files,
      record,
    }: {
      pages: string[];
      record: Omit<BuildManifest, "code" | "inputs" | "outputs" | "summary">;
    }) => {
      // Only a live build publishes: what a preview shows (drafts, scheduled pages) was never on the site.
      const publishing = recordList && !preview && !future;
      if (publishing) recordPublished(model);
      if (last) {
        pageStore?.save();
        last.record(
          {
            ...record,
            summary: {
              pages: files.length,
              warnings: warnings.map((warning) => warning.message),
              notes: [...unusedMediaLines(content.unusedMedia), ...scheduleLines(content.pages, model.today)],
            },
          },
          // The list this build added to is part of the next build's inputs as it is now.
          publishing ? afterPublishing(last.inputs, contentDir) : last.inputs,
        );
      }
    };
    const {
      pages: files,
      assets,
      previews,
      rendered,
    } = await buildAtomically(
      outDir,
      async (temp) => {
        if (reuseAssets) cpSync(join(outDir, "assets"), join(temp, "assets"), { recursive: true });
        doing.step = "bundling and drawing the link-preview cards";
        // The same code makes the same bundles: an incremental build takes the last build's files.
        const kept = reuseAssets ? undefined : last?.keptBundles<BuiltAssets>(temp);
        // The cards are drawn (or found in their cache) while esbuild bundles: both mostly wait on other threads.
        const drawing = performance.now();
        const [assets, previews] = await Promise.all([
          reuseAssets ?? kept ?? buildAssets(temp, { dev: devClient !== undefined }),
          renderPreviews(model, baseUrl, { cacheDir: previewCache, stylesheet: readFileSync(SITE_CSS, "utf8") }).then(
            (drawn) => {
              timings.previews = performance.now() - drawing;
              return drawn;
            },
          ),
        ]);
        timings.bundle = lap();
        const bundles = listBundles(temp);
        // A page whose card could not be drawn shows the site's generic card, as the 404 pages do.
        for (const file of previews.generic) {
          const lang = model.routes.find((route) => route.file === file)?.lang ?? "";
          previews.byFile.set(file, {
            url: assets.ogImage,
            ...assets.ogImageSize,
            alt: `${content.site.company.name}: ${content.langs[lang]?.home.hero.headline ?? ""}`,
          });
        }
        doing.step = "rendering the pages";
        const shared = sharedDigest(model, { assets, siteUrl: baseUrl, devClient, staged, modelOptions });
        const own = Object.fromEntries(
          model.routes.map((route) => [route.file, ownDigest(route, previews.byFile.get(route.file))]),
        );
        const pageAssets = { ...assets, devClient, previews: previews.byFile };
        const { files: pages, rendered } = await renderAll(temp, model, pageAssets, baseUrl, {
          reuse: (route) => last?.reusable(route.file, shared, own[route.file] ?? ""),
          keep: reuseFile,
          render: thread && ((routes) => thread.render(temp, model, pageAssets, baseUrl, modelOptions, routes)),
        });
        // Its heap (a copy of the content and the route model) is not held through validation, the peak of memory.
        await thread?.close();
        doing.step = "writing the feeds, the sitemap and the host files";
        const feedDigests = new Map<string, string>();
        const feedFiles = feeds(model, baseUrl, model.routes, (file, section) => {
          const digest = feedDigest(shared, own, model.feedEntries(section));
          feedDigests.set(file, digest);
          return last?.sameShared(shared) ? last.reusableFeed(file, digest) : undefined;
        });
        for (const [file, xml] of feedFiles) {
          // A section whose entries all have slugs of their own has no folder of pages under its address.
          mkdirSync(dirname(join(temp, file)), { recursive: true });
          writeFileSync(join(temp, file), xml);
        }
        for (const [file, cached] of [...images.processor.outputs(), ...previews.outputs]) {
          mkdirSync(dirname(join(temp, file)), { recursive: true });
          // A hard link to the cache's file (no bytes copied; cache entries are never written in place), else a copy.
          reuseFile(cached, join(temp, file));
        }
        writeFileSync(join(temp, "sitemap.xml"), sitemap(model, baseUrl));
        writeFileSync(join(temp, "robots.txt"), robots(baseUrl, { preview: preview || future }));
        writeFileSync(join(temp, "favicon.ico"), await faviconIco(FAVICON_SVG));
        const policy = {
          delivery: content.site.form.delivery,
          styleHash: assets.styleHash,
          scriptHash: assets.loaderHash,
          noindex: preview || future,
        };
        const typed = [...[...feedFiles.keys()].map((file) => `/${file}`), "/sitemap.xml", "/favicon.ico"];
        const hostOrigins = editorHostOrigins(content.site.editor);
        const editorDamage = await writeAdmin(temp, content, {
          standIn: editorStandIn,
          cacheDir: editorCache,
          stylesheet: assets.stylesheet,
        });
        const framed = model.routes
          .filter((route) => (route.page?.frames.length ?? 0) > 0)
          .map((route) => ({ path: route.path, frames: route.page?.frames ?? [] }));
        writeHostFiles(temp, {
          policy,
          typed,
          editorOrigins: hostOrigins,
          framed,
          locales: content.locales,
          redirects: model.redirects,
        });
        timings.render = lap();
        doing.step = "checking the built files";
        // Pages the last build checked against the same shared data passed then and are the same bytes now: only
        // the pages rendered again are validated, and the link check also re-reads the pages linking to their anchors.
        const partial = last?.sameShared(shared) === true;
        const renderedNow = new Set(rendered);
        const checking = async () => {
          const started = performance.now();
          const found = await checkOutputs({
            dir: temp,
            model,
            siteUrl: baseUrl,
            pages,
            feeds: feedFiles,
            host: {
              policy,
              pages: model.routes.map((route) => ({ path: route.path, frames: route.page?.frames ?? [] })),
              framed,
              editorOrigins: hostOrigins,
              typed,
              asset: assets.ogImage,
            },
            images: builtImages(model, previews, images.processor.outputs()),
            cacheFile: validationCache ? join(dirname(validationCache), OUTPUTS_CACHE) : undefined,
            kept: partial
              ? { files: new Set(pages.filter((file) => !renderedNow.has(file))), ids: last?.previous?.jsonLd ?? {} }
              : undefined,
            shared,
          });
          timings.checks = performance.now() - started;
          return found;
        };
        const anchors = anchorIndex(temp, partial ? rendered : pages, partial ? last?.previous?.anchors : undefined);
        const linking = partial
          ? [...new Set([...rendered, ...rendered.flatMap((file) => anchors[pathOf(model, file)] ?? [])])]
          : pages;
        const [{ problems: invalid }, broken, outputs] = await Promise.all([
          validatePages(temp, partial ? rendered : pages, {
            cacheFile: validationCache || undefined,
            some: partial,
            started: validating,
          }),
          Promise.resolve(checkLinks(temp, linking)),
          checking(),
        ]);
        const problems = [
          ...markdownOrigins(invalid.map(htmlProblem), model, builtHtml(temp)),
          ...broken.map((link) => brokenLinkProblem(link, model)),
          // The hreflang links come from the routes' alternates, which are part of the shared data.
          ...(partial ? [] : checkHreflang(temp, pages, baseUrl)),
          ...outputs.problems,
        ];
        timings.validate = lap();
        if (problems.length > 0) throw new OutputError(problems);
        // No .gz copies: every host compresses on its own (docs/deploying.md), and so does the local server.
        doing.step = "swapping the output into place";
        warnings.push(
          ...previews.warnings,
          ...images.processor.damaged.map((what) => damagedEntryWarning("images", what)),
          ...previews.damaged.map((what) => damagedEntryWarning("cards", what)),
          ...editorDamage.map((what) => damagedEntryWarning("editor", what)),
        );
        return {
          pages,
          assets,
          previews,
          rendered,
          record: {
            shared,
            own,
            assets,
            anchors,
            bundles,
            feeds: Object.fromEntries(feedDigests),
            jsonLd: outputs.ids,
          },
        };
      },
      afterSwap,
      // An incremental build leaves the replaced output to the next one to delete: its build cache is kept.
      { trash: last ? join(buildCache, "trash") : undefined },
    );
    timings.output = lap();
    timings.total = performance.now() - started;
    const reused = pageStore && { ...pageStore.counts, rendered: rendered.length };
    return { files, assets, timings, model, siteUrl: baseUrl, previews, warnings, reused };
  } finally {
    await Promise.all([thread?.close(), validating?.close()]);
  }
}
