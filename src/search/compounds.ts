import { hyphenateText } from "../text/hyphenate.ts";

const SOFT_HYPHEN = "\u00ad";

/**
 * A word's parts where its language's hyphenation patterns split it: "Wissensmanagement" gives Wis, sens, ma,
 * nage, ment. A compound splits between its words (every boundary between words is one between syllables), so the
 * endings from these parts on include each word the compound is made of. Patterns know nothing of digits: a word
 * with one stays whole.
 */
export function partsOf(word: string, lang: string): string[] {
  if (!/^\p{L}+$/u.test(word)) return [word];
  return hyphenateText(word, lang, 1).split(SOFT_HYPHEN);
}
