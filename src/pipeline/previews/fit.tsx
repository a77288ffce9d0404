import type { ReactNode } from "react";
import type { Font, SatoriNode } from "satori";
import { TITLE_LINE_HEIGHT, TITLE_WIDTH, titleStyle } from "./card.tsx";

/**
 * Title sizes to try, largest first. The smallest still reads in a feed that shows the card 300 px wide (11 px
 * there); the design never goes below it.
 */
export const TITLE_SIZES = [76, 68, 60, 52, 44] as const;
export const MAX_TITLE_LINES = 3;
const REFERENCE_SIZE = 100;

type Satori = (element: ReactNode, options: { width: number; fonts: Font[]; onNodeDetected: (node: SatoriNode) => void }) => Promise<string>;

/**
 * The largest title size at which the title takes at most three lines and its longest word fits the column
 * (satori would let such a word run off the card, and it knows no hyphenation). One layout pass measures the
 * title at every size and each word at a reference size (a word's width scales with the font size).
 * Undefined when even the smallest size does not fit.
 */
export async function fitTitle(title: string, satori: Satori, fonts: Font[]): Promise<number | undefined> {
  const words = title.split(/\s+/).filter(Boolean);
  const heights = new Map<number, number>();
  const wordWidths: number[] = [];
  await satori(
    <div style={{ display: "flex", flexDirection: "column", alignItems: "flex-start" }}>
      {TITLE_SIZES.map((size) => (
        <div key={`size-${size}`} style={{ ...titleStyle(size), width: TITLE_WIDTH }}>
          {title}
        </div>
      ))}
      {words.map((word, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a title may repeat a word; the index is what is measured
        <div key={`word-${index}`} style={titleStyle(REFERENCE_SIZE)}>
          {word}
        </div>
      ))}
    </div>,
    {
      width: TITLE_WIDTH * 4,
      fonts,
      onNodeDetected: (node) => {
        const key = String(node.key ?? "");
        if (key.startsWith("size-")) heights.set(Number(key.slice(5)), node.height);
        else if (key.startsWith("word-")) wordWidths.push(node.width);
      },
    },
  );
  const longestWord = Math.max(0, ...wordWidths);
  return TITLE_SIZES.find((size) => {
    const lines = Math.round((heights.get(size) ?? Number.POSITIVE_INFINITY) / (size * TITLE_LINE_HEIGHT));
    return lines <= MAX_TITLE_LINES && (longestWord * size) / REFERENCE_SIZE <= TITLE_WIDTH;
  });
}
