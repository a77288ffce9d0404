import type { z } from "zod";
import { ContentError, keyPathToString } from "./errors.ts";
import type { YamlSource } from "./read.ts";
import { didYouMean, keysAt } from "./suggest.ts";

/**
 * A schema's complaints about a YAML document, as content errors with line and key path. An unknown key
 * is reported on its own line, with the allowed key it most likely misspells ("descripton": did you mean
 * "description"?), taken from the schema at that path.
 */
export function issueErrors(
  schema: z.ZodType,
  source: YamlSource,
  issues: readonly z.core.$ZodIssue[],
): ContentError[] {
  return issues.flatMap((issue) => {
    const path = issue.path as PropertyKey[];
    const keyPath = keyPathToString(path) || "(top level)";
    if (issue.code !== "unrecognized_keys")
      return [new ContentError(source.file, issue.message, { line: source.lineOf(path), keyPath })];
    const allowed = keysAt(schema, path) ?? [];
    return issue.keys.map((key) => {
      const meant = didYouMean(key, allowed);
      return new ContentError(source.file, `Unrecognized key: "${key}"${meant ? `: did you mean "${meant}"?` : ""}`, {
        line: source.lineOf([...path, key]),
        keyPath,
      });
    });
  });
}
