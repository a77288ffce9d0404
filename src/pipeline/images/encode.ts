import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp, { type Metadata, type Sharp } from "sharp";
import { EXPORT_SMALLER, formatBytes, IMAGE_LIMITS } from "../../images/limits.ts";
import { ImageProblem } from "../../images/problem.ts";
import { publishableSvg, SvgRefusal } from "./svg.ts";

export type Format = "avif" | "webp" | "png" | "jpeg" | "svg";

/** One source's encoded files, as stored in its cache entry: file names are relative to the entry's folder. */
export interface Encoded {
  width: number;
  height: number;
  variants: { format: Format; width: number; file: string }[];
}

/**
 * Encoder settings; this file is part of every cache key (processor.ts), so changing one re-encodes everything.
 * AVIF at effort 2, not sharp's default 4: on a 1440 px image effort 4 took 5-6x as long for files ~12%
 * smaller, and a build without a cache (CI, a fresh clone) encodes every image.
 */
export const ENCODERS = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 75, effort: 4 },
  jpeg: { quality: 78, mozjpeg: true },
  png: { compressionLevel: 9 },
} as const;

/**
 * The raster formats an author may use. Animated images are refused rather than silently reduced to
 * their first frame. sharp names AVIF "heif".
 */
const RASTER_INPUTS: readonly string[] = ["jpeg", "png", "webp", "heif", "gif", "tiff"];

export const EXTENSIONS: Record<Format, string> = { avif: "avif", webp: "webp", png: "png", jpeg: "jpg", svg: "svg" };

const ENCODE: Record<Exclude<Format, "svg">, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif(ENCODERS.avif),
  webp: (image) => image.webp(ENCODERS.webp),
  png: (image) => image.png(ENCODERS.png),
  jpeg: (image) => image.jpeg(ENCODERS.jpeg),
};

/** The variant widths for an image `intrinsic` pixels wide: each requested width, never beyond the intrinsic one. */
function variantWidths(requested: readonly number[], intrinsic: number): number[] {
  return [...new Set(requested.map((width) => Math.min(width, intrinsic)))].sort((a, b) => a - b);
}

// libvips decodes with as many threads as cores and keeps decoded images in a cache of its own: both
// multiply memory by the images in flight. The build encodes a few images at a time instead (images.ts).
sharp.cache(false);

