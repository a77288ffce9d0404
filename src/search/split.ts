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

/** How many pages a term's postings name, in any field: MiniSearch's entry is [term, {field: {page: count}}]. */
const pagesOf = ([, postings]: ShardEntries[number]): number => {
  const fields = Object.values(postings as Record<string, Record<string, number>>);
  let pages = 0;
  fields.forEach((field, at) => {
    for (const page in field) if (!fields.slice(0, at).some((earlier) => page in earlier)) pages += 1;
  });
  return pages;
};

/**
 * The most bytes (their JSON) of the shards of the keys longer than a query term that a query fetches whole: past
 * them the term is searched in its completions (completionsOf). Four shards, about 20 KB gzip.
 */
export const WHOLE_BYTES = 4 * SHARD_BYTES;

/**
 * The completions of each key whose longer keys' shards hold more than WHOLE_BYTES (a start of a shard's key that was
 * split further: "a" when its terms fill "ab", "ac", …): what a query term that short is searched in, in place of
 * those shards (browser/shards.ts, termFilesFor). A visitor who has typed one or two letters is still typing a word,
 * most likely one the site uses often (the words a prefix on a large site could become are thousands; the one being
 * typed is far more likely among those on many pages than among the rare ones), so a key's completions are the terms
 * longer than it that start it: the one on the most pages, always, so typing a word's start finds the commonest
 * word it starts ("assist" finds "assistant") though its postings alone may exceed SHARD_BYTES (a word on every page
 * costs as much when it is searched whole); then, those on the most pages first, as many more as fit in
 * SHARD_BYTES (words on nearly every page seldom fit, so these are the site's next commonest words of that start).
 * So a short prefix's first query fetches its commonest word and one shard more, however many words it starts
 * (docs/search.md has the figures). The term equal to the prefix ("ai" for "ai") stays in its
 * own shard, fetched as before, and the next letters narrow the word until its key's longer shards are few enough
 * to fetch whole, with the whole index's results again.
 */
export function completionsOf(
  entries: ShardEntries,
  shardBytes: ReadonlyMap<string, number>,
): Map<string, ShardEntries> {
  const longer = new Map<string, number>();
  for (const [key, bytes] of shardBytes) {
    const letters = [...key];
    for (let length = 1; length < letters.length; length += 1) {
      const start = letters.slice(0, length).join("");
      longer.set(start, (longer.get(start) ?? 0) + bytes);
    }
  }
  const completed = new Set([...longer].filter(([, bytes]) => bytes > WHOLE_BYTES).map(([key]) => key));
  const deepest = Math.max(0, ...[...completed].map((key) => [...key].length));
  type Candidate = { entry: ShardEntries[number]; pages: number; bytes: number };
  const candidates = new Map<string, Candidate[]>();
  for (const entry of entries) {
    const letters = [...entry[0]];
    let sized: Candidate | undefined;
    for (let length = 1; length <= deepest && length < letters.length; length += 1) {
      const key = letters.slice(0, length).join("");
      if (!completed.has(key)) continue;
      sized ??= { entry, pages: pagesOf(entry), bytes: JSON.stringify(entry).length + 1 };
      const list = candidates.get(key);
      if (list) list.push(sized);
      else candidates.set(key, [sized]);
    }
  }
  const completions = new Map<string, ShardEntries>();
  for (const key of [...completed].sort()) {
    const chosen: ShardEntries = [];
    let bytes = 0;
    const byPages = (candidates.get(key) ?? []).sort(
      (a, b) => b.pages - a.pages || (a.entry[0] < b.entry[0] ? -1 : a.entry[0] > b.entry[0] ? 1 : 0),
    );
    const [first, ...others] = byPages;
    if (first) chosen.push(first.entry);
    for (const { entry, bytes: size } of others)
      if (bytes + size <= SHARD_BYTES) {
        chosen.push(entry);
        bytes += size;
      }
    completions.set(key, chosen);
  }
  return completions;
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
 * shown), the shards, and the completions of each key whose longer shards are many (completionsOf); the names by key and by order
 * for the manifest. MiniSearch's short ids are the pages' ids
 * (0, 1, …: the index is made whole, never changed), so the ids' table is left out and rebuilt.
 */
export function splitIndex(index: Record<string, unknown>): {
  pages: string;
  stored: string[];
  shards: Record<string, string>;
  completions: Record<string, string>;
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
  const shardBytes = new Map<string, number>();
  for (const [key, terms] of splitTerms(entries)) {
    const json = JSON.stringify(terms);
    const name = hashed(`terms-${keyName(key)}`, json);
    shards[key] = name;
    shardBytes.set(key, json.length);
    files.set(name, json);
  }
  const completions: Record<string, string> = {};
  for (const [key, terms] of completionsOf(entries, shardBytes)) {
    const json = JSON.stringify(terms);
    const name = hashed(`completions-${keyName(key)}`, json);
    completions[key] = name;
    files.set(name, json);
  }
  return { pages, stored, shards, completions, files };
}
