import { reuseFile } from "../incremental/index.ts";
import type { Incremental } from "../incremental/reuse.ts";
import { ownDigest, sharedDigest } from "../incremental/digests.ts";
import type { BuildPlan } from "../plan.ts";
import { renderAll } from "../render/pages.ts";
import type { BuildThread } from "../threads/pool.ts";
import type { Bundled } from "./bundle.ts";
import { type Loaded, modelOptions } from "./load.ts";

export interface Rendered {
  /** Every page's output file. */
  pages: string[];
  /** The pages rendered anew (the rest are the last build's files, by the reuse rule). */
  rendered: string[];
  /** The reuse rule's digests: what every page shares, and each page's own part. */
  shared: string;
  own: Record<string, string>;
}

/**
 * Step 3: every route rendered, on two threads for a large site, except the pages the reuse rule
 * (incremental/reuse.ts) finds unchanged since the last build: those are its files, hard-linked.
 */
export async function renderPages(
  plan: BuildPlan,
  { model, siteUrl }: Loaded,
  { assets, previews }: Bundled,
  temp: string,
  last: Incremental | undefined,
  thread: BuildThread | undefined,
): Promise<Rendered> {
  const options = modelOptions(plan);
  const shared = sharedDigest(model, {
    assets,
    siteUrl,
    devClient: plan.devClient,
    staged: plan.staged,
    modelOptions: options,
  });
  const own = Object.fromEntries(
    model.routes.map((route) => [route.file, ownDigest(route, previews.byFile.get(route.file))]),
  );
  const pageAssets = { ...assets, devClient: plan.devClient, previews: previews.byFile };
  const { files: pages, rendered } = await renderAll(temp, model, pageAssets, siteUrl, {
    reuse: (route) => last?.reusable(route.file, shared, own[route.file] ?? ""),
    keep: reuseFile,
    render: thread && ((routes) => thread.render(temp, model, pageAssets, siteUrl, options, routes)),
  });
  // Its heap (a copy of the content and the route model) is not held through validation, the peak of memory.
  await thread?.close();
  return { pages, rendered, shared, own };
}
