import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ownCopy } from "../html/own-copy.ts";

/** The page paths a page links to with an #anchor (href="/path#id"). */
export const anchorTargets = (html: string) =>
  new Set([...html.matchAll(/href="(\/[^"#]*)#/g)].map((match) => ownCopy(match[1] ?? "")));

/**
 * For each page path, the pages that link to one of its #anchors: when a page is rendered again, those are the
 * pages whose links into it must be checked again. Read from `files` under outDir; with `previous`, the index
 * of an earlier build, only `files` are read and the rest is taken from there.
 */
export function anchorIndex(
  outDir: string,
  files: readonly string[],
  previous?: Record<string, string[]>,
): Record<string, string[]> {
  const read = new Set(files);
  const index = new Map<string, Set<string>>();
  for (const [path, linking] of Object.entries(previous ?? {}))
    index.set(path, new Set(linking.filter((file) => !read.has(file))));
  for (const file of files)
    for (const path of anchorTargets(readFileSync(join(outDir, file), "utf8")))
      index.set(path, (index.get(path) ?? new Set()).add(file));
  return Object.fromEntries(
    [...index]
      .filter(([, linking]) => linking.size > 0)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([path, linking]) => [path, [...linking].sort()]),
  );
}
