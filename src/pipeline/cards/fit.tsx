import type { ReactNode } from "react";
import type { Font, SatoriNode } from "satori";
import { MAX_TITLE_LINES, SMALLEST, TITLE_LINE_HEIGHT, TITLE_SIZES, TITLE_WIDTH, titleStyle } from "./layout.ts";
import { splitWord, syllablesOf } from "./long-words.ts";

const REFERENCE_SIZE = 100;

type Satori = (
  element: ReactNode,
  options: { width: number; fonts: Font[]; onNodeDetected: (node: SatoriNode) => void },
) => Promise<string>;

/** How the card sets its title. */
export interface TitleLayout {
  /** The title, with "- " where a word too long for a line was split. */
  title: string;
  size: number;
  /** Even line lengths (not where a word was split: its pieces must each end a line). */
  balance: boolean;
  /** Cut after three lines with an ellipsis: only a title that no size fits. */
  clamp: boolean;
}

/**
 * One satori layout pass: the title's height at every size in a column as wide as the card's, and the width of
 * each `piece` at a reference size (a text's width scales with its font size).
 */
async function measure(
  title: string,
  pieces: string[],
  satori: Satori,
  fonts: Font[],
): Promise<{ heights: Map<number, number>; widths: number[] }> {
  const heights = new Map<number, number>();
  const widths: number[] = new Array(pieces.length).fill(0);
  await satori(
    <div style={{ display: "flex", flexDirection: "column", alignItems: "flex-start" }}>
      {TITLE_SIZES.map((size) => (
        <div key={`size-${size}`} style={{ ...titleStyle(size), width: TITLE_WIDTH }}>
          {title}
        </div>
      ))}
      {pieces.map((piece, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: pieces may repeat; the index is what is measured
        <div key={`piece-${index}`} style={titleStyle(REFERENCE_SIZE)}>
          {piece}
        </div>
      ))}
    </div>,
    {
      width: TITLE_WIDTH * 4,
      fonts,
      onNodeDetected: (node) => {
        const key = String(node.key ?? "");
        if (key.startsWith("size-")) heights.set(Number(key.slice(5)), node.height);
        else if (key.startsWith("piece-")) widths[Number(key.slice(6))] = node.width;
      },
    },
  );
  return { heights, widths };
}

const fitsLine = (referenceWidth: number, size: number) => (referenceWidth * size) / REFERENCE_SIZE <= TITLE_WIDTH;

/** The largest size at which the title takes at most three lines and its longest word fits a line. */
async function largestFit(title: string, satori: Satori, fonts: Font[]): Promise<number | undefined> {
  const words = title.split(/\s+/).filter(Boolean);
  const { heights, widths } = await measure(title, words, satori, fonts);
  const longest = Math.max(0, ...widths);
  return TITLE_SIZES.find((size) => {
    const lines = Math.round((heights.get(size) ?? Number.POSITIVE_INFINITY) / (size * TITLE_LINE_HEIGHT));
    return lines <= MAX_TITLE_LINES && fitsLine(longest, size);
  });
}

/**
 * A word's width as the sum of its syllables' widths, measured apart: kerning across a syllable boundary moves it by
 * a fraction of a pixel, which this margin absorbs (the result is measured whole before it is used).
 */
const SUM_MARGIN = 0.98;

/**
 * How to set a title: the largest size at which it fits three lines, every word on a line of its own
 * width (satori would let a longer word run off the card, and it knows no hyphenation). Where no size fits
 * because a word is wider than a line even at the smallest, that word is split at its syllables, with a
 * hyphen; a title still too long is cut after three lines. Three layout passes at most, each over the title, its
 * words and their syllables once: linear in the title's length (measuring every run of syllables was quadratic,
 * and a 420-letter compound took 20 s and 1.3 GB before satori gave up).
 */
export async function layoutTitle(title: string, lang: string, satori: Satori, fonts: Font[]): Promise<TitleLayout> {
  const size = await largestFit(title, satori, fonts);
  if (size !== undefined) return { title, size, balance: true, clamp: false };
  const words = title.split(/\s+/).filter(Boolean);
  const syllables = words.map((word) => syllablesOf(word, lang));
  const { widths } = await measure(title, [...words, ...syllables.flat(), "-"], satori, fonts);
  const hyphen = widths.at(-1) ?? 0;
  let next = words.length;
  const split = words
    .map((word, index) => {
      const own = syllables[index] ?? [word];
      const syllableWidths = own.map(() => widths[next++] ?? Number.POSITIVE_INFINITY);
      if (fitsLine(widths[index] ?? 0, SMALLEST)) return word;
      return splitWord(own, (start, end) => {
        let sum = hyphen;
        for (let at = start; at <= end; at += 1) sum += syllableWidths[at] ?? 0;
        return fitsLine(sum / SUM_MARGIN, SMALLEST);
      });
    })
    .join(" ");
  const splitSize = await largestFit(split, satori, fonts);
  return splitSize !== undefined
    ? { title: split, size: splitSize, balance: false, clamp: false }
    : { title: split, size: SMALLEST, balance: false, clamp: true };
}
