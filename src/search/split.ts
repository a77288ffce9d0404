// A language's MiniSearch index split into the files the browser fetches (browser/shards.ts): the pages' file,
// everything but the terms, and the terms in shards by their first letters, each file named by its content's
// digest so every host keeps it a year (host/policy.ts's IMMUTABLE_PATHS).
import { digestOf } from "../cache/digest.ts";
import type { PagesFile, ShardEntries } from "./browser/shards.ts";

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

/** How many pages' stored fields a file holds: a result list of 20 fetches at most 20 of them, about 1.5 KB gzip each. */
export const STORED_PAGES = 50;

/**
 * The files of one language's index, each by its name: the pages' file (what every query's ranking needs: the
 * pages' count and field lengths), the stored fields in files of STORED_PAGES pages by id (fetched for the results
 * shown), and the shards; the names by key and by order for the manifest. MiniSearch's short ids are the pages' ids
 * (0, 1, …: the index is made whole, never changed), so the ids' table is left out and rebuilt.
 */
export function splitIndex(index: Record<string, unknown>): {
  pages: string;
  stored: string[];
  shards: Record<string, string>;
  files: Map<string, string>;
} {
  const {
    index: entries,
    documentIds,
    fieldLength,
    storedFields,
    ...rest
  } = index as {
    index: ShardEntries;
    documentIds: Record<string, number>;
    fieldLength: Record<string, number[]>;
    storedFields: Record<string, unknown>;
  } & Omit<PagesFile, "lengths">;
  const count = Object.keys(documentIds).length;
  const lengths = Array.from({ length: count }, (_, id) => {
    if (documentIds[id] !== id) throw new Error(`the search index's page ${id} has the id ${documentIds[id]}`);
    return fieldLength[id] ?? [];
  });
  const files = new Map<string, string>();
  const pagesJson = JSON.stringify({ ...rest, lengths });
  const pages = hashed("pages", pagesJson);
  files.set(pages, pagesJson);
  const stored: string[] = [];
  for (let first = 0; first < count; first += STORED_PAGES) {
    const json = JSON.stringify(
      Array.from({ length: Math.min(STORED_PAGES, count - first) }, (_, at) => storedFields[first + at]),
    );
    const name = hashed(`stored-${stored.length}`, json);
    stored.push(name);
    files.set(name, json);
  }
  const shards: Record<string, string> = {};
  for (const [key, terms] of splitTerms(entries)) {
    const json = JSON.stringify(terms);
    const name = hashed(`terms-${keyName(key)}`, json);
    shards[key] = name;
    files.set(name, json);
  }
  return { pages, stored, shards, files };
}
