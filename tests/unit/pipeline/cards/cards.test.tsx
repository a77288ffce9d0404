import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import satori from "satori";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContentErrors } from "../../../../src/content/read/errors.ts";
import { build } from "../../../../src/pipeline/index.ts";
import { layoutTitle } from "../../../../src/pipeline/cards/fit.tsx";
import { TITLE_SIZES, TITLE_WIDTH, titleStyle } from "../../../../src/pipeline/cards/layout.ts";
import { cardFonts } from "../../../../src/pipeline/cards/fonts.ts";
import { cardTextOf } from "../../../../src/pipeline/cards/text.ts";
import type { RouteModel } from "../../../../src/routes/model.ts";
import { copyOfContent } from "../../../support/content.ts";
import { TEST_VALIDATION_CACHE } from "../../validation-cache.ts";

const work = mkdtempSync(join(tmpdir(), "previews-"));
const outDir = join(work, "dist");
const previewCache = join(work, "cache");
const content = copyOfContent();
let first: Awaited<ReturnType<typeof build>>;

const meta = (html: string, attribute: "property" | "name", key: string) =>
  new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1];
const html = (model: RouteModel, key: string, lang: string) =>
  readFileSync(join(outDir, model.find(key, lang)?.file ?? "missing"), "utf8");
/** The file under outDir an og:image URL of the built site names. */
const fileOf = (url: string | undefined, siteUrl: string) => join(outDir, (url ?? "").slice(siteUrl.length));
const pixels = async (file: string) => (await sharp(file).raw().toBuffer()).toString("base64");

beforeAll(async () => {
  first = await build({ contentDir: content.dir, outDir, previewCache, validationCache: TEST_VALIDATION_CACHE });
});
afterAll(() => {
  content.cleanup();
  rmSync(work, { recursive: true, force: true });
});

