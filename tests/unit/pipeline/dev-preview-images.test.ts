import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { DevBuild } from "../../../src/pipeline/dev-build.ts";
import { CAMPAIGN_FIXTURE, CAMPAIGN_PAGE, campaignContent } from "../../support/campaign.ts";
import { outOf } from "../../support/content.ts";
import { TEST_VALIDATION_CACHE } from "../validation-cache.ts";

// Issue 59: an image the author just picked for a block, which no page showed at the last full build, was drawn as
// its alt text in the editor's preview: the pane's <picture> named variants nobody had written.
const content = campaignContent(
  { "media/picked-hero.png": readFileSync("content/en/pages/insights/rag-agent.png") },
  "preview-images-",
);
afterAll(() => content.cleanup());

/** The /assets/ files a page's `<picture>` of `name` names. */
const filesOf = (html: string, name: string) =>
  [...new Set([...html.matchAll(/\/(assets\/[^"\s,]+)/g)].map((match) => match[1] ?? ""))].filter((file) =>
    file.startsWith(`assets/${name}-`),
  );

it("the preview writes the files of an image picked since the last build; the next full build has only its pages' images", {
  timeout: 300_000,
}, async () => {
  const out = outOf(content);
  const dev = new DevBuild({ contentDir: content.dir, outDir: out, validationCache: TEST_VALIDATION_CACHE });
  await dev.run();
  const file = join(content.dir, "en/pages", CAMPAIGN_PAGE);
  const text = readFileSync(join(CAMPAIGN_FIXTURE, "en/pages", CAMPAIGN_PAGE), "utf8").replace(
    "image: /media/workshop-hero.png",
    "image: /media/picked-hero.png",
  );
  expect(text).toContain("picked-hero");
  const main = (await dev.preview(file, text)) ?? "";
  const picked = filesOf(main, "picked-hero");
  // AVIF and WebP at some widths, and the fallback.
  expect(picked.length).toBeGreaterThan(2);
  for (const asset of picked) expect(existsSync(join(out, asset)), asset).toBe(true);

  // Not saved: the next full build writes the images its pages show, and the pick is not among them.
  await dev.run();
  for (const asset of picked) expect(existsSync(join(out, asset)), asset).toBe(false);
  expect(
    filesOf(readFileSync(join(out, "ai-readiness-workshop.html"), "utf8"), "workshop-hero").length,
  ).toBeGreaterThan(2);
});
