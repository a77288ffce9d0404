// A language's MiniSearch index split into the files the browser fetches (browser/shards.ts): the pages' file,
// everything but the terms, and the terms in shards by their first letters, each file named by its content's
// digest so every host keeps it a year (host/policy.ts's IMMUTABLE_PATHS).
import { digestOf } from "../cache/digest.ts";
import type { ShardEntries } from "./browser/shards.ts";

/**
 * The most bytes (its JSON) of a shard that is split further: a shard's terms share their first letter, then as
 * many more as keep it under this, so a first query fetches a few shards of about 5 KB gzip each whatever the
 * site's size. Only a single term's postings (a word on every page) can make a shard larger; a key is never longer
 * than its terms.
 */
export const SHARD_BYTES = 24_000;

/** The characters of a term, by code point (a term's key is its first few). */
const start = (term: string, length: number) => [...term].slice(0, length).join("");

/**
 * The terms in shards, by key: every key has at least one letter, and a shard over SHARD_BYTES is split by one more
 * letter, the terms no longer than its key staying in it. Each term is in the shard of the longest key that starts it.
 */
export function splitTerms(entries: ShardEntries): Map<string, ShardEntries> {
  const shards = new Map<string, ShardEntries>();
  const sized = entries.map((entry) => ({ entry, bytes: JSON.stringify(entry).length + 1 }));
  const place = (key: string, depth: number, terms: typeof sized) => {
    const bytes = terms.reduce((sum, term) => sum + term.bytes, 0);
    const longer = terms.filter(({ entry }) => [...entry[0]].length > depth);
    if (depth > 0 && (bytes <= SHARD_BYTES || longer.length === 0)) {
      shards.set(
        key,
        terms.map(({ entry }) => entry),
      );
      return;
    }
    const own = terms.filter(({ entry }) => [...entry[0]].length <= depth);
    if (own.length > 0)
      shards.set(
        key,
        own.map(({ entry }) => entry),
      );
    const groups = new Map<string, typeof sized>();
    for (const term of longer) {
      const next = start(term.entry[0], depth + 1);
      const group = groups.get(next);
      if (group) group.push(term);
      else groups.set(next, [term]);
    }
    for (const [next, group] of groups) place(next, depth + 1, group);
  };
  place("", 0, sized);
  return new Map([...shards].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** A key as a file name's part: letters a–z and digits as they are, any other character as its code point in _…_. */
const keyName = (key: string) =>
  [...key].map((char) => (/[a-z0-9]/.test(char) ? char : `_${char.codePointAt(0)?.toString(16)}_`)).join("");

/** A file's name with its content's digest: a changed file is a new name, so a kept one is never stale. */
const hashed = (stem: string, json: string) => `${stem}-${digestOf(json).slice(0, 12)}.json`;

/** Whether a file's name carries the digest of its content (the output check holds every shard to it). */
export const carriesDigest = (name: string, json: string): boolean =>
  name.endsWith(`-${digestOf(json).slice(0, 12)}.json`);

/** The files of one language's index: the pages' file and the shards, each by its name, and the names by key. */
export function splitIndex(index: Record<string, unknown>): {
  pages: string;
  shards: Record<string, string>;
  files: Map<string, string>;
} {
  const { index: entries, ...rest } = index as { index: ShardEntries };
  const files = new Map<string, string>();
  const pagesJson = JSON.stringify(rest);
  const pages = hashed("pages", pagesJson);
  files.set(pages, pagesJson);
  const shards: Record<string, string> = {};
  for (const [key, terms] of splitTerms(entries)) {
    const json = JSON.stringify(terms);
    const name = hashed(`terms-${keyName(key)}`, json);
    shards[key] = name;
    files.set(name, json);
  }
  return { pages, shards, files };
}
