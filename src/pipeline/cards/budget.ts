import { createRequire } from "node:module";
import { type Said, say } from "../../shared/messages/catalogue.ts";
import type { CardText } from "./card.tsx";

const require = createRequire(import.meta.url);

/**
 * What one card may cost. Three lines at the smallest size hold about 120 characters of a title, so a longer one
 * would be cut anyway; and the layout's work grows with the length (linear now: fit.tsx). A title beyond this is
 * not drawn: the page shares the site's generic link preview, and the build warns. The schemas keep every title an
 * author writes well below it (the editor shows their limits), so only a value that slipped past them gets here.
 */
export const CARD_BUDGET = { characters: 200 } as const;

/**
 * The code points the card's font files hold: the unicode-range of the @fontsource subset fonts.ts reads (its
 * "latin" files), from the package's own table. A character outside it would be drawn as a "no glyph" box.
 */
function latinCoverage(): (point: number) => boolean {
  const ranges = (require("@fontsource/inter/unicode.json") as Record<string, string>).latin
    ?.split(",")
    .map((range) =>
      range
        .replace("U+", "")
        .split("-")
        .map((hex) => Number.parseInt(hex, 16)),
    )
    .map(([from = 0, to = from]) => [from, to] as const);
  return (point) => (ranges ?? []).some(([from, to]) => point >= from && point <= to);
}
const covered = latinCoverage();

/** Why a card cannot be drawn (so the page gets the generic preview), in every language, or undefined when it can. */
export function cardRefusal(text: CardText): Said | undefined {
  const all = `${text.section?.toLocaleUpperCase(text.lang) ?? ""}${text.title}`;
  if ([...text.title].length > CARD_BUDGET.characters)
    return say("cardTooLong", { length: [...text.title].length, budget: CARD_BUDGET.characters });
  const missing = [...new Set([...all].filter((char) => !covered(char.codePointAt(0) ?? 0)))];
  if (missing.length > 0) {
    const shown = missing
      .slice(0, 5)
      .map((char) => `"${char}" (U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")})`)
      .join(", ");
    return say("cardGlyphs", { shown, more: Math.max(0, missing.length - 5) });
  }
  return undefined;
}
