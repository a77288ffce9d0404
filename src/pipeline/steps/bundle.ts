import { readFileSync } from "node:fs";
import { type BuiltAssets, buildAssets, SITE_CSS } from "../assets.ts";
import { type Previews, renderPreviews } from "../cards/index.ts";
import { listBundles } from "../incremental/index.ts";
import type { Incremental } from "../incremental/reuse.ts";
import type { BuildPlan } from "../plan.ts";
import type { Loaded } from "./load.ts";

export interface Bundled {
  assets: BuiltAssets;
  previews: Previews;
  /** The files esbuild wrote into assets/, for the next build to take. */
  bundles: string[];
  /** Of the step: drawing the cards (or finding them in their cache), alongside esbuild. */
  previewMs: number;
}

/**
 * Step 2: the stylesheet, the loader and the island bundled (or the last build's, made by the same code), and the
 * link-preview cards drawn meanwhile: both mostly wait on other threads.
 */
export async function bundleAndDraw(
  plan: BuildPlan,
  { content, model, siteUrl }: Loaded,
  temp: string,
  last: Incremental | undefined,
): Promise<Bundled> {
  const kept = plan.reuseAssets ? undefined : last?.keptBundles<BuiltAssets>(temp);
  const drawing = performance.now();
  let previewMs = 0;
  // Both settle before either's failure is thrown: esbuild must not be writing into the output folder while the
  // failed build removes it (a race that reported the removal's ENOTEMPTY instead of the card's own error).
  const [assetsDone, previewsDone] = await Promise.allSettled([
    plan.reuseAssets ?? kept ?? buildAssets(temp, { dev: plan.devClient !== undefined }),
    renderPreviews(model, siteUrl, {
      cacheDir: plan.caches.cards,
      stylesheet: readFileSync(SITE_CSS, "utf8"),
    }).then((drawn) => {
      previewMs = performance.now() - drawing;
      return drawn;
    }),
  ]);
  if (previewsDone.status === "rejected") throw previewsDone.reason;
  if (assetsDone.status === "rejected") throw assetsDone.reason;
  const [assets, previews] = [assetsDone.value, previewsDone.value];
  // A page whose card could not be drawn shows the site's generic card, as the 404 pages do.
  for (const file of previews.generic) {
    const lang = model.routes.find((route) => route.file === file)?.lang ?? "";
    previews.byFile.set(file, {
      url: assets.ogImage,
      ...assets.ogImageSize,
      alt: `${content.site.company.name}: ${content.langs[lang]?.home.hero.headline ?? ""}`,
    });
  }
  return { assets, previews, bundles: listBundles(temp), previewMs };
}
