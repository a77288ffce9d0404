/**
 * encode() called inside each test on images made here: the limits an author can understand, each on its own and
 * at its edge, checked on the header before a pixel is decoded; SVGs told apart from rasters and published through
 * the allowlist; formats and animation; the widths made and the fallback chosen. The limits are the ones
 * content/README.md states to authors. (npm run mutation runs these against src/pipeline/images/ and src/images/.)
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { EXPORT_SMALLER, formatBytes, IMAGE_LIMITS } from "../../../../src/images/limits.ts";
import { ImageProblem } from "../../../../src/images/problem.ts";
import { type Encoded, encode } from "../../../../src/pipeline/images/encode.ts";
import { pngClaiming } from "./fake-png.ts";

let dir = "";
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = "";
});
const out = () => {
  dir = mkdtempSync(join(tmpdir(), "issue35-encode-"));
  return dir;
};
/** What encode() says about an image, or its result. */
async function encoded(source: Buffer, widths: readonly number[] = [480, 960]): Promise<Encoded | string> {
  try {
    return await encode(source, widths, out());
  } catch (error) {
    if (error instanceof ImageProblem) return error.detail;
    throw error;
  }
}
const image = (width: number, height: number, channels: 3 | 4 = 3, alpha = 1) =>
  sharp({ create: { width, height, channels, background: { r: 79, g: 70, b: 229, alpha } } });
const SVG = (body: string, size = 'width="40" height="20"') =>
  `<svg xmlns="http://www.w3.org/2000/svg" ${size}>${body}</svg>`;

describe("the limits, as content/README.md states them to authors", () => {
  it("README's table says what IMAGE_LIMITS holds", () => {
    const readme = readFileSync("content/README.md", "utf8");
    const row = (name: string) => readme.split("\n").find((line) => line.startsWith(`| ${name} |`)) ?? "";
    const mb = (bytes: number) => `${bytes / 1024 / 1024} MB`;
    expect(row("file size")).toContain(
      `| ${mb(IMAGE_LIMITS.maxFileBytes)} (an SVG: ${mb(IMAGE_LIMITS.maxSvgBytes)}) |`,
    );
    expect(row("pixels")).toContain(
      `| ${IMAGE_LIMITS.maxPixels / 1e6} megapixels, ${IMAGE_LIMITS.maxSide.toLocaleString("en")} px on the longer side |`,
    );
    expect(row("each file the build makes")).toContain(`| ${mb(IMAGE_LIMITS.maxEncodedBytes)} |`);
    expect([IMAGE_LIMITS.maxFileBytes, IMAGE_LIMITS.maxSvgBytes, IMAGE_LIMITS.maxEncodedBytes]).toEqual([
      10 * 1024 * 1024,
      1024 * 1024,
      1536 * 1024,
    ]);
    expect(EXPORT_SMALLER).toBe("export it smaller, e.g. 2880 px wide");
  });

  it("sizes are written as an author reads them: KB up to a megabyte, MB with one decimal from there", () => {
    expect(formatBytes(10 * 1024)).toBe("10 KB");
    expect(formatBytes(1500)).toBe("1 KB");
    expect(formatBytes(1024 * 1024 - 1)).toBe("1,024 KB");
    expect(formatBytes(1024 * 1024)).toBe("1.0 MB");
    expect(formatBytes(1536 * 1024)).toBe("1.5 MB");
    expect(formatBytes(11 * 1024 * 1024 + 200 * 1024)).toBe("11.2 MB");
  });
});

