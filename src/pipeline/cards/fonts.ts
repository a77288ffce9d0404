import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Font } from "satori";
import { FONT_FAMILY } from "./layout.ts";

const require = createRequire(import.meta.url);

/** The weights the card uses: the domain, the section, the logo and title. */
const WEIGHTS = [500, 600, 700] as const;

/** Inter's Latin files from @fontsource (English, German and the rest of Western Europe); read at build time only. */
export function cardFonts(): Font[] {
  return WEIGHTS.map((weight) => ({
    name: FONT_FAMILY,
    weight,
    style: "normal" as const,
    data: readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`)),
  }));
}

/** Part of every cache key: another version of the font draws other glyphs. */
export const FONT_VERSION = `@fontsource/inter@${(require("@fontsource/inter/package.json") as { version: string }).version}`;
