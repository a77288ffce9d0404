import { createRequire } from "node:module";

type Hyphenate = (word: string, options: { hyphenChar: string; minWordLength: number }) => string;
const require = createRequire(import.meta.url);

/** Where a word may break, from the TeX patterns of its language (the hyphen package); none for a language it lacks. */
export function syllablesOf(word: string, lang: string): string[] {
  let hyphenate: Hyphenate;
  try {
    hyphenate = (require(`hyphen/${lang.toLowerCase()}`) as { hyphenateSync: Hyphenate }).hyphenateSync;
  } catch {
    return [word];
  }
  return hyphenate(word, { hyphenChar: "\u00AD", minWordLength: 5 }).split("\u00AD");
}

/**
 * Splits a word that is wider than a line into hyphenated pieces that each fit one (`fits` says whether a
 * piece does), each piece as long as it can be. satori knows no hyphenation, so the pieces are joined by
 * "- ": as every piece but the last fills its line so far that the next syllable did not fit, the space
 * always falls at a line end, where it is not drawn. A syllable wider than a line stays as it is.
 */
export function splitWord(syllables: string[], fits: (piece: string) => boolean): string {
  const pieces: string[] = [];
  let current = "";
  for (const syllable of syllables) {
    if (current && !fits(`${current}${syllable}-`)) {
      pieces.push(`${current}-`);
      current = syllable;
    } else current += syllable;
  }
  pieces.push(current);
  return pieces.join(" ");
}
