import { readFileSync } from "node:fs";
import icoEndec from "ico-endec";
import sharp from "sharp";

/** The sizes Windows and older browsers pick from: tab, taskbar, desktop. */
const ICO_SIZES = [16, 32, 48];

const cache = new Map<string, Buffer>();

/**
 * /favicon.ico from the site's SVG favicon. Pages name their icons, but feed readers, bookmark services and
 * some browsers ask for /favicon.ico whatever a page says; rendered from the vector at each size so the small
 * ones stay sharp. Kept per SVG text, since npm run dev rebuilds often.
 */
export async function faviconIco(svgFile: string): Promise<Buffer> {
  const svg = readFileSync(svgFile);
  const key = svg.toString("base64");
  const cached = cache.get(key);
  if (cached) return cached;
  const pngs = await Promise.all(
    ICO_SIZES.map((size) =>
      sharp(svg, { density: 72 * (size / 32) * 4 })
        .resize(size, size)
        .png()
        .toBuffer(),
    ),
  );
  const ico = icoEndec.encode(pngs);
  cache.set(key, ico);
  return ico;
}
