import { createRequire } from "node:module";

const SOFT_HYPHEN = "\u00ad";

/**
 * Letters a fragment keeps at either end of a word: "Lö-sungen" and "Lösun-gen" read worse than no break, and
 * fewer break points leave fewer chances of two hyphens on consecutive lines. TeX's German default is 2/2.
 */
export const MIN_FRAGMENT = 3;

type Hyphenator = (word: string, options: { minWordLength: number }) => string;
const require = createRequire(import.meta.url);
const byLanguage = new Map<string, Hyphenator | undefined>();

/** Liang's TeX patterns for a language (the hyphen package has them for several dozen); undefined if it has none. */
function hyphenatorFor(lang: string): Hyphenator | undefined {
  const code = lang.toLowerCase();
  if (!byLanguage.has(code)) {
    let hyphenator: Hyphenator | undefined;
    try {
      hyphenator = (require(`hyphen/${code}`) as { hyphenateSync: Hyphenator }).hyphenateSync;
    } catch {
      hyphenator = undefined;
    }
    byLanguage.set(code, hyphenator);
  }
  return byLanguage.get(code);
}

/**
 * Words longer than this are hyphenated a window at a time. The hyphen package's matching copies the rest of the
 * word at each letter, so its time grows with the square of a word's length (a 50,000-letter word took 100 s); no
 * real word comes near this length, and a window's breaks are those of the whole word (below).
 */
const LONG_WORD = 256;
/** The letters each window decides the breaks before. */
const WINDOW = 128;
/**
 * Letters of context on either side of a window. A break depends only on the patterns that match around it, and the
 * longest pattern of the package's languages has 12 characters (de-1996, its word-boundary dots included), so with
 * this much context a window's breaks are the whole word's.
 */
const CONTEXT = 32;

/** A word with its break points as soft hyphens, by the patterns; in windows when it is long, in linear time. */
function breaksOf(hyphenate: Hyphenator, word: string): string {
  if (word.length <= LONG_WORD) return hyphenate(word, { minWordLength: 1 });
  let result = "";
  for (let start = 0; start < word.length; start += WINDOW) {
    const end = Math.min(word.length, start + WINDOW);
    const from = Math.max(0, start - CONTEXT);
    const marked = hyphenate(word.slice(from, Math.min(word.length, end + CONTEXT)), { minWordLength: 1 });
    // The letters start..end of the word and the breaks before them, as this window found them.
    let at = from;
    for (const char of marked) {
      const mine = at >= start && at < end;
      if (char !== SOFT_HYPHEN) {
        if (mine) result += char;
        at += char.length;
      } else if (mine && at > 0) result += char;
    }
  }
  return result;
}

/** Drops the break points that would leave fewer than MIN_FRAGMENT letters on either side. */
function trimFragments(word: string): string {
  const parts = word.split(SOFT_HYPHEN);
  let head = parts.shift() ?? "";
  while (parts.length > 0 && head.length < MIN_FRAGMENT) head += parts.shift();
  let tail = parts.pop();
  while (tail !== undefined && tail.length < MIN_FRAGMENT && parts.length > 0) tail = parts.pop() + tail;
  if (tail === undefined) return head;
  if (tail.length < MIN_FRAGMENT) return head + tail;
  return [head, ...parts, tail].join(SOFT_HYPHEN);
}

/**
 * Words hyphenated so far. npm run dev's worker lives through many builds: past the bound the memo starts again,
 * so it holds at most about one large site's vocabulary.
 */
const done = new Map<string, string>();
const DONE_BOUND = 200_000;

/** A word's syllables by the language's patterns (link-preview cards break long words at them); the word alone without. */
export function syllablesOf(word: string, lang: string, minWordLength: number): string[] {
  const hyphenate = hyphenatorFor(lang);
  if (!hyphenate) return [word];
  return (word.length > LONG_WORD ? breaksOf(hyphenate, word) : hyphenate(word, { minWordLength })).split(SOFT_HYPHEN);
}

/**
 * Soft hyphens (U+00AD) in every word of `text` with at least `minLetters` letters, at the syllables the
 * language's patterns allow; shorter words, and text in a language without patterns, stay as written.
 * A word is a run of letters: "KI-Lösungen" is two words, and digits or an apostrophe end one.
 */
export function hyphenateText(text: string, lang: string, minLetters: number): string {
  const hyphenate = hyphenatorFor(lang);
  if (!hyphenate) return text;
  return text.replace(/\p{L}+/gu, (word) => {
    if (word.length < minLetters) return word;
    const key = `${lang}\u0000${word}`;
    let result = done.get(key);
    if (result === undefined) {
      result = trimFragments(breaksOf(hyphenate, word));
      if (done.size >= DONE_BOUND) done.clear();
      done.set(key, result);
    }
    return result;
  });
}
