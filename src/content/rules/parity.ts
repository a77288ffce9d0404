import { ContentError, keyPathToString } from "../read/errors.ts";
import type { YamlSource } from "../read/folder.ts";

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

/**
 * Every key (and every list entry) that one language has and the other lacks, named with both files,
 * so a translator knows exactly what to add where.
 */
export function checkParity(a: YamlSource, b: YamlSource): ContentError[] {
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
      .map(
        ([key, path]) =>
          new ContentError(to.file, `"${key}" is missing here but exists in ${from.file}:${from.lineOf(path) ?? "?"}`, {
            line: to.lineOf(path.slice(0, -1)),
            keyPath: key,
          }),
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
