import { ContentError, keyPathToString } from "./errors.ts";
import type { YamlSource } from "./read.ts";

type Path = (string | number)[];

function keyPaths(value: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(value)) return [prefix, ...value.flatMap((item, index) => keyPaths(item, [...prefix, index]))];
  if (value !== null && typeof value === "object") {
    return [prefix, ...Object.entries(value).flatMap(([key, item]) => keyPaths(item, [...prefix, key]))];
  }
  return [prefix];
}

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
      .map(
        ([key, path]) =>
          new ContentError(to.file, `"${key}" is missing here but exists in ${from.file}:${from.lineOf(path) ?? "?"}`, {
            line: to.lineOf(path.slice(0, -1)),
            keyPath: key,
          }),
      );
  return [...missingIn(a, b, aKeys, bKeys), ...missingIn(b, a, bKeys, aKeys)];
}
