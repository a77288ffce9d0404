import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { DevBuild } from "../../../src/pipeline/dev-build.ts";
import { OutputError } from "../../../src/pipeline/index.ts";
import { copyOfContent } from "../../support/content.ts";
import { TEST_VALIDATION_CACHE } from "../validation-cache.ts";

const content = copyOfContent();
const work = mkdtempSync(join(tmpdir(), "dev-build-"));
const outDir = join(work, "dist");
afterAll(() => {
  content.cleanup();
  rmSync(work, { recursive: true, force: true });
});

const RAG = "en/pages/insights/rag-agents.md";
const ROI = "en/pages/insights/chatbot-roi.md";

// npm run dev after a save that changes one page's text: that page alone is rendered and checked, its own part
// validated against the chrome of the page it replaces, and the pages linking to its anchors checked again.
it("a one-page rebuild writes the page, and still refuses what a full build refuses, also in the pages linking into it", {
  timeout: 300_000,
}, async () => {
  const dev = new DevBuild({ contentDir: content.dir, outDir, validationCache: TEST_VALIDATION_CACHE });
  const first = await dev.run();
  // The site (content/ as it is) has no block page, and the blocks' stylesheet is served all the same: the editor's preview of a
  // first block page links it before that page is saved (issue 59).
  expect(readFileSync(join(outDir, String(first.assets.blockStylesheet)), "utf8")).toBe(first.assets.blockStyles.css);

  content.edit(
    RAG,
    (text) =>
      `${text}\nWe compare this with [the worked example](/insights/chatbot-roi#a-worked-example-illustrative-assumptions-not-client-figures).\n`,
  );
  expect((await dev.run([join(content.dir, RAG)])).onePage).toBe(true);
  expect(readFileSync(join(outDir, "insights/rag-agents.html"), "utf8")).toContain(
    'href="/insights/chatbot-roi#a-worked-example-illustrative-assumptions-not-client-figures"',
  );

  // The heading that link points to is renamed: the page that links to it (not the one edited) is what breaks,
  // named where the author wrote the link, as the build names it.
  const before = readFileSync(join(outDir, "insights/chatbot-roi.html"), "utf8");
  content.edit(ROI, (text) =>
    text.replace("## A worked example (illustrative assumptions, not client figures)", "## An example"),
  );
  const broken = await dev.run([join(content.dir, ROI)]).catch((error: unknown) => error);
  expect(broken).toBeInstanceOf(OutputError);
  expect((broken as OutputError).messages.join("\n")).toMatch(
    /^\S+\/en\/pages\/insights\/rag-agents\.md:\d+: broken link \/insights\/chatbot-roi#a-worked-example-illustrative-assumptions-not-client-figures: the page \/insights\/chatbot-roi has no heading or element with id ".*"/m,
  );
  expect(readFileSync(join(outDir, "insights/chatbot-roi.html"), "utf8")).toBe(before);

  // The heading back: that page rebuilds alone again, and so does the linking page with a table added.
  content.edit(ROI, (text) =>
    text.replace("## An example", "## A worked example (illustrative assumptions, not client figures)"),
  );
  expect((await dev.run([join(content.dir, ROI)])).onePage).toBe(true);
  content.edit(RAG, (text) => `${text}\n| a | b |\n| - | - |\n| 1 | 2 |\n\nDone.\n`);
  expect((await dev.run([join(content.dir, RAG)])).onePage).toBe(true);
  expect(readFileSync(join(outDir, "insights/rag-agents.html"), "utf8")).toContain("<td>1</td>");
});
