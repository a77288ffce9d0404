import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { ContentErrors } from "../../../src/content/read/errors.ts";
import { loadContent } from "../../../src/content/load.ts";
import { build } from "../../../src/pipeline/index.ts";
import { copyOfContent } from "../../support/content.ts";
import { TEST_VALIDATION_CACHE } from "../validation-cache.ts";

const EN = "en/pages/insights/rag-agents.md";
const DE = "de/pages/insights/rag-agents.md";

let copy: ReturnType<typeof copyOfContent> | undefined;
afterEach(() => copy?.cleanup());

const png = (width: number, height: number, r: number) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 70, b: 229 } } })
    .png()
    .toBuffer();

/** The real content, with files added (paths relative to content/) and both articles' images pointed at /media/. */
async function shared(
  files: Record<string, Buffer | string>,
  { markdown = "/media/diagrams/flow.png", frontMatter = "/media/diagrams/flow.png" } = {},
) {
  copy = copyOfContent();
  for (const [path, data] of Object.entries(files)) {
    mkdirSync(dirname(join(copy.dir, path)), { recursive: true });
    writeFileSync(join(copy.dir, path), data);
  }
  for (const [file, own] of [
    [EN, "rag-agent"],
    [DE, "rag-agent-de"],
  ] as const) {
    copy.edit(file, (text) =>
      text.replace(`image: ./${own}.png`, `image: ${frontMatter}`).replace(`](./${own}.png)`, `](${markdown})`),
    );
  }
  return copy;
}

const lineOf = (dir: string, file: string, needle: string) =>
  readFileSync(join(dir, file), "utf8")
    .split("\n")
    .findIndex((line) => line.includes(needle)) + 1;

