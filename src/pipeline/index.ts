import { copyFileSync, cpSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { ContentError, ContentErrors } from "../content/errors.ts";
import { loadContent } from "../content/load.ts";
import { siteUrlSchema } from "../content/schemas.ts";
import { findPlaceholders } from "../content/placeholders.ts";
import { buildAssets, type BuiltAssets } from "./assets.ts";
import { writeAdmin } from "./admin/index.ts";
import { editorHostOrigins } from "./admin/config.ts";
import { adminHeaders, headersFile, nginxHeadersFile, redirectsFile } from "./headers.ts";
import { precompress } from "./compress.ts";
import { sourceLine } from "./link-sources.ts";
import { checkLinks } from "./links.ts";
import { RouteModel } from "../routes/model.ts";
import { faviconIco } from "./favicon.ts";
import { feeds } from "./feeds.ts";
import { imageService } from "./image-service.ts";
import { checkHreflang } from "./hreflang.ts";
import { PREVIEW_CACHE_DIR, type Previews, renderPreviews } from "./previews/index.ts";
import { renderAll } from "./render.ts";
import { robots, sitemap } from "./seo.ts";
import { buildAtomically } from "./swap.ts";
import { validatePages } from "./validate-pages.ts";

/** The vector favicon pages carry, and the source of /favicon.ico. */
const FAVICON_SVG = "src/assets/favicon.svg";

/** dist/'s nginx include with the security headers (see README, Deploying). */
export const NGINX_HEADERS_FILE = "_nginx-headers.conf";
/** The same for the web editor's location /admin/ (its own, narrower-where-it-counts policy). */
export const NGINX_ADMIN_HEADERS_FILE = "_nginx-admin-headers.conf";

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
  /**
   * A preview deploy (npm run build -- --drafts): drafts built with their marker, every page noindex (in the page
   * and by X-Robots-Tag), robots.txt disallows everything. Never together with strict, which is for the live site.
   */
  preview?: boolean;
  /** Where the hashes of pages that passed validation are kept between builds (false: no cache). */
  validationCache?: string | false;
  /** Where drawn link-preview cards are kept between builds. */
  previewCache?: string;
}

const VALIDATION_CACHE = join("node_modules", ".cache", "leap-ai-site", "validated.json");

export interface BuildTimings {
  content: number;
  render: number;
  bundle: number;
  validate: number;
  /** Compressing the output and swapping it into place. */
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
  if (!result.success) throw new ContentErrors([new ContentError("SITE_URL (environment)", `"${override}" ${result.error.issues[0]?.message ?? "is not a valid address"}`)]);
  return value;
}

/** Why a preview build is never a strict one: the two must be impossible to confuse. */
export const PREVIEW_NOT_STRICT =
  "--drafts and --strict cannot be combined: --drafts builds a preview for review (drafts shown, every page noindex, robots.txt disallows everything), --strict the live site. Build the live site with --strict alone, a deploy preview with --drafts alone.";

/** A build that produced pages which fail validation or link checks: nothing is published. */
export class OutputError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "OutputError";
  }
}

