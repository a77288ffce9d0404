/**
 * Issue 35: a page search engines are not to index carries no structured data at all, not an empty graph: the
 * 404 pages, and drafts in a preview build (npm run build -- --drafts), which would otherwise carry breadcrumbs
 * and a BlogPosting. structured-data.test.ts reads a page's graph as [] both when there is no block and when
 * the block is empty; here the served HTML is searched for the block itself. Built from temporary content by
 * the real build and served by the real server.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { copyOfContent } from "../../support/content.ts";
import { send } from "../server/raw-http.ts";
import { serveBuiltSite } from "../server/built-site.ts";
import { TEST_VALIDATION_CACHE } from "../validation-cache.ts";

const draft = (title: string, slug = "") =>
  `---\ntitle: ${title}\ndescription: Not published yet.\n${slug}date: 2026-11-21\ndraft: true\n---\n\nSoon.\n`;

const copy = copyOfContent();
let site: Awaited<ReturnType<typeof serveBuiltSite>> | undefined;
beforeAll(async () => {
  writeFileSync(join(copy.dir, "en/pages/insights/upcoming.md"), draft("Upcoming"));
  writeFileSync(join(copy.dir, "de/pages/insights/upcoming.md"), draft("Demnächst", "slug: demnaechst\n"));
  site = await serveBuiltSite({ contentDir: copy.dir, preview: true, validationCache: TEST_VALIDATION_CACHE });
}, 120_000);
afterAll(async () => {
  await site?.close();
  copy.cleanup();
});

/** The JSON-LD blocks of a served answer, as written. */
async function jsonLdBlocks(path: string, status: number): Promise<string[]> {
  const answer = await send(site?.url ?? "", path);
  expect(answer.status, path).toBe(status);
  return [...answer.body.toString().matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => match[1] ?? "",
  );
}

it("the 404 page of each language carries no JSON-LD block", async () => {
  expect(await jsonLdBlocks("/no-such-page", 404)).toEqual([]);
  expect(await jsonLdBlocks("/de/keine-seite", 404)).toEqual([]);
});

it("a draft in a preview build carries none, while a published page beside it carries its one graph", async () => {
  expect(await jsonLdBlocks("/insights/upcoming", 200)).toEqual([]);
  expect(await jsonLdBlocks("/de/einblicke/demnaechst", 200)).toEqual([]);
  const published = await jsonLdBlocks("/insights/rag-agents", 200);
  expect(published).toHaveLength(1);
  expect(published[0]).toContain('"@type":"BlogPosting"');
});
