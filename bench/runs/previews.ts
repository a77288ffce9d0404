import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SITE_CSS } from "../../src/pipeline/assets.ts";
import { renderPreviews } from "../../src/pipeline/cards/index.ts";
import type { RouteModel } from "../../src/routes/model.ts";

/**
 * What the link-preview cards add to a build: cold, every card drawn into an empty cache (a fresh clone, a CI
 * run without a kept cache, or a change of the card's design); warm, every card found in the cache (any
 * later build). Each cold run gets a new cache folder; the first one also loads satori and the fonts.
 */
export async function benchPreviews(
  model: RouteModel,
  siteUrl: string,
  runs: number,
): Promise<{ cards: number; cold: number[]; warm: number[] }> {
  const root = mkdtempSync(join(tmpdir(), "bench-previews-"));
  const stylesheet = readFileSync(SITE_CSS, "utf8");
  const cold: number[] = [];
  const warm: number[] = [];
  let cards = 0;
  try {
    for (let run = 0; run < runs; run += 1) {
      const cacheDir = join(root, String(run));
      let started = performance.now();
      cards = (await renderPreviews(model, siteUrl, { cacheDir, stylesheet })).counts.drawn;
      cold.push(performance.now() - started);
      started = performance.now();
      await renderPreviews(model, siteUrl, { cacheDir, stylesheet });
      warm.push(performance.now() - started);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return { cards, cold, warm };
}