describe("pixels, from the header alone", () => {
  const limits = `an image may have at most 40 megapixels and 10,000 pixels on its longer side (${EXPORT_SMALLER})`;

  it("more than 10,000 pixels on the longer side, wide or tall, however few megapixels", async () => {
    expect(await encoded(pngClaiming(10_001, 100))).toBe(`is 10001 × 100 pixels (1.0 megapixels); ${limits}`);
    expect(await encoded(pngClaiming(100, 10_001))).toBe(`is 100 × 10001 pixels (1.0 megapixels); ${limits}`);
  });

  it("more than 40 megapixels, both sides under 10,000", async () => {
    expect(await encoded(pngClaiming(7_000, 6_000))).toBe(`is 7000 × 6000 pixels (42.0 megapixels); ${limits}`);
    expect(await encoded(pngClaiming(8_000, 5_001))).toBe(`is 8000 × 5001 pixels (40.0 megapixels); ${limits}`);
  });

  it("exactly at the limits it goes on to be decoded (and this header-only file then fails as damaged)", async () => {
    for (const [width, height] of [
      [10_000, 100],
      [8_000, 5_000],
    ] as const)
      expect(await encoded(pngClaiming(width, height)), `${width} × ${height}`).toMatch(/^could not be processed \(/);
  });
});

describe("what kind of file it is", () => {
  it("not an image at all, or a compressed SVG, is refused as such", async () => {
    expect(await encoded(Buffer.from("just some text"))).toMatch(/^is not an image that can be read \(.+\)$/);
    expect(await encoded(gzipSync(SVG("<rect/>")))).toBe("is a compressed SVG: save it as a plain .svg file");
  });

  it("an animated image is refused, with its frames", async () => {
    const frame = (r: number) =>
      sharp({ create: { width: 8, height: 8, channels: 3, background: { r, g: 0, b: 0 } } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame(10), await frame(200)], { join: { animated: true } })
      .gif()
      .toBuffer();
    expect(await encoded(gif)).toBe("is animated (2 frames): animated images are not supported");
  });

  it("an AVIF, one of the formats an author may use (sharp calls it heif), is published like any raster", async () => {
    const avif = await image(8, 8).avif().toBuffer();
    expect(((await encoded(avif, [8])) as Encoded).variants.map((variant) => variant.file)).toEqual([
      "8.avif",
      "8.webp",
      "8.jpg",
    ]);
  });

  it("a transparent image's fallback is a .png file", async () => {
    const png = await image(8, 8, 4, 0.5).png().toBuffer();
    expect(((await encoded(png, [8])) as Encoded).variants.map((variant) => variant.file)).toEqual([
      "8.avif",
      "8.webp",
      "8.png",
    ]);
    expect(readdirSync(dir).sort()).toEqual(["8.avif", "8.png", "8.webp"]);
  });

  it("a TIFF, one of the formats an author may use, is published like any raster", async () => {
    const tiff = await image(8, 8).tiff().toBuffer();
    expect(await encoded(tiff, [8])).toEqual({
      width: 8,
      height: 8,
      variants: [
        { format: "avif", width: 8, file: "8.avif" },
        { format: "webp", width: 8, file: "8.webp" },
        { format: "jpeg", width: 8, file: "8.jpg" },
      ],
    });
  });

  it("an SVG is told by its text, after whitespace or a byte-order mark, and published through the allowlist", async () => {
    for (const prefix of ["", "  \n", "\ufeff"]) {
      const result = await encoded(Buffer.from(`${prefix}${SVG('<rect width="4" height="4"/>')}`));
      expect(result, JSON.stringify(prefix)).toEqual({
        width: 40,
        height: 20,
        variants: [{ format: "svg", width: 40, file: "image.svg" }],
      });
      expect(readFileSync(join(dir, "image.svg"), "utf8")).toBe(SVG('<rect width="4" height="4"></rect>'));
    }
    expect(await encoded(Buffer.from(SVG("", 'viewBox="0 0 300 150"')))).toMatchObject({ width: 300, height: 150 });
  });

  it("an SVG the allowlist refuses is refused with its reason; one over 1 MB without being parsed", async () => {
    expect(await encoded(Buffer.from(SVG("<script>alert(1)</script>")))).toBe(
      "is refused: the element <script> (line 1) is not allowed: an SVG may hold drawing only, no script, HTML, animation or embedded images",
    );
    const exactly = (bytes: number) => {
      const head = SVG("<g>");
      return Buffer.from(`${head.slice(0, -6)}${" ".repeat(bytes - head.length - 4)}</g></svg>`);
    };
    expect(exactly(IMAGE_LIMITS.maxSvgBytes)).toHaveLength(IMAGE_LIMITS.maxSvgBytes);
    expect(await encoded(exactly(IMAGE_LIMITS.maxSvgBytes))).toMatchObject({ width: 40 });
    expect(await encoded(exactly(IMAGE_LIMITS.maxSvgBytes + 1))).toBe(
      "is 1.0 MB; an SVG may have at most 1.0 MB (simplify the drawing, or export it as PNG)",
    );
    expect(await encoded(Buffer.from(`${"<!-- -->".repeat(200_000)}`))).toMatch(/^is 1\.5 MB; an SVG may have at most/);
  });
});

describe("the files made", () => {
  it("AVIF and WebP at each width asked for, never wider than the image, sorted, once each; a JPEG at the largest", async () => {
    const result = (await encoded(await image(800, 400).png().toBuffer(), [960, 480, 480, 1440])) as Encoded;
    expect(result.width).toBe(800);
    expect(result.height).toBe(400);
    expect(result.variants).toEqual([
      { format: "avif", width: 480, file: "480.avif" },
      { format: "webp", width: 480, file: "480.webp" },
      { format: "avif", width: 800, file: "800.avif" },
      { format: "webp", width: 800, file: "800.webp" },
      { format: "jpeg", width: 800, file: "800.jpg" },
    ]);
    expect(readdirSync(dir).sort()).toEqual(["480.avif", "480.webp", "800.avif", "800.jpg", "800.webp"]);
    expect((await sharp(join(dir, "480.avif")).metadata()).height).toBe(240);
  });

  it("the fallback is a PNG only where the image is really transparent, whatever its channels say", async () => {
    const formats = async (source: Promise<Buffer>) =>
      ((await encoded(await source, [100])) as Encoded).variants.map((variant) => variant.format);
    expect(await formats(image(100, 50, 4, 0.5).png().toBuffer())).toEqual(["avif", "webp", "png"]);
    expect(await formats(image(100, 50, 4, 1).png().toBuffer())).toEqual(["avif", "webp", "jpeg"]);
    expect(await formats(image(100, 50, 4, 0.5).grayscale().png().toBuffer())).toEqual(["avif", "webp", "png"]);
    expect(await formats(image(100, 50, 3).grayscale().png().toBuffer())).toEqual(["avif", "webp", "jpeg"]);
  });

  it("with no widths asked for, one set at the image's own width", async () => {
    const result = (await encoded(await image(120, 60).png().toBuffer(), [])) as Encoded;
    expect(result.variants.map(({ format, width }) => `${format} ${width}`)).toEqual(["jpeg 120"]);
    expect(result).toMatchObject({ width: 120, height: 60 });
  });
});
