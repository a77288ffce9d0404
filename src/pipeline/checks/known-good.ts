import { readJson, writeJson } from "../../cache/json.ts";

/**
 * The keys of what passed a check before (a cache file of JSON strings), shared by the output checks and the
 * HTML validation. A file that is missing or damaged counts as empty: everything is checked again, never skipped.
 */
export function readKnownGood(file: string | undefined): Set<string> {
  const keys = file ? readJson<unknown>(file) : undefined;
  return new Set(Array.isArray(keys) ? keys.filter((key): key is string => typeof key === "string") : []);
}

/** Writes the keys that passed this time, whole or not at all (the caller decides whether earlier ones stay). */
export const writeKnownGood = (file: string, keys: Iterable<string>): void => writeJson(file, [...keys]);
