import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * The keys of what passed a check before (a cache file of JSON strings), shared by the output checks and the
 * HTML validation. A file that is missing or damaged counts as empty: everything is checked again, never skipped.
 */
export function readKnownGood(file: string | undefined): Set<string> {
  if (!file) return new Set();
  try {
    const keys: unknown = JSON.parse(readFileSync(file, "utf8"));
    return new Set(Array.isArray(keys) ? keys.filter((key): key is string => typeof key === "string") : []);
  } catch {
    return new Set();
  }
}

/** Writes the keys that passed this time (the caller decides whether earlier ones stay). */
export function writeKnownGood(file: string, keys: Iterable<string>): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify([...keys]));
}
