import { closest, distance } from "fastest-levenshtein";

/**
 * The candidate an author most likely meant, when what they wrote is near enough to be a typo of it: at
 * most two edits, or a third of the word's length for long ones (and never a word that shares too little
 * to be the same one: "ab" is no typo of "cd"). Case is ignored; undefined when nothing is that close.
 */
export function didYouMean(written: string, candidates: Iterable<string>): string | undefined {
  const list = [...new Set(candidates)].filter((candidate) => candidate !== written);
  if (list.length === 0 || written === "") return undefined;
  const lower = written.toLowerCase();
  const best = closest(
    lower,
    list.map((candidate) => candidate.toLowerCase()),
  );
  const edits = distance(lower, best);
  const near =
    edits <= Math.max(2, Math.floor(written.length / 3)) && edits < Math.max(written.length, best.length) / 2;
  return near ? list.find((candidate) => candidate.toLowerCase() === best) : undefined;
}
