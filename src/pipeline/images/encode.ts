import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp, { type Metadata, type Sharp } from "sharp";
import { ContentError } from "../../content/errors.ts";

export type Format = "avif" | "webp" | "png" | "jpeg" | "svg";

/** One source's encoded files, as stored in its cache entry: file names are relative to the entry's folder. */
export interface Encoded {
  width: number;
  height: number;
  variants: { format: Format; width: number; file: string }[];
}

/**
 * Encoder settings; they are part of every cache key, so changing one re-encodes everything.
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

async function readMetadata(source: Buffer, file: string): Promise<Metadata> {
  try {
    return await sharp(source).metadata();
  } catch (error) {
    throw new ContentError(file, `not an image that can be read (${(error as Error).message})`);
  }
}

/**
 * Encodes `source` (read from `file`, named in errors) into `dir`: AVIF and WebP at each width, and one
 * fallback at the largest (JPEG, or PNG where the image is transparent).
 * An SVG is copied as it is: it is already sharp at every size, and usually smaller than a raster of it.
 */
export async function encode(source: Buffer, file: string, requestedWidths: readonly number[], dir: string): Promise<Encoded> {
  const metadata = await readMetadata(source, file);
  if (metadata.format === "svg") {
    // Served from /assets/, an SVG opened on its own is a document of the site's origin: a host without our
    // CSP headers (a plain bucket) would run a script in it. Diagrams need none of this.
    const active = /<script\b|<foreignObject\b|\son[a-z]+\s*=|(?:href|src)\s*=\s*["']\s*(?:javascript|data):/i.exec(source.toString("utf8"));
    if (active) throw new ContentError(file, `SVG with active content (${active[0].trim()}) is refused: export the diagram without scripts, event handlers or embedded HTML`);
    // sharp's size for an SVG is librsvg's: its width and height attributes, else its viewBox.
    await writeFile(join(dir, "image.svg"), source);
    return { width: metadata.width, height: metadata.height, variants: [{ format: "svg", width: metadata.width, file: "image.svg" }] };
  }
  if (!RASTER_INPUTS.includes(metadata.format)) {
    throw new ContentError(file, `unsupported image format "${metadata.format}": use PNG, JPEG, WebP, AVIF, GIF or SVG`);
  }
  if ((metadata.pages ?? 1) > 1) throw new ContentError(file, `animated images are not supported (${metadata.pages} frames)`);

  try {
    return await encodeRaster(source, metadata, requestedWidths, dir);
  } catch (error) {
    throw new ContentError(file, `the image could not be processed (${(error as Error).message})`);
  }
}

/** The pixel work, where a damaged file shows (its header may read fine): the caller names the file in any error. */
async function encodeRaster(source: Buffer, metadata: Metadata, requestedWidths: readonly number[], dir: string): Promise<Encoded> {
  const widths = variantWidths(requestedWidths, metadata.autoOrient.width);
  const largest = widths[widths.length - 1] ?? metadata.autoOrient.width;
  // Many tools save opaque images with an alpha channel (macOS screenshots, say): only real transparency needs a PNG.
  const transparent = metadata.hasAlpha && !(await sharp(source).stats()).isOpaque;
  const fallback = transparent ? "png" : "jpeg";
  const jobs: { format: Exclude<Format, "svg">; width: number }[] = [
    ...widths.flatMap((width) => [
      { format: "avif" as const, width },
      { format: "webp" as const, width },
    ]),
    { format: fallback, width: largest },
  ];
  const variants = await Promise.all(
    jobs.map(async ({ format, width }) => {
      const file = `${width}.${EXTENSIONS[format]}`;
      const resized = sharp(source, { autoOrient: true }).resize({ width, withoutEnlargement: true });
      const info = await ENCODE[format](resized).toFile(join(dir, file));
      return { format, width: info.width, height: info.height, file };
    }),
  );
  // The fallback is at the largest width: its size is the set's.
  const { width, height } = variants.find((variant) => variant.format === fallback) ?? { width: largest, height: metadata.autoOrient.height };
  return { width, height, variants: variants.map(({ format, width, file }) => ({ format, width, file })) };
}