describe("link-preview cards", () => {
  it("give every indexable page its own 1200x630 PNG as og:image and twitter:image", async () => {
    // A tag's list page and the search page show the site's own preview image (pipeline/cards/text.ts): no card is
    // drawn for them.
    const drawnFor = (route: (typeof first.model.routes)[number]) =>
      route.indexable && route.kind !== "tag" && route.kind !== "search";
    const indexable = first.model.routes.filter(drawnFor);
    expect(indexable.length).toBeGreaterThanOrEqual(11);
    const seen = new Set<string>();
    for (const route of indexable) {
      const page = readFileSync(join(outDir, route.file), "utf8");
      const image = meta(page, "property", "og:image");
      expect(image, route.file).toMatch(new RegExp(`^${first.siteUrl}/assets/preview-[a-z0-9-]+-[0-9a-f]{8}\\.png$`));
      expect(meta(page, "name", "twitter:image"), route.file).toBe(image);
      const { format, width, height } = await sharp(fileOf(image, first.siteUrl)).metadata();
      expect({ format, width, height }, route.file).toEqual({ format: "png", width: 1200, height: 630 });
      seen.add(image ?? "");
    }
    expect(seen.size).toBe(indexable.length);
    // Named by the hash of their bytes, as every built file is: a change to the drawing code that draws the same
    // pixels (a refactor, the formatter) leaves every card's address as it was.
    for (const image of seen) {
      const bytes = readFileSync(fileOf(image, first.siteUrl));
      expect(image).toContain(`-${createHash("sha256").update(bytes).digest("hex").slice(0, 8)}.png`);
    }
    // A 404 page is no page anyone shares: it keeps the site's image.
    expect(meta(readFileSync(join(outDir, "404.html"), "utf8"), "property", "og:image")).not.toContain(
      "/assets/preview-",
    );
  });

  it("draw each card once, and differ between the languages of a page", async () => {
    expect(first.previews.counts).toEqual({
      drawn: first.model.routes.filter((route) => route.indexable && route.kind !== "tag" && route.kind !== "search")
        .length,
      fromCache: 0,
    });
    for (const key of ["home", "insights/rag-agents"]) {
      const [en, de] = ["en", "de"].map((lang) =>
        fileOf(meta(html(first.model, key, lang), "property", "og:image"), first.siteUrl),
      );
      expect(await pixels(en ?? ""), key).not.toBe(await pixels(de ?? ""));
    }
  });

  it("are redrawn only where a title changed, under a new name", async () => {
    const cardOf = (lang: string) => meta(html(first.model, "insights/rag-agents", lang), "property", "og:image");
    const [oldEn, oldDe] = [cardOf("en"), cardOf("de")];
    const oldPixels = await pixels(fileOf(oldEn, first.siteUrl));
    content.edit("en/pages/insights/rag-agents.md", (text) =>
      text.replace(/^title: .*$/m, "title: What a RAG agent does for a mid-sized company"),
    );
    const second = await build({
      contentDir: content.dir,
      outDir,
      previewCache,
      validationCache: TEST_VALIDATION_CACHE,
    });
    expect(second.previews.counts).toEqual({ drawn: 1, fromCache: first.previews.counts.drawn - 1 });
    const newEn = meta(html(second.model, "insights/rag-agents", "en"), "property", "og:image");
    expect(newEn).not.toBe(oldEn);
    expect(await pixels(fileOf(newEn, second.siteUrl))).not.toBe(oldPixels);
    expect(meta(html(second.model, "insights/rag-agents", "de"), "property", "og:image")).toBe(oldDe);
  });

  it("give way to the page's own image where its front matter says linkPreview: image", async () => {
    content.edit("de/pages/insights/rag-agents.md", (text) =>
      text.replace("image: ./rag-agent-de.png\n", "image: ./rag-agent-de.png\nlinkPreview: image\n"),
    );
    const third = await build({
      contentDir: content.dir,
      outDir,
      previewCache,
      validationCache: TEST_VALIDATION_CACHE,
    });
    const image = meta(html(third.model, "insights/rag-agents", "de"), "property", "og:image");
    expect(image).toMatch(new RegExp(`^${third.siteUrl}/assets/rag-agent-de-[0-9a-f]{8}-\\d+\\.(png|jpg)$`));
    expect(existsSync(fileOf(image, third.siteUrl))).toBe(true);
    expect(meta(html(third.model, "insights/rag-agents", "en"), "property", "og:image")).toContain("/assets/preview-");
  });

  it("refuse linkPreview: image without an image, or with an SVG, naming the file and line", async () => {
    const broken = copyOfContent();
    try {
      broken.edit("en/pages/privacy.md", (text) => text.replace(/^title: (.*)$/m, "title: $1\nlinkPreview: image"));
      broken.edit("en/pages/insights/chatbot-roi.md", (text) =>
        text.replace("image: ./chatbot-roi.png\n", "image: ./chatbot-roi.svg\nlinkPreview: image\n"),
      );
      const error = await build({ contentDir: broken.dir, outDir: join(work, "broken"), previewCache }).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(ContentErrors);
      const messages = (error as ContentErrors).errors.map((e) => e.message.replace(/content-\w+\//g, "content/"));
      const lineOf = (file: string) =>
        readFileSync(join(broken.dir, file), "utf8").split("\n").indexOf("linkPreview: image") + 1;
      expect(messages).toEqual(
        expect.arrayContaining([
          expect.stringContaining(`content/en/pages/privacy.md:${lineOf("en/pages/privacy.md")}`),
          `content/en/pages/insights/chatbot-roi.md:${lineOf("en/pages/insights/chatbot-roi.md")}: linkPreview: needs a PNG or JPEG image (social networks do not show SVG): change image, or remove linkPreview`,
        ]),
      );
      expect(messages.find((message) => message.includes("privacy.md"))).toContain(
        "linkPreview: shows the page's image, and the page has none: add image, or remove linkPreview",
      );
    } finally {
      broken.cleanup();
    }
  });
});

describe("a card's title", () => {
  const fonts = cardFonts();
  const longestReal = () => {
    const texts = first.model.routes.flatMap((route) => cardTextOf(route, first.model) ?? []);
    return texts.reduce((longest, text) => (text.title.length > longest.title.length ? text : longest));
  };
  it.each([
    ["the longest real title", () => longestReal()],
    // The most a page title may have, in long German words.
    [
      "a 60-character German title",
      () => ({ title: "Auftragsverarbeitungsverträge zu KI-Sprachassistenten prüfen", lang: "de" }),
    ],
  ])("fits %s into three lines without splitting a word", async (_, textOf) => {
    const { title, lang } = textOf();
    expect(title.length).toBeGreaterThanOrEqual(60);
    const layout = await layoutTitle(title, lang, satori, fonts);
    expect(layout).toMatchObject({ title, clamp: false });
    expect(TITLE_SIZES).toContain(layout.size);
    expect(layout.size).toBeGreaterThanOrEqual(44);
  });

  it("splits a word wider than a line at its syllables, with a hyphen, each piece fitting a line", async () => {
    const word = "Donaudampfschifffahrtsgesellschaftskapitänswitwenrentenversicherung";
    const layout = await layoutTitle(`Die ${word}`, "de", satori, fonts);
    const pieces = layout.title.split(" ").slice(1);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join("").replaceAll("-", "")).toBe(word);
    expect(pieces.slice(0, -1).every((piece) => piece.endsWith("-"))).toBe(true);
    expect(layout).toMatchObject({ size: 44, clamp: false });
    // Each piece, alone, on a line of the card's title column.
    for (const piece of pieces) {
      let width = 0;
      await satori(
        <div style={{ display: "flex", alignItems: "flex-start" }}>
          <div key="piece" style={titleStyle(layout.size)}>
            {piece}
          </div>
        </div>,
        {
          width: TITLE_WIDTH * 2,
          fonts,
          onNodeDetected: (node) => {
            if (node.key === "piece") width = node.width;
          },
        },
      );
      expect(width, piece).toBeLessThanOrEqual(TITLE_WIDTH);
    }
  });
});
