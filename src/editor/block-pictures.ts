import { BLOCK_TYPES, type BlockType } from "../content/schemas/blocks.ts";

/**
 * The small picture of each block type in the editor's choice of blocks (/admin/blocks/<type>.svg): a sketch of the
 * block's layout, 72 × 44, in the site's own colours, read from the design tokens of the stylesheet the build made
 * (their light values: the editor is light, design.md).
 */
export const BLOCK_PICTURE_DIR = "blocks";

/** A token's light value in the stylesheet: `--accent: light-dark(#4f46e5, #a5b4fc)` or `--navy: #0c1330`. */
function token(stylesheet: string, name: string): string {
  const found = new RegExp(`--${name}:\\s*(?:light-dark\\()?\\s*(#[0-9a-fA-F]{3,8})`).exec(stylesheet);
  if (!found?.[1]) throw new Error(`The stylesheet has no colour token --${name} for the editor's block pictures`);
  return found[1];
}

type Colours = Record<"accent" | "soft" | "line" | "ink" | "tint" | "navy" | "onNavy" | "surface", string>;

const bar = (x: number, y: number, w: number, h: number, fill: string) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${Math.min(2, h / 2)}" fill="${fill}"/>`;

/** Each type's sketch, inside a 72 × 44 frame. */
const SKETCHES: Record<BlockType, (c: Colours) => string> = {
  hero: (c) =>
    bar(6, 10, 30, 5, c.ink) + bar(6, 19, 24, 3, c.line) + bar(6, 28, 14, 6, c.accent) + bar(42, 8, 24, 28, c.soft),
  text: (c) =>
    [10, 16, 22, 28].map((y, i) => bar(8, y, i === 3 ? 36 : 56, 3, c.line)).join("") + bar(8, 4, 28, 4, c.ink),
  services: (c) =>
    [6, 28, 50]
      .map((x) => bar(x, 10, 16, 24, c.surface) + bar(x + 3, 13, 5, 5, c.accent) + bar(x + 3, 22, 10, 2, c.line))
      .join(""),
  steps: (c) =>
    [8, 30, 52]
      .map((x) => `<circle cx="${x + 6}" cy="16" r="5" fill="${c.accent}"/>${bar(x, 26, 12, 3, c.line)}`)
      .join("") +
    bar(19, 15, 8, 2, c.line) +
    bar(41, 15, 8, 2, c.line),
  figures: (c) => [6, 28, 50].map((x) => bar(x, 12, 14, 8, c.accent) + bar(x, 24, 16, 3, c.line)).join(""),
  quote: (c) =>
    `<text x="8" y="22" font-size="20" font-family="serif" fill="${c.accent}">“</text>` +
    bar(20, 12, 44, 3, c.ink) +
    bar(20, 19, 36, 3, c.ink) +
    `<circle cx="24" cy="32" r="4" fill="${c.soft}"/>` +
    bar(31, 31, 18, 2, c.line),
  logos: (c) => [6, 23, 40, 57].map((x) => bar(x, 17, 11, 10, c.line)).join(""),
  faq: (c) =>
    [8, 19, 30]
      .map((y) => bar(6, y, 60, 8, c.surface) + bar(9, y + 3, 30, 2, c.ink) + bar(60, y + 3, 3, 2, c.accent))
      .join(""),
  cta: (c) => bar(4, 8, 64, 28, c.navy) + bar(10, 15, 30, 4, c.onNavy) + bar(46, 18, 16, 8, c.accent),
};

/** Every block type's picture as SVG text, by type. */
export function blockPictures(stylesheet: string): Record<BlockType, string> {
  const c: Colours = {
    accent: token(stylesheet, "accent"),
    soft: token(stylesheet, "accent-soft"),
    line: token(stylesheet, "field-line"),
    ink: token(stylesheet, "ink-soft"),
    tint: token(stylesheet, "tint"),
    navy: token(stylesheet, "navy"),
    onNavy: token(stylesheet, "on-navy"),
    surface: token(stylesheet, "surface"),
  };
  return Object.fromEntries(
    BLOCK_TYPES.map((type) => [
      type,
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 72 44" width="72" height="44">` +
        `<rect x="0.5" y="0.5" width="71" height="43" rx="5" fill="${c.tint}" stroke="${c.line}"/>${SKETCHES[type](c)}</svg>\n`,
    ]),
  ) as Record<BlockType, string>;
}
