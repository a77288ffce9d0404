import sharp from "sharp";
import type { Brand } from "./brand.ts";
import { CARD_HEIGHT, CARD_WIDTH, Card, type CardText } from "./card.tsx";
import { fitTitle, TITLE_SIZES } from "./fit.tsx";
import { cardFonts } from "./fonts.ts";

/**
 * PNG settings: part of every cache key. Full colour: a 256-colour palette halved the file but drew rings
 * into the soft glow, which a card shown at 1200 px wide makes plain.
 */
export const PNG_OPTIONS = { compressionLevel: 9, adaptiveFiltering: true } as const;

let fonts: ReturnType<typeof cardFonts> | undefined;

/**
 * One card as a PNG. satori lays it out and writes the text as SVG paths (no font is needed to draw it),
 * sharp rasterises and encodes it. satori is loaded on the first card only, so a build whose cards are all
 * cached never pays for it.
 */
export async function drawCard(text: CardText, brand: Brand): Promise<Buffer> {
  const { default: satori } = await import("satori");
  fonts ??= cardFonts();
  const fitted = await fitTitle(text.title, satori, fonts);
  // A title too long for three lines at the smallest size (no page title is, at 60 characters): three lines
  // and an ellipsis, breaking a word too long for a line rather than running off the card.
  const titleSize = fitted ?? TITLE_SIZES[TITLE_SIZES.length - 1] ?? 44;
  const svg = await satori(<Card text={text} brand={brand} titleSize={titleSize} clamp={fitted === undefined} />, { width: CARD_WIDTH, height: CARD_HEIGHT, fonts });
  return sharp(Buffer.from(svg)).png(PNG_OPTIONS).toBuffer();
}
