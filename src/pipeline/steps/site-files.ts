import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { writeAdmin } from "../../editor/index.ts";
import { linkTargets, verdictAddresses } from "../../routes/link-targets.ts";
import { writeSearchIndexes } from "../../search/output.ts";
import { storedTerms, TERMS_MEMO_FILE, termsFrom } from "../../search/terms-memo.ts";
import { editorHostOrigins } from "../../editor/config.ts";
import { FAVICON_SVG } from "../assets.ts";
import { browserBundle } from "../browser-bundle.ts";
import { faviconIco } from "../favicon.ts";
import { writeHostFiles } from "../host-files/index.ts";
import type { BuildImages } from "../images/service.ts";
import { feedDigest } from "../incremental/digests.ts";
import { reuseFile } from "../incremental/index.ts";
import type { Incremental } from "../incremental/reuse.ts";
import { readJson, writeJson } from "../../cache/json.ts";
import type { BuildPlan } from "../plan.ts";
import { feeds } from "../render/feeds.ts";
import { robots, sitemap } from "../render/seo.ts";
import type { Bundled } from "./bundle.ts";
import type { Loaded } from "./load.ts";
import type { Rendered } from "./render.ts";

export type SiteFiles = ReturnType<typeof hostInputs> & {
  /** What the editor's cache handed out damaged (dropped and made again: a warning names it). */
  editorDamage: string[];
  /** Of the step: making and writing each language's search index (search/). */
  searchMs: number;
  /** Each section's feed by its output file, and the digest it was made from. */
  feedFiles: Map<string, string>;
  feedDigests: Map<string, string>;
};

/** What the host files are written from, and what the output checks hold them to. */
function hostInputs(plan: BuildPlan, { content, model }: Loaded, { assets }: Bundled, feedFiles: Map<string, string>) {
  return {
    policy: {
      delivery: content.site.form.delivery,
      styleHash: assets.styleHash,
      scriptHash: assets.loaderHash,
      noindex: plan.noindex,
    },
    typed: [...[...feedFiles.keys()].map((file) => `/${file}`), "/sitemap.xml", "/favicon.ico"],
    hostOrigins: editorHostOrigins(content.site.editor),
    framed: model.routes
      .filter((route) => (route.page?.frames.length ?? 0) > 0)
      .map((route) => ({ path: route.path, frames: route.page?.frames ?? [] })),
  };
}

/** Step 4: the feeds, the images and cards, sitemap.xml, robots.txt, favicon.ico, the search indexes, /admin/ and the host files. */
export async function writeSiteFiles(
  plan: BuildPlan,
  loaded: Loaded,
  bundled: Bundled,
  { shared, own }: Rendered,
  temp: string,
  images: BuildImages,
  last: Incremental | undefined,
): Promise<SiteFiles> {
  const { content, model, siteUrl } = loaded;
  const feedDigests = new Map<string, string>();
  const feedFiles = feeds(
    model,
    siteUrl,
    model.routes,
    (file, section) => {
      const digest = feedDigest(shared, own, model.feedEntries(section));
      feedDigests.set(file, digest);
      return last?.reusableFeed(file, shared, digest);
    },
    plan.feedContents,
  );
  for (const [file, xml] of feedFiles) {
    // A section whose entries all have slugs of their own has no folder of pages under its address.
    mkdirSync(dirname(join(temp, file)), { recursive: true });
    writeFileSync(join(temp, file), xml);
  }
  for (const [file, cached] of [...images.processor.outputs(), ...bundled.previews.outputs]) {
    mkdirSync(dirname(join(temp, file)), { recursive: true });
    // A hard link to the cache's file (no bytes copied; cache entries are never written in place), else a copy.
    reuseFile(cached, join(temp, file));
  }
  // The campaign blocks' stylesheet, only where a page links it: a site without campaign pages is as it was.
  // npm run dev has it from the start: the editor's preview of a first, unsaved block page links it.
  if (plan.mode === "dev" || content.pages.some((page) => page.blocks))
    writeFileSync(join(temp, bundled.assets.blockStyles.file), bundled.assets.blockStyles.css);
  writeFileSync(join(temp, "sitemap.xml"), sitemap(model, siteUrl));
  writeFileSync(join(temp, "robots.txt"), robots(siteUrl, { noindex: plan.noindex }));
  writeFileSync(join(temp, "favicon.ico"), await faviconIco(FAVICON_SVG));
  const searching = performance.now();
  // npm run build keeps each word's terms for the next build; npm run dev carries its own memo (search/terms-memo.ts).
  const termsFile = plan.inputs && join(plan.caches.build, TERMS_MEMO_FILE);
  const terms = plan.searchTerms ?? (termsFile ? termsFrom(readJson(termsFile)) : undefined);
  writeSearchIndexes(temp, model, terms, plan.searchPages);
  if (termsFile && terms) writeJson(termsFile, storedTerms(terms));
  const searchMs = performance.now() - searching;
  const host = hostInputs(plan, loaded, bundled, feedFiles);
  const editorDamage = await writeAdmin(temp, content, {
    standIn: plan.editorStandIn,
    cacheDir: plan.caches.editor,
    stylesheet: bundled.assets.stylesheet,
    blockStyles: bundled.assets.blockStyles.css,
    browser: browserBundle(false),
    linkTargets: linkTargets(
      model,
      Object.fromEntries(Object.entries(content.langs).map(([code, { common }]) => [code, common.header.homeLabel])),
    ),
    addresses: verdictAddresses(
      model,
      Object.fromEntries(content.site.locales.map((locale) => [locale.code, locale.prefix])),
    ),
  });
  writeHostFiles(temp, {
    policy: host.policy,
    typed: host.typed,
    editorOrigins: host.hostOrigins,
    framed: host.framed,
    locales: content.locales,
    redirects: model.redirects,
  });
  return { ...host, feedFiles, feedDigests, searchMs, editorDamage };
}
