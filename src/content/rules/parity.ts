import type { z } from "zod";
import { say } from "../../shared/messages/catalogue.ts";
import { ContentError, keyPathToString } from "../read/errors.ts";
import type { YamlSource } from "../read/folder.ts";
import { didYouMean, keysAt } from "../read/suggest.ts";

type Path = (string | number)[];

function keyPaths(value: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(value)) return [prefix, ...value.flatMap((item, index) => keyPaths(item, [...prefix, index]))];
  if (value !== null && typeof value === "object") {
    return [prefix, ...Object.entries(value).flatMap(([key, item]) => keyPaths(item, [...prefix, key]))];
  }
  return [prefix];
}

const valueAt = (data: unknown, path: Path): unknown =>
  path.reduce<unknown>(
    (value, key) =>
      value !== null && typeof value === "object" ? (value as Record<string | number, unknown>)[key] : undefined,
    data,
  );
const kindOf = (value: unknown) =>
  Array.isArray(value) ? "list" : value !== null && typeof value === "object" ? "map" : "value";

/** A language's file's language: content/de/common.yaml is de's. */
const languageOf = (source: YamlSource) => source.file.split("/").at(-2) ?? "";

/**
 * Whether the schema leaves a key to its own message: a key it does not know (its message says what was meant), or
 * a key it knows that its file misspells next to it (bookMeetingKurz for bookMeetingShort: said once, as the typo).
 */
function schemaSays(schema: z.ZodType | undefined, source: YamlSource, path: Path): boolean {
  const key = path.at(-1);
  if (!schema || typeof key !== "string") return false;
  const parent = path.slice(0, -1);
  const allowed = keysAt(schema, parent);
  if (!allowed) return false;
  if (!allowed.includes(key)) return true;
  const written = valueAt(source.data, parent);
  if (!isMap(written) || key in written) return false;
  const open = allowed.filter((name) => !(name in written));
  return Object.keys(written).some((other) => !allowed.includes(other) && didYouMean(other, open) === key);
}

/**
 * Every key (and every list entry) that one language has and the other lacks, named with both files,
 * so a translator knows exactly what to add where. Given the files' schema, a key it does not know, or that is
 * missing because it is misspelt, is left to the schema's message (which names the typo and the key meant).
 */
export function checkParity(a: YamlSource, b: YamlSource, schema?: z.ZodType): ContentError[] {
  const keysOf = (source: YamlSource) => new Map(keyPaths(source.data).map((path) => [keyPathToString(path), path]));
  const aKeys = keysOf(a);
  const bKeys = keysOf(b);
  const missingIn = (from: YamlSource, to: YamlSource, fromKeys: Map<string, Path>, toKeys: Map<string, Path>) =>
    [...fromKeys]
      .filter(([key, path]) => key !== "" && !toKeys.has(key) && toKeys.has(keyPathToString(path.slice(0, -1))))
      // Where the parents differ in kind (a list here, text there), one file has a wrong type: its schema
      // error names it; a "missing" key would blame the file that is right.
      .filter(
        ([, path]) => kindOf(valueAt(from.data, path.slice(0, -1))) === kindOf(valueAt(to.data, path.slice(0, -1))),
      )
      .filter(([, path]) => !schemaSays(schema, from, path) && !schemaSays(schema, to, path))
      .map(
        ([key, path]) =>
          new ContentError(
            to.file,
            say("missingKey", {
              keyPath: key,
              other: from.file,
              line: String(from.lineOf(path) ?? "?"),
              here: languageOf(to),
              there: languageOf(from),
            }),
            { line: to.lineOf(path.slice(0, -1)), keyPath: key },
          ),
      );
  return [...missingIn(a, b, aKeys, bKeys), ...missingIn(b, a, bKeys, aKeys)];
}

const isMap = (value: unknown): value is Record<string, unknown> => kindOf(value) === "map";

/**
 * A staged language's data with every key (and list entry) it lacks taken from the default language's,
 * so that its preview shows the whole page while the translation is under way.
 */
export function withDefaults(reference: unknown, translation: unknown): unknown {
  if (translation === undefined || translation === null) return reference;
  if (Array.isArray(reference) && Array.isArray(translation)) {
    return Array.from({ length: Math.max(reference.length, translation.length) }, (_, index) =>
      withDefaults(reference[index], translation[index]),
    );
  }
  if (isMap(reference) && isMap(translation)) {
    const keys = new Set([...Object.keys(reference), ...Object.keys(translation)]);
    return Object.fromEntries([...keys].map((key) => [key, withDefaults(reference[key], translation[key])]));
  }
  return translation;
}
