import { readFileSync } from "node:fs";
import { writeFileAtomic } from "../../cache/atomic.ts";
import { dirname, join } from "node:path";
import { OUTPUTS_CACHE } from "../caches.ts";
import { anchorIndex } from "../checks/anchors.ts";
import { builtImages } from "../checks/built-images.ts";
import { checkHreflang } from "../checks/hreflang.ts";
import { brokenLinkProblem } from "../checks/link-report.ts";
import { checkLinks } from "../checks/links.ts";
import { builtHtml, markdownOrigins } from "../checks/markdown-origin.ts";
import { checkOnePage, checkOutputs } from "../checks/outputs.ts";
import { htmlProblem } from "../checks/validate.ts";
import { type ValidationThread, validatePageAgainst, validatePages } from "../checks/validate-pages.ts";
import { checkSearchIndexes } from "../../search/output.ts";
import type { BuildImages } from "../images/service.ts";
import type { Incremental } from "../incremental/reuse.ts";
import type { BuildManifest } from "../incremental/manifest.ts";
import { OutputError } from "../output-error.ts";
import type { BuildPlan } from "../plan.ts";
import type { Bundled } from "./bundle.ts";
import type { Loaded } from "./load.ts";
import type { Rendered } from "./render.ts";
import { type FeedContents, feeds } from "../render/feeds.ts";
import type { RouteModel } from "../../routes/model.ts";
import type { Route } from "../../routes/route.ts";
import type { SiteFiles } from "./site-files.ts";

/**
 * Step 5: everything written, checked as its readers read it: html-validate, links and anchors, hreflang, and every
 * other output (checks/outputs.ts). Pages the last build checked against the same shared data passed then and are
 * the same bytes now: only the pages rendered again are validated, and the links of the pages linking into them.
 * Fails with an OutputError; else returns what the next build's record keeps.
 */
export async function checkBuilt(
  plan: BuildPlan,
  { model, siteUrl }: Loaded,
  { assets, previews }: Bundled,
  { pages, rendered, shared }: Rendered,
  site: SiteFiles,
  temp: string,
  context: { images: BuildImages; last?: Incremental; validating?: ValidationThread },
): Promise<{ anchors: Record<string, string[]>; jsonLd: BuildManifest["jsonLd"]; checksMs: number }> {
  const { last } = context;
  const partial = last?.sameShared(shared) === true;
  const renderedNow = new Set(rendered);
  const validation = plan.caches.validation;
  let checksMs = 0;
  const checking = async () => {
    const started = performance.now();
    const found = await checkOutputs({
      dir: temp,
      model,
      siteUrl,
      pages,
      feeds: site.feedFiles,
      host: {
        policy: site.policy,
        pages: model.routes.map((route) => ({ path: route.path, frames: route.page?.frames ?? [] })),
        framed: site.framed,
        editorOrigins: site.hostOrigins,
        typed: site.typed,
        asset: assets.ogImage,
      },
      images: builtImages(model, previews, context.images.processor.outputs()),
      cacheFile: validation ? join(dirname(validation), OUTPUTS_CACHE) : undefined,
      kept: partial
        ? { files: new Set(pages.filter((file) => !renderedNow.has(file))), ids: last?.previous?.jsonLd ?? {} }
        : undefined,
      shared,
    });
    checksMs = performance.now() - started;
    return found;
  };
  const pathOf = (file: string) => model.routes.find((route) => route.file === file)?.path ?? "";
  const anchors = anchorIndex(temp, partial ? rendered : pages, partial ? last?.previous?.anchors : undefined);
  const linking = partial
    ? [...new Set([...rendered, ...rendered.flatMap((file) => anchors[pathOf(file)] ?? [])])]
    : pages;
  const [{ problems: invalid }, broken, outputs] = await Promise.all([
    validatePages(temp, partial ? rendered : pages, {
      cacheFile: validation || undefined,
      some: partial,
      started: context.validating,
    }),
    Promise.resolve(checkLinks(temp, linking)),
    checking(),
  ]);
  const problems = [
    ...markdownOrigins(invalid.map(htmlProblem), model, builtHtml(temp)),
    ...broken.map((link) => brokenLinkProblem(link, model)),
    // The hreflang links come from the routes' alternates, which are part of the shared data.
    ...(partial ? [] : checkHreflang(temp, pages, siteUrl)),
    ...outputs.problems,
    ...checkSearchIndexes(temp, model),
  ];
  if (problems.length > 0) throw new OutputError(problems);
  return { anchors, jsonLd: outputs.ids, checksMs };
}

/**
 * Step 5 for npm run dev's rebuild of one page whose own text alone changed (the reuse rule, incremental/reuse.ts):
 * the same checks, on what changed. The page it replaces passed with its chrome, so where the chrome is the same only
 * the page's own part is validated; its links and the links into it (`linkingHere`) are followed; its section's
 * feeds, which carry its full text, are checked with it. The page is written in place to be link-checked, and put
 * back if anything fails (OutputError); the caller writes the feeds it returns.
 */
export async function checkOnePageBuilt(
  model: RouteModel,
  siteUrl: string,
  {
    route,
    html,
    outDir,
    linkingHere,
    feedContents,
  }: { route: Route; html: string; outDir: string; linkingHere: string[]; feedContents?: FeedContents },
): Promise<{ feedFiles: Map<string, string> }> {
  const target = join(outDir, route.file);
  const previous = readFileSync(target, "utf8");
  const found = (await validatePageAgainst(html, route.file, previous)).map(htmlProblem);
  const invalid = markdownOrigins(found, model, () => html);
  if (invalid.length > 0) throw new OutputError(invalid);
  writeFileAtomic(target, html);
  const section = model.sectionOf(route);
  const feedFiles = feeds(model, siteUrl, section ? [section] : [], undefined, feedContents);
  const problems = [
    ...checkLinks(outDir, [route.file, ...linkingHere]).map((link) => brokenLinkProblem(link, model)),
    ...checkOnePage({ model, siteUrl }, { file: route.file, html, route }, feedFiles),
  ];
  if (problems.length > 0) {
    writeFileAtomic(target, previous);
    throw new OutputError(problems);
  }
  return { feedFiles };
}
