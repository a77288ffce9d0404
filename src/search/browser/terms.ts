// The words of search: how text and queries become terms. The build indexes with these and the browser searches
// with them, so both always agree (an index built with other terms would find nothing).
import { stemmer as english } from "@orama/stemmers/english";
import { stemmer as german } from "@orama/stemmers/german";

/**
 * Each language's Snowball stemmer, by its code in site.yaml's locale table. A third language needs only content and
 * its entry in that table (tests/unit/routes/locales.test.ts): without a stemmer here its pages are found by their
 * folded words and their starts, not by other forms of a word; add its stemmer from @orama/stemmers to do better.
 */
export const STEMMERS: Readonly<Record<string, (word: string) => string>> = { en: english, de: german };

/** Parts of a compound shorter than this are not indexed on their own ("ge", "ment" is the shortest kept). */
export const MIN_PART = 4;

/**
 * The most letters of a term. The longest German words in use have about 65 ("Rindfleischetikettierungs…gesetz"),
 * and a query is matched as a term's start, so a word that long is still found by any of its first 80 letters. A
 * bound keeps a hostile 50,000-letter word from making terms of 50,000 letters, and MiniSearch's tree, whose search
 * recurses once per branch along a term, shallow.
 */
export const MAX_TERM = 80;

/**
 * The most parts of a word whose endings are indexed: a 65-letter compound has about 20 syllables. Past them a
 * word's endings are no longer terms (the word is still found by its start), so a word yields at most this many.
 */
export const MAX_PARTS = 32;

/** A term cut to MAX_TERM letters; the stemmer reads at most twice that, which changes only a word's end. */
const bounded = (term: string): string => term.slice(0, MAX_TERM);
const stemBounded = (word: string, lang: string): string => bounded(stem(word.slice(0, 2 * MAX_TERM), lang));

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
 * every ending that starts at one of its first MAX_PARTS parts and has at least MIN_PART letters, each cut to
 * MAX_TERM letters. A query is searched by prefix, so each part of a compound finds it: "wissen" is the start of
 * "wissensmanagement", "management" the start of its ending "management", and "agent" the stem of "agenten".
 * Linear in the word's length: at most MAX_PARTS terms of MAX_TERM letters, each made from the parts it needs.
 */
export function indexTerms(parts: readonly string[], lang: string): string[] {
  const folded = parts.map(fold);
  const whole = folded.join("");
  const terms = new Set([bounded(whole), stemBounded(whole, lang)]);
  for (let at = 1; at < Math.min(folded.length, MAX_PARTS); at += 1) {
    let ending = "";
    for (let next = at; next < folded.length && ending.length < MAX_TERM; next += 1) ending += folded[next];
    if (ending.length >= MIN_PART) terms.add(bounded(ending));
  }
  return [...terms];
}

/**
 * A query word's term: its folded stem, which is the start of every indexed form of the word, cut as the terms are
 * (a query longer than MAX_TERM letters is then the start of the term its word was indexed under).
 */
export const queryTerm = (word: string, lang: string): string => stemBounded(fold(word), lang);
