import sharp, { type OutputInfo } from "sharp";
import type { Brand } from "./brand.ts";
import { Card, type CardText } from "./card.tsx";
import { CARD_HEIGHT, CARD_WIDTH } from "./layout.ts";
import { layoutTitle } from "./fit.tsx";
import { cardFonts } from "./fonts.ts";

/**
 * PNG settings: part of every cache key. Full colour: a 256-colour palette halved the file but drew rings
 * into the soft glow, which a card shown at 1200 px wide makes plain. Level 6: about 15% larger than level 9
 * (~80 KB against ~70 KB) in less than half the time (~15 ms against ~35 ms a card); only link previews
 * fetch these files, once each.
 */
export const PNG_OPTIONS = { compressionLevel: 6 } as const;

let fonts: ReturnType<typeof cardFonts> | undefined;
/** What every card shares, rasterised once per brand (a build has one). */
const backgrounds = new Map<string, Promise<{ data: Buffer; info: OutputInfo }>>();

const NO_TEXT = { title: "", size: 44, balance: false, clamp: false };

function backgroundOf(brand: Brand, satori: typeof import("satori").default, fontList: ReturnType<typeof cardFonts>) {
  const key = JSON.stringify(brand);
  let background = backgrounds.get(key);
  if (!background) {
    background = satori(<Card text={{ title: "", lang: "en" }} brand={brand} layout={NO_TEXT} layer="background" />, {
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      fonts: fontList,
    }).then((svg) => sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true }));
    backgrounds.set(key, background);
  }
  return background;
}

/**
 * One card as a PNG. satori lays it out and writes the text as SVG paths (no font is needed to draw it),
 * sharp rasterises and encodes it. What every card shares is drawn once; each card draws only its own text
 * over it (rasterising the glow was the largest part of a card). satori is loaded on the first card only, so
 * a build whose cards are all cached never pays for it.
 */
export async function drawCard(text: CardText, brand: Brand): Promise<Buffer> {
  const { default: satori } = await import("satori");
  fonts ??= cardFonts();
  const layout = await layoutTitle(text.title, text.lang, satori, fonts);
  const [background, svg] = await Promise.all([
    backgroundOf(brand, satori, fonts),
    satori(<Card text={text} brand={brand} layout={layout} layer="text" />, {
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      fonts,
    }),
  ]);
  return sharp(background.data, { raw: background.info })
    .composite([{ input: Buffer.from(svg) }])
    .png(PNG_OPTIONS)
    .toBuffer();
}
