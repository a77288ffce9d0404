// The words of search: how text and queries become terms. The build indexes with these and the browser searches
// with them, so both always agree (an index built with other terms would find nothing).
import { stemmer as english } from "@orama/stemmers/english";
import { stemmer as german } from "@orama/stemmers/german";

/** Each language's Snowball stemmer; a language without one is searched by its folded words. */
const STEMMERS: Record<string, (word: string) => string> = { en: english, de: german };

/** Parts of a compound shorter than this are not indexed on their own ("ge", "ment" is the shortest kept). */
export const MIN_PART = 4;

/**
 * Lowercase, without accents, ß as ss: "Übersicht" and "Ubersicht", "Straße" and "Strasse" become the same word.
 * NFD splits "ü" into "u" and a combining mark, which is dropped.
 */
export function fold(word: string): string {
  return word.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "").replace(/ß/g, "ss");
}

/** The words of a text as runs of letters and digits: "RAG-Agenten" is "RAG" and "Agenten", as a reader splits it. */
export const words = (text: string): string[] => text.match(/[\p{L}\p{N}]+/gu) ?? [];

/** The stem of a folded word in a language: "agenten" and "agent" both give "agent". */
export function stem(word: string, lang: string): string {
  const stemmer = STEMMERS[lang];
  return stemmer ? stemmer(word) : word;
}

/**
 * The terms a word is indexed under, given as the parts the language's hyphenation patterns split it into
 * (["Wis", "sens", "ma", "nage", "ment"]; one part for a word they do not split): its folded form, its stem, and
 * every ending that starts at a part and has at least MIN_PART letters. A query is searched by prefix, so each
 * part of a compound finds it: "wissen" is the start of "wissensmanagement", "management" the start of its
 * ending "management", and "agent" the stem of "agenten".
 */
export function indexTerms(parts: readonly string[], lang: string): string[] {
  const folded = parts.map(fold);
  const whole = folded.join("");
  const terms = new Set([whole, stem(whole, lang)]);
  for (let at = 1; at < folded.length; at += 1) {
    const ending = folded.slice(at).join("");
    if (ending.length >= MIN_PART) terms.add(ending);
  }
  return [...terms];
}

/** A query word's term: its folded stem, which is the start of every indexed form of the word. */
export const queryTerm = (word: string, lang: string): string => stem(fold(word), lang);
