import sharp from "sharp";
import type { Brand } from "./brand.ts";
import { CARD_HEIGHT, CARD_WIDTH, Card, type CardText } from "./card.tsx";
import { layoutTitle } from "./fit.tsx";
import { cardFonts } from "./fonts.ts";

/**
 * PNG settings: part of every cache key. Full colour: a 256-colour palette halved the file but drew rings
 * into the soft glow, which a card shown at 1200 px wide makes plain. Level 9 without adaptive filtering:
 * on a card ~80 KB in ~40 ms, where adaptive filtering gave ~105 KB in ~170 ms.
 */
export const PNG_OPTIONS = { compressionLevel: 9 } as const;

let fonts: ReturnType<typeof cardFonts> | undefined;

/**
 * One card as a PNG. satori lays it out and writes the text as SVG paths (no font is needed to draw it),
 * sharp rasterises and encodes it. satori is loaded on the first card only, so a build whose cards are all
 * cached never pays for it.
 */
export async function drawCard(text: CardText, brand: Brand): Promise<Buffer> {
  const { default: satori } = await import("satori");
  fonts ??= cardFonts();
  const layout = await layoutTitle(text.title, text.lang, satori, fonts);
  const svg = await satori(<Card text={text} brand={brand} layout={layout} />, { width: CARD_WIDTH, height: CARD_HEIGHT, fonts });
  return sharp(Buffer.from(svg)).png(PNG_OPTIONS).toBuffer();
}