/** Only the header: the size is known before a single pixel is decoded. */
async function readMetadata(source: Buffer): Promise<Metadata> {
  try {
    return await sharp(source, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new ImageProblem(`is not an image that can be read (${(error as Error).message})`);
  }
}

/** The limits an author can understand, checked on the header, before decoding (the file's size was checked before it was read). */
function checkBudget(metadata: Metadata): void {
  const { maxPixels, maxSide } = IMAGE_LIMITS;
  const { width, height } = metadata;
  if (width * height > maxPixels || Math.max(width, height) > maxSide) {
    throw new ImageProblem(
      `is ${width} × ${height} pixels (${((width * height) / 1e6).toFixed(1)} megapixels); an image may have at most ${maxPixels / 1e6} megapixels and ${maxSide.toLocaleString("en")} pixels on its longer side (${EXPORT_SMALLER})`,
    );
  }
}

/**
 * Encodes `source` into `dir`: AVIF and WebP at each width, and one fallback at the largest (JPEG, or PNG
 * where the image is transparent). An SVG is published as the allowlist rewrote it (svg.ts): it is
 * already sharp at every size, and usually smaller than a raster of it. Problems are ImageProblems.
 */
export async function encode(source: Buffer, requestedWidths: readonly number[], dir: string): Promise<Encoded> {
  // An SVG is text: checked against the allowlist before any image library parses it.
  if (
    /^\s*</.test(
      source
        .subarray(0, 256)
        .toString("utf8")
        .replace(/^\ufeff/, ""),
    )
  )
    return publishSvg(source, dir);
  const metadata = await readMetadata(source);
  // A compressed SVG (.svgz) would reach librsvg unchecked: only plain-text SVG is checked and published.
  if (metadata.format === "svg") throw new ImageProblem("is a compressed SVG: save it as a plain .svg file");
  checkBudget(metadata);
  if (!RASTER_INPUTS.includes(metadata.format)) {
    throw new ImageProblem(`has the unsupported format "${metadata.format}": use PNG, JPEG, WebP, AVIF, GIF or SVG`);
  }
  if ((metadata.pages ?? 1) > 1)
    throw new ImageProblem(`is animated (${metadata.pages} frames): animated images are not supported`);

  let encoded: Encoded;
  try {
    encoded = await encodeRaster(source, metadata, requestedWidths, dir);
  } catch (error) {
    if (error instanceof ImageProblem) throw error;
    throw new ImageProblem(`could not be processed (${(error as Error).message})`);
  }
  return encoded;
}

/** An SVG as the allowlist writes it anew (svg.ts), sized by librsvg from what is published. */
async function publishSvg(source: Buffer, dir: string): Promise<Encoded> {
  if (source.length > IMAGE_LIMITS.maxSvgBytes) {
    throw new ImageProblem(
      `is ${formatBytes(source.length)}; an SVG may have at most ${formatBytes(IMAGE_LIMITS.maxSvgBytes)} (simplify the drawing, or export it as PNG)`,
    );
  }
  let svg: string;
  try {
    svg = publishableSvg(source.toString("utf8"));
  } catch (error) {
    if (error instanceof SvgRefusal) throw new ImageProblem(`is refused: ${error.message}`);
    throw error;
  }
  const metadata = await readMetadata(Buffer.from(svg));
  if (metadata.format !== "svg") throw new ImageProblem("is not an SVG image");
  // sharp's size for an SVG is librsvg's: its width and height attributes, else its viewBox.
  await writeFile(join(dir, "image.svg"), svg);
  return {
    width: metadata.width,
    height: metadata.height,
    variants: [{ format: "svg", width: metadata.width, file: "image.svg" }],
  };
}

/** The pixel work, where a damaged file shows (its header may read fine). */
async function encodeRaster(
  source: Buffer,
  metadata: Metadata,
  requestedWidths: readonly number[],
  dir: string,
): Promise<Encoded> {
  const widths = variantWidths(requestedWidths, metadata.autoOrient.width);
  const largest = widths[widths.length - 1] ?? metadata.autoOrient.width;
  // Decoded once, at the largest width the page offers: every variant is made from this copy, so memory
  // stays near one decoded source and one page-sized copy whatever the number of variants.
  const { data, info } = await sharp(source, { autoOrient: true, limitInputPixels: IMAGE_LIMITS.maxPixels })
    .resize({ width: largest, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  // Many tools save opaque images with an alpha channel (macOS screenshots, say): only real transparency needs a PNG.
  const transparent = (info.channels === 2 || info.channels === 4) && !(await sharp(data, raw).stats()).isOpaque;
  const fallback = transparent ? "png" : "jpeg";
  const jobs: { format: Exclude<Format, "svg">; width: number }[] = [
    ...widths.flatMap((width) => [
      { format: "avif" as const, width },
      { format: "webp" as const, width },
    ]),
    { format: fallback, width: largest },
  ];
  const variants = [];
  // One at a time: each encoder holds its own buffers, and a build runs several images side by side.
  for (const { format, width } of jobs) {
    const file = `${width}.${EXTENSIONS[format]}`;
    const resized = sharp(data, raw).resize({ width, withoutEnlargement: true });
    const output = await ENCODE[format](resized).toFile(join(dir, file));
    if (output.size > IMAGE_LIMITS.maxEncodedBytes) {
      throw new ImageProblem(
        `is ${formatBytes(output.size)} even compressed as ${format.toUpperCase()} at ${width} px wide; at most ${formatBytes(IMAGE_LIMITS.maxEncodedBytes)} load fast enough on a phone (crop it, or use a calmer photo)`,
      );
    }
    variants.push({ format, width: output.width, height: output.height, file });
  }
  // The fallback is at the largest width: its size is the set's.
  const { width, height } = variants.find((variant) => variant.format === fallback) ?? {
    width: largest,
    height: info.height,
  };
  return { width, height, variants: variants.map(({ format, width, file }) => ({ format, width, file })) };
}
