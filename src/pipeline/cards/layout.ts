// The card's measures in one place: the card draws with them (card.tsx) and the title's fitting measures with
// the same ones (fit.tsx).

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
export const PADDING_X = 80;
/** The title's column: the card less its side padding. */
export const TITLE_WIDTH = CARD_WIDTH - 2 * PADDING_X;
export const TITLE_LINE_HEIGHT = 1.1;
const TITLE_LETTER_SPACING = -0.02;
const TITLE_WEIGHT = 700;
export const FONT_FAMILY = "Inter";

/**
 * Title sizes to try, largest first. The smallest still reads in a feed that shows the card 300 px wide (11 px
 * there); the design never goes below it.
 */
export const TITLE_SIZES = [76, 68, 60, 52, 44] as const;
export const SMALLEST = TITLE_SIZES[TITLE_SIZES.length - 1] ?? 44;
export const MAX_TITLE_LINES = 3;

/** The title's style, as drawn and as measured. */
export const titleStyle = (fontSize: number) => ({
  fontFamily: FONT_FAMILY,
  fontSize,
  fontWeight: TITLE_WEIGHT,
  lineHeight: TITLE_LINE_HEIGHT,
  letterSpacing: `${TITLE_LETTER_SPACING}em`,
});
