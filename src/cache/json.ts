import { readFileSync } from "node:fs";
import { writeFileAtomic } from "./atomic.ts";

/** A JSON file's value, or undefined where it is missing or cannot be parsed (the caller then starts afresh). */
export function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

/** A value written as JSON with writeFileAtomic: an interrupted build never leaves half a file for the next. */
export const writeJson = (file: string, value: unknown): void => writeFileAtomic(file, JSON.stringify(value));
