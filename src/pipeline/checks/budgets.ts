import { closeSync, openSync, readSync, statSync } from "node:fs";
import sharp from "sharp";
import type { Problem } from "../../content/read/errors.ts";
import type { Route } from "../../routes/route.ts";
import { formatBytes, IMAGE_LIMITS } from "../../images/limits.ts";
import type { Origin } from "./blame.ts";
import { outputProblem } from "./blame.ts";

const RULE = "budget";

/**
 * What a built image may weigh. A card is a 1200 × 630 PNG of about 80 KB: several times that means the drawing went
 * wrong (noise, a photo where text belongs). A page's images keep the encoder's own limits (images/limits.ts); an
 * image a page chooses as its link preview must be one the networks show (at least 200 × 200, at most 5 MB: X's
 * limit, the smallest of them).
 */
export const OUTPUT_BUDGETS = {
  card: { width: 1200, height: 630, maxBytes: 400 * 1024 },
  image: {
    maxBytes: IMAGE_LIMITS.maxEncodedBytes,
    maxSvgBytes: IMAGE_LIMITS.maxSvgBytes,
    maxSide: IMAGE_LIMITS.maxSide,
  },
  ownPreview: { minSide: 200, maxBytes: 5 * 1024 * 1024 },
} as const;

export interface BuiltImage {
  /** Its path in dist/ ("assets/preview-home-1a2b3c4d.png"). */
  output: string;
  /** Where its bytes are (the cache file the build copies). */
  file: string;
  kind: "card" | "image" | "ownPreview";
  /** The page behind it (found only when it fails), and the value that names it there: a card's title, an image's file name. */
  route: () => Route | undefined;
  value: string;
}

/**
 * A PNG's size from its first 24 bytes (the signature and the IHDR chunk, which the format puts first), or undefined
 * for any other file: a thousand cards are read in a few milliseconds rather than through an image library each.
 */
function pngHeader(file: string): { width: number; height: number; format: string } | undefined {
  const header = Buffer.alloc(24);
  const handle = openSync(file, "r");
  try {
    if (readSync(handle, header, 0, 24, 0) < 24) return undefined;
  } finally {
    closeSync(handle);
  }
  if (!header.subarray(0, 8).equals(PNG_SIGNATURE) || header.toString("latin1", 12, 16) !== "IHDR") return undefined;
  return { width: header.readUInt32BE(16), height: header.readUInt32BE(20), format: "png" };
}
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Each card and image against its budget: bytes from the file's size, pixels from its header. */
export async function checkBudgets(
  images: readonly BuiltImage[],
  originOf: (image: BuiltImage) => Origin,
): Promise<Problem[]> {
  const problems: Problem[] = [];
  await Promise.all(
    images.map(async (image) => {
      const { output, file, kind } = image;
      const report = (message: string) => problems.push(outputProblem(originOf(image), output, message, RULE));
      const bytes = statSync(file).size;
      if (output.endsWith(".svg")) {
        if (bytes > OUTPUT_BUDGETS.image.maxSvgBytes)
          report(`is ${formatBytes(bytes)}; an SVG may have ${formatBytes(OUTPUT_BUDGETS.image.maxSvgBytes)}`);
        return;
      }
      let width = 0;
      let height = 0;
      let format = "";
      try {
        ({ width, height, format } = pngHeader(file) ?? (await sharp(file).metadata()));
      } catch {
        report("is not an image that can be read");
        return;
      }
      if (kind === "card") {
        const { width: w, height: h, maxBytes } = OUTPUT_BUDGETS.card;
        if (format !== "png" || width !== w || height !== h)
          report(`is a ${width} × ${height} ${format}; a link-preview card is a ${w} × ${h} png`);
        if (bytes > maxBytes) report(`is ${formatBytes(bytes)}; a card may have ${formatBytes(maxBytes)}`);
      } else if (kind === "ownPreview") {
        const { minSide, maxBytes } = OUTPUT_BUDGETS.ownPreview;
        if (Math.min(width, height) < minSide)
          report(`is ${width} × ${height} pixels; a link preview needs at least ${minSide} on each side`);
        if (bytes > maxBytes) report(`is ${formatBytes(bytes)}; a link preview may have ${formatBytes(maxBytes)}`);
      } else {
        const { maxBytes, maxSide } = OUTPUT_BUDGETS.image;
        if (Math.max(width, height) > maxSide)
          report(`is ${width} × ${height} pixels; a built image may have ${maxSide} on its longer side`);
        if (bytes > maxBytes) report(`is ${formatBytes(bytes)}; one encoded image may have ${formatBytes(maxBytes)}`);
      }
    }),
  );
  return problems;
}
