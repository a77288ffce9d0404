import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { ContentErrors } from "../../../src/content/read/errors.ts";
import { build } from "../../../src/pipeline/index.ts";
import { copyOfContent } from "../../support/content.ts";
import { TEST_VALIDATION_CACHE } from "../validation-cache.ts";

// Issue 42: "Copy from English" copies a page's text with its images as written (./rag-agent.png), which is next to
// the English file only. A translation shares its original's images: the German page shows the English image until
// it has one of that name next to it, and an image no language has gets the plain message.
let copy: ReturnType<typeof copyOfContent> | undefined;
let work: string | undefined;
afterEach(() => {
  copy?.cleanup();
  if (work) rmSync(work, { recursive: true, force: true });
});

const GERMAN = "de/pages/insights/rag-agents.md";

/** The built page's image sources (the front matter's card aside: the pictures in the text). */
async function imagesOf(...paths: string[]): Promise<string[][]> {
  work = mkdtempSync(join(tmpdir(), "copied-images-"));
  const outDir = join(work, "dist");
  await build({ contentDir: copy?.dir ?? "", outDir, validationCache: TEST_VALIDATION_CACHE });
  return paths.map((path) =>
    [...readFileSync(join(outDir, path), "utf8").matchAll(/<img [^>]*src="([^"]+)"/g)].map((match) => match[1] ?? ""),
  );
}

it("an English image copied into the German text and front matter is the English page's image, once built", async () => {
  copy = copyOfContent();
  copy.edit(GERMAN, (text) => text.replaceAll("./rag-agent-de.png", "./rag-agent.png"));
  const [english, german] = await imagesOf("insights/rag-agents.html", "de/einblicke/rag-agenten.html");
  expect(english?.length).toBeGreaterThan(0);
  expect(german).toEqual(english);
});

it("an image of that name next to the translation is its own, and comes first", async () => {
  copy = copyOfContent();
  copy.edit(GERMAN, (text) => text.replaceAll("./rag-agent-de.png", "./rag-agent.png"));
  // The German file's own picture under the English name: other bytes, so another hashed address.
  writeFileSync(
    join(copy.dir, "de/pages/insights/rag-agent.png"),
    readFileSync(join(copy.dir, "de/pages/insights/rag-agent-de.png")),
  );
  const [english, german] = await imagesOf("insights/rag-agents.html", "de/einblicke/rag-agenten.html");
  expect(german?.length).toBe(english?.length);
  expect(german?.some((src) => english?.includes(src))).toBe(false);
});

it("an image no language has keeps the plain message", async () => {
  copy = copyOfContent();
  copy.edit(GERMAN, (text) => text.replace("](./rag-agent-de.png)", "](./nowhere.png)"));
  const line =
    readFileSync(join(copy.dir, GERMAN), "utf8")
      .split("\n")
      .findIndex((text) => text.includes("](./nowhere.png)")) + 1;
  const failure = await build({
    contentDir: copy.dir,
    outDir: join(copy.dir, "..", "never"),
    validationCache: TEST_VALIDATION_CACHE,
  }).catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(ContentErrors);
  expect((failure as ContentErrors).errors.map((error) => error.message.replace(/content-\w+\//g, "content/"))).toEqual(
    [`content/${GERMAN}:${line}: the image ./nowhere.png is missing: no such file next to this page`],
  );
});
