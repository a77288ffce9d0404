import { syllablesOf as patternSyllables } from "../../text/hyphenate.ts";

/** Where a word may break, from the TeX patterns of its language (src/text/); none for a language without them. */
export const syllablesOf = (word: string, lang: string): string[] => patternSyllables(word, lang, 5);

/**
 * Splits a word that is wider than a line into hyphenated pieces that each fit one, each piece as long as it can be:
 * `fits(start, end)` says whether syllables start to end (inclusive) with a hyphen fit a line. satori knows no
 * hyphenation, so the pieces are joined by "- ": as every piece but the last fills its line so far that the next
 * syllable did not fit, the space always falls at a line end, where it is not drawn. A syllable wider than a line
 * stays as it is. One pass over the syllables: linear in the word's length.
 */
export function splitWord(syllables: string[], fits: (start: number, end: number) => boolean): string {
  const pieces: string[] = [];
  let start = 0;
  for (let end = 1; end < syllables.length; end += 1) {
    if (!fits(start, end)) {
      pieces.push(`${syllables.slice(start, end).join("")}-`);
      start = end;
    }
  }
  pieces.push(syllables.slice(start).join(""));
  return pieces.join(" ");
}
