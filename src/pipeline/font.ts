import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const require = createRequire(import.meta.url);

/**
 * The characters the site's font carries: printable ASCII, Latin-1 (German umlauts and ß, the accented
 * letters of names typed into the form), and the typographic marks the copy uses. Anything else (a
 * Polish Ł in a name, say) falls back per character to the metric-matched fallback font.
 * Keep in step with unicode-range in src/styles/site.css.
 */
export const FONT_CHARACTERS = [
  ...Array.from({ length: 0x7e - 0x20 + 1 }, (_, index) => String.fromCodePoint(0x20 + index)),
  ...Array.from({ length: 0xff - 0xa0 + 1 }, (_, index) => String.fromCodePoint(0xa0 + index)),
  ..."–—‘’‚“”„…•€™∞→←",
].join("");

/** The weights the stylesheet uses; the variable font's axis is cut to this range. */
const WEIGHTS = { min: 400, max: 800 };

/**
 * Inter (variable, latin) cut to FONT_CHARACTERS and WEIGHTS: about 60% of the bytes of the full latin
 * file, which matters because the first screen waits for it. Subsetting takes ~0.3 s, so the result is
 * cached under node_modules/.cache, keyed by the source font, the characters and the weights.
 */
export async function subsetInter(): Promise<string> {
  const source = readFileSync(require.resolve("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2"));
  const key = createHash("sha256").update(source).update(FONT_CHARACTERS).update(JSON.stringify(WEIGHTS)).digest("hex").slice(0, 16);
  const dir = join("node_modules", ".cache", "leap-ai-fonts", key);
  const file = join(dir, "inter.woff2");
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    // Loaded only on a cache miss: it compiles HarfBuzz (WebAssembly), which every other build can skip.
    const { default: subsetFont } = await import("subset-font");
    writeFileSync(file, await subsetFont(source, FONT_CHARACTERS, { targetFormat: "woff2", variationAxes: { wght: WEIGHTS } }));
  }
  return file;
}