async function problems(dir: string): Promise<string[]> {
  const error = await loadContent(dir).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ContentErrors)) throw new Error(`expected content errors, got ${String(error)}`);
  return error.errors.map((e) => e.message.replace(/content-\w+\//g, "content/")).sort();
}

describe("shared media (content/media/)", () => {
  it("one file in content/media/ serves both languages, from the Markdown and the front matter; files no page uses are listed", async () => {
    const image = await png(800, 400, 79);
    const { dir } = await shared({
      "media/diagrams/flow.png": image,
      "media/diagrams/flow.narrow.png": await png(400, 600, 79),
      "media/diagrams/flow.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>",
      "media/old-photo.png": image,
      "media/team/spare.jpg": "not used",
    });
    const content = await loadContent(dir);
    const used = (file: string) =>
      content.pages.find((page) => page.source.endsWith(file))?.images.map((path) => path.slice(dir.length));
    expect(used(EN)).toEqual(["/media/diagrams/flow.png", "/media/diagrams/flow.png"]);
    expect(used(DE)).toEqual(["/media/diagrams/flow.png", "/media/diagrams/flow.png"]);
    // The phone variant and the drawing belong to the image a page shows.
    expect(content.unusedMedia.map((file) => file.replace(/content-\w+\//, "content/"))).toEqual([
      "content/media/old-photo.png",
      "content/media/team/spare.jpg",
    ]);
  });

  it("a shared image that is not there is named with its page's line and where it should be", async () => {
    const { dir } = await shared({}, { markdown: "/media/gone.png", frontMatter: "/media/gone.png" });
    expect(await problems(dir)).toEqual([
      `content/${DE}:${lineOf(dir, DE, "](/media/gone.png)")}: the image /media/gone.png is missing: no such file in content/media/`,
      `content/${DE}:${lineOf(dir, DE, "image: /media/gone.png")}: image: /media/gone.png is missing: no such file in content/media/`,
      `content/${EN}:${lineOf(dir, EN, "](/media/gone.png)")}: the image /media/gone.png is missing: no such file in content/media/`,
      `content/${EN}:${lineOf(dir, EN, "image: /media/gone.png")}: image: /media/gone.png is missing: no such file in content/media/`,
    ]);
  });

  it("a misspelt shared image names the file in that folder it most likely means", async () => {
    const { dir } = await shared(
      { "media/diagrams/flow.png": await png(800, 400, 79) },
      { markdown: "/media/diagrams/flwo.png" },
    );
    expect(await problems(dir)).toEqual([
      `content/${DE}:${lineOf(dir, DE, "](/media/diagrams/flwo.png)")}: the image /media/diagrams/flwo.png is missing: no such file in content/media/; did you mean /media/diagrams/flow.png?`,
      `content/${EN}:${lineOf(dir, EN, "](/media/diagrams/flwo.png)")}: the image /media/diagrams/flwo.png is missing: no such file in content/media/; did you mean /media/diagrams/flow.png?`,
    ]);
  });

  it("a shared image keeps every rule: alt text, no way out of content/media/", async () => {
    const { dir } = await shared({ "media/diagrams/flow.png": await png(800, 400, 79) });
    copy?.edit(EN, (text) => `${text}\n![](/media/diagrams/flow.png)\n\n![Site facts](/media/../site.yaml)\n`);
    copy?.edit(DE, (text) => text.replace(/^imageAlt: .*\n/m, ""));
    expect(await problems(dir)).toEqual([
      `content/${DE}:${lineOf(dir, DE, "image: /media/")}: image: an image needs its alt text: add imageAlt, saying what the image shows`,
      `content/${EN}:${lineOf(dir, EN, "![](/media/")}: the image /media/diagrams/flow.png has no alt text: write what it shows between the brackets, ![…](/media/diagrams/flow.png)`,
      `content/${EN}:${lineOf(dir, EN, "/media/../site.yaml")}: the image /media/../site.yaml is outside content/media/: a shared image is written /media/ and its path inside content/media/`,
    ]);
  });

  // The containment check must end at the folder's name: content/media-old/ starts with "content/media" too.
  it("a /media/ path into a neighbour whose name begins with media (media-old/) fails the build, in both places", async () => {
    const image = await png(800, 400, 79);
    const { dir } = await shared(
      { "media/diagrams/flow.png": image, "media-old/flow.png": image },
      { markdown: "/media/../media-old/flow.png", frontMatter: "/media/../media-old/flow.png" },
    );
    const outDir = join(dir, "..", `${dir.split("/").pop()}-out`);
    const error = await build({ contentDir: dir, outDir, validationCache: TEST_VALIDATION_CACHE }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    const published = existsSync(outDir);
    rmSync(outDir, { recursive: true, force: true });
    expect(error).toBeInstanceOf(ContentErrors);
    const messages = (error as ContentErrors).errors.map((e) => e.message.replace(/content-\w+\//g, "content/"));
    const outside = "is outside content/media/: a shared image is written /media/ and its path inside content/media/";
    expect(messages.sort()).toEqual([
      `content/${DE}:${lineOf(dir, DE, "](/media/../media-old/")}: the image /media/../media-old/flow.png ${outside}`,
      `content/${DE}:${lineOf(dir, DE, "image: /media/../media-old/")}: image: /media/../media-old/flow.png ${outside}`,
      `content/${EN}:${lineOf(dir, EN, "](/media/../media-old/")}: the image /media/../media-old/flow.png ${outside}`,
      `content/${EN}:${lineOf(dir, EN, "image: /media/../media-old/")}: image: /media/../media-old/flow.png ${outside}`,
    ]);
    expect(published).toBe(false);
  });

  it("the build encodes a shared image once for both languages, with its .narrow variant for phones", async () => {
    const { dir } = await shared({
      "media/diagrams/flow.png": await png(800, 400, 79),
      "media/diagrams/flow.narrow.png": await png(400, 600, 80),
    });
    const outDir = join(dir, "..", `${dir.split("/").pop()}-out`);
    try {
      const { model } = await build({ contentDir: dir, outDir, validationCache: TEST_VALIDATION_CACHE });
      const article = (lang: string) =>
        readFileSync(
          join(
            outDir,
            model.routes.find((route) => route.key === "insights/rag-agents" && route.lang === lang)?.file ?? "",
          ),
          "utf8",
        );
      const narrow = (html: string) => /<source[^>]*srcset="([^" ]+)[^>]*media="\(max-width: 500px\)"/.exec(html)?.[1];
      const wide = (html: string) => /<img[^>]*src="(\/assets\/flow-[^"]+)"/.exec(html)?.[1];
      expect(narrow(article("en"))).toMatch(/^\/assets\/flow-narrow-\w{8}-400\.avif$/);
      expect(narrow(article("de"))).toBe(narrow(article("en")));
      expect(wide(article("de"))).toBe(wide(article("en")));
      expect(model.content.unusedMedia).toEqual([]);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
