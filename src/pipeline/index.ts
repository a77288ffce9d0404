import { constants, copyFileSync, cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { asExpected, ContentError, ContentErrors, formatProblem, type Problem } from "../content/errors.ts";
import { loadContent } from "../content/load.ts";
import { siteUrlSchema } from "../content/schemas.ts";
import { todayIn } from "../content/schedule.ts";
import { findPlaceholders } from "../content/placeholders.ts";
import { incompleteTranslations } from "../content/translations.ts";
import { buildAssets, type BuiltAssets, FAVICON_SVG, SITE_CSS } from "./assets.ts";
import { writeAdmin } from "./editor/index.ts";
import { editorHostOrigins } from "./editor/config.ts";
import { writeHostFiles } from "./host-files/index.ts";
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
import { renderAll } from "./render/pages.ts";
import { robots, sitemap } from "./render/seo.ts";
import { buildAtomically } from "./swap.ts";
import { htmlProblem } from "./checks/validate.ts";
import { validatePages } from "./checks/validate-pages.ts";
import { checkOutputs } from "./checks/outputs.ts";
import { builtImages } from "./checks/built-images.ts";
import { builtHtml, markdownOrigins } from "./checks/markdown-origin.ts";

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

/** Why a preview build is never a strict one: the two must be impossible to confuse. */
export const PREVIEW_NOT_STRICT =
  "--drafts and --strict cannot be combined: --drafts builds a preview for review (drafts shown, every page noindex, robots.txt disallows everything), --strict the live site. Build the live site with --strict alone, a deploy preview with --drafts alone.";

/** The same for --future, which shows pages before their day (and after their expiryDate). */
export const FUTURE_NOT_STRICT =
  "--future and --strict cannot be combined: --future builds a preview with the scheduled and expired pages (each marked, every page noindex), --strict the live site, which shows a page from its date on. Build the live site with --strict alone, a deploy preview with --drafts --future.";

/** A build that produced pages which fail validation or link checks: nothing is published. */
export class OutputError extends Error {
  /** Each problem as one line (formatProblem). */
  readonly messages: string[];
  constructor(readonly problems: Problem[]) {
    const messages = problems.map(formatProblem);
    super(messages.join("\n"));
    this.messages = messages;
    this.name = "OutputError";
  }
}

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
    recordPublished: record = false,
    validationCache = VALIDATION_CACHE,
    previewCache = CACHES.cards,
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

  const images = imageService(CACHES.images);
  const content = await loadContent(contentDir, { images: images.service, staged, drafts });
  doing.step = "computing the pages";
  const model = new RouteModel(content, {
    drafts,
    preview: preview || future,
    future,
    today: today ?? todayIn(content.site.timeZone, now),
  });
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

  const {
    pages: files,
    assets,
    previews,
  } = await buildAtomically(outDir, async (temp) => {
    if (reuseAssets) cpSync(join(outDir, "assets"), join(temp, "assets"), { recursive: true });
    doing.step = "bundling and drawing the link-preview cards";
    // The cards are drawn (or found in their cache) while esbuild bundles: both mostly wait on other threads.
    const drawing = performance.now();
    const [assets, previews] = await Promise.all([
      reuseAssets ?? buildAssets(temp, { dev: devClient !== undefined }),
      renderPreviews(model, baseUrl, { cacheDir: previewCache, stylesheet: readFileSync(SITE_CSS, "utf8") }).then(
        (drawn) => {
          timings.previews = performance.now() - drawing;
          return drawn;
        },
      ),
    ]);
    timings.bundle = lap();
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
    const pages = renderAll(temp, model, { ...assets, devClient, previews: previews.byFile }, baseUrl);
    doing.step = "writing the feeds, the sitemap and the host files";
    const feedFiles = feeds(model, baseUrl);
    for (const [file, xml] of feedFiles) {
      // A section whose entries all have slugs of their own has no folder of pages under its address.
      mkdirSync(dirname(join(temp, file)), { recursive: true });
      writeFileSync(join(temp, file), xml);
    }
    for (const [file, cached] of [...images.processor.outputs(), ...previews.outputs]) {
      mkdirSync(dirname(join(temp, file)), { recursive: true });
      // A reflink where the file system has them (btrfs, XFS): no bytes copied; a plain copy elsewhere.
      copyFileSync(cached, join(temp, file), constants.COPYFILE_FICLONE);
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
    writeAdmin(temp, content, { standIn: editorStandIn, cacheDir: CACHES.editor });
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
      });
      timings.checks = performance.now() - started;
      return found;
    };
    const [{ problems: invalid }, broken, outputs] = await Promise.all([
      validatePages(temp, pages, { cacheFile: validationCache || undefined }),
      Promise.resolve(checkLinks(temp, pages)),
      checking(),
    ]);
    const problems = [
      ...markdownOrigins(invalid.map(htmlProblem), model, builtHtml(temp)),
      ...broken.map((link) => brokenLinkProblem(link, model)),
      ...checkHreflang(temp, pages, baseUrl),
      ...outputs,
    ];
    timings.validate = lap();
    if (problems.length > 0) throw new OutputError(problems);
    // No .gz copies: every host compresses on its own (README, Deploying), and so does the local server.
    doing.step = "swapping the output into place";
    return { pages, assets, previews };
  });
  warnings.push(...previews.warnings);
  timings.output = lap();
  // Only a live build publishes: what a preview shows (drafts, scheduled pages) was never on the site.
  if (record && !preview && !future) recordPublished(model);
  timings.total = performance.now() - started;
  return { files, assets, timings, model, siteUrl: baseUrl, previews, warnings };
}
