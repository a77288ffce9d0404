import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { build } from "../../../src/pipeline/index.ts";
import { realContent } from "../../support/content.ts";
import { TEST_VALIDATION_CACHE } from "../validation-cache.ts";

// Issue 57: BUILD_DATE=2026-11-01 npm run build, a day before every article of the real content. Each article is
// then scheduled, and checked as the site will be on its day; that day's site has the section's feed.xml, which
// the article links to, so no link is broken (it was reported as broken, "tell a developer"). And the tags' list
// pages that published.yaml records are down with their pages on purpose, as the pages themselves are: the
// build does not fail for them (it asked to rename or delete the tags).
const copy = realContent("scheduled-feeds-");
const work = mkdtempSync(join(tmpdir(), "scheduled-feeds-out-"));
afterAll(() => {
  copy.cleanup();
  rmSync(work, { recursive: true, force: true });
});

it("a build dated before every article: no broken feed.xml link on their days, no published tag page missed", async () => {
  const { warnings, files } = await build({
    contentDir: copy.dir,
    outDir: join(work, "dist"),
    today: "2026-11-01",
    validationCache: TEST_VALIDATION_CACHE,
  });
  const said = warnings.map((warning) => warning.message);
  // The articles are scheduled (not built today), and what their days would report is nothing.
  expect(files).not.toContain("insights/rag-agents.html");
  expect(said.filter((message) => /goes live on/.test(message))).toEqual([]);
  expect(said.join("\n")).not.toMatch(/feed\.xml|tell a developer/);
}, 180_000);