/** content/ -> dist/: load and check content, bundle assets, render pages, validate everything, swap in. */
export async function build({ contentDir = "content", outDir = "dist", siteUrl, devClient, editorStandIn, reuseAssets, strict = false, preview = false, drafts = preview, validationCache = VALIDATION_CACHE, previewCache = PREVIEW_CACHE_DIR }: BuildOptions = {}): Promise<{
  files: string[];
  assets: BuiltAssets;
  timings: BuildTimings;
  model: RouteModel;
  siteUrl: string;
  previews: Previews;
}> {
  if (preview && strict) throw new Error(PREVIEW_NOT_STRICT);
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

  const images = imageService();
  const content = await loadContent(contentDir, { images: images.service });
  const model = new RouteModel(content, { drafts, preview });
  if (strict) {
    const placeholders = findPlaceholders(contentDir);
    if (placeholders.length > 0) {
      throw new ContentErrors(placeholders.map((p) => new ContentError(p.file, `placeholder "${p.text}" (${p.reason}) must be replaced before a strict build`, { line: p.line })));
    }
  }
  const baseUrl = checkedSiteUrl(siteUrl ?? process.env.SITE_URL, content.site.url);
  const timings = { content: lap() } as BuildTimings;

  const { pages: files, assets, previews } = await buildAtomically(outDir, async (temp) => {
    if (reuseAssets) cpSync(join(outDir, "assets"), join(temp, "assets"), { recursive: true });
    // The cards are drawn (or found in their cache) while esbuild bundles: both mostly wait on other threads.
    const [assets, previews] = await Promise.all([reuseAssets ?? buildAssets(temp, { dev: devClient !== undefined }), renderPreviews(model, baseUrl, { cacheDir: previewCache })]);
    timings.bundle = lap();
    const pages = renderAll(temp, model, { ...assets, devClient, previews: previews.byFile }, baseUrl);
    const feedFiles = feeds(model, baseUrl);
    for (const [file, xml] of feedFiles) writeFileSync(join(temp, file), xml);
    for (const [file, cached] of [...images.processor.outputs(), ...previews.outputs]) {
      mkdirSync(dirname(join(temp, file)), { recursive: true });
      copyFileSync(cached, join(temp, file));
    }
    writeFileSync(join(temp, "sitemap.xml"), sitemap(model, baseUrl));
    writeFileSync(join(temp, "robots.txt"), robots(baseUrl, { preview }));
    writeFileSync(join(temp, "favicon.ico"), await faviconIco(FAVICON_SVG));
    const policy = { delivery: content.site.form.delivery, styleHash: assets.styleHash, scriptHash: assets.loaderHash, noindex: preview };
    const typed = [...[...feedFiles.keys()].map((file) => `/${file}`), "/sitemap.xml", "/favicon.ico"];
    const hostOrigins = editorHostOrigins(content.site.editor);
    writeAdmin(temp, content, { standIn: editorStandIn });
    writeFileSync(join(temp, "_headers"), headersFile(policy, typed, hostOrigins));
    writeFileSync(join(temp, NGINX_HEADERS_FILE), nginxHeadersFile(policy));
    writeFileSync(join(temp, NGINX_ADMIN_HEADERS_FILE), nginxHeadersFile(policy, adminHeaders(policy, hostOrigins)));
    writeFileSync(join(temp, "_redirects"), redirectsFile(content.locales));
    timings.render = lap();
    const [{ problems: invalid }, broken] = await Promise.all([
      validatePages(temp, pages, { cacheFile: validationCache || undefined }),
      Promise.resolve(checkLinks(temp, pages)),
    ]);
    const sourcesOf = new Map(model.routes.map((route) => [route.file, route.sources]));
    const draftOf = (target: string) => model.unpublished.get(target.split("#")[0] ?? "");
    const problems = [
      ...invalid.map((p) => `${p.file}:${p.line}:${p.column}: ${p.message} [${p.rule}] at ${p.element}`),
      ...broken.map((b) => {
        const draft = draftOf(b.target);
        const own = draft?.draftFile === draft?.sources[0];
        const reason = draft ? `a draft: ${own ? "" : "its section's "}${draft.draftFile} has draft: true; publish it or remove the link` : b.reason;
        const written = sourceLine(b.target, sourcesOf.get(b.file) ?? [], contentDir);
        return `${written ? `${written}: ` : ""}${b.file}: broken link ${b.target} (${reason}) in ${b.element}`;
      }),
      ...checkHreflang(temp, pages, baseUrl),
    ];
    timings.validate = lap();
    if (problems.length > 0) throw new OutputError(problems);
    // Dev output is served from this machine; compressing the island on every keystroke would only cost time.
    if (devClient === undefined) precompress(temp);
    return { pages, assets, previews };
  });
  timings.output = lap();
  timings.total = performance.now() - started;
  return { files, assets, timings, model, siteUrl: baseUrl, previews };
}
