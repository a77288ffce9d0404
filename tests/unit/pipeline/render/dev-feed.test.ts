import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { DevBuild } from "../../../../src/pipeline/dev-build.ts";
import { copyOfContent } from "../../../support/content.ts";
import { TEST_VALIDATION_CACHE } from "../../validation-cache.ts";

const content = copyOfContent();
const outDir = join(mkdtempSync(join(tmpdir(), "dev-feed-")), "dist");
afterAll(() => {
  content.cleanup();
  rmSync(join(outDir, ".."), { recursive: true, force: true });
});

// The feed carries each page's full text, so npm run dev's one-page rebuild must rewrite its section's feed too.
it("npm run dev: a text-only edit of a section's page rebuilds that page alone and its section's feed", async () => {
  const dev = new DevBuild({ contentDir: content.dir, outDir, validationCache: TEST_VALIDATION_CACHE });
  await dev.run();
  const sentence = "A sentence added while the dev server runs.";
  expect(readFileSync(join(outDir, "insights/feed.xml"), "utf8")).not.toContain(sentence);
  content.edit("en/pages/insights/rag-agents.md", (text) => `${text}\n${sentence}\n`);
  const result = await dev.run([join(content.dir, "en/pages/insights/rag-agents.md")]);
  expect(result.onePage).toBe(true);
  expect(readFileSync(join(outDir, "insights/feed.xml"), "utf8")).toContain(sentence);
  expect(readFileSync(join(outDir, "de/einblicke/feed.xml"), "utf8")).not.toContain(sentence);
}, 300_000);
