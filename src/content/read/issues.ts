import { say } from "../../shared/messages/catalogue.ts";
import type { z } from "zod";
import { ContentError, keyPathToString } from "./errors.ts";
import type { YamlSource } from "./folder.ts";
import { didYouMean, keysAt } from "./suggest.ts";

/** The value at a key path of a YAML document, as written. */
function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let node = data;
  for (const key of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

const shown = (value: unknown) => (typeof value === "string" ? `"${value}"` : JSON.stringify(value));

/** "a, b or c" */
const either = (values: readonly unknown[]) => {
  const words = values.map(String);
  return words.length < 2 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`;
};

/**
 * A schema's message, said in an author's words with what was written: zod's own wording ("Invalid input: expected
 * string, received undefined") never reaches an author. Messages the schemas write themselves are kept, a length
 * limit's given the length counted ("has 66 characters, 6 more than the 60 allowed: search results cut longer
 * titles").
 */
function authorMessage(issue: z.core.$ZodIssue, written: unknown, key: string): string {
  // A message the schema words itself says what to do already; only zod's defaults ("Invalid …") are rewritten.
  const own = !/^Invalid /.test(issue.message);
  if (own && issue.code !== "too_big") return issue.message;
  switch (issue.code) {
    case "invalid_type": {
      if (written === undefined) return `is missing: add ${key}: and its value`;
      if (written === null) return `is empty: write a value after ${key}:`;
      if (issue.expected === "string")
        return `must be text: put it in quotes, ${key}: "${String(written)}" (YAML reads ${shown(written)} as a ${Array.isArray(written) ? "list" : typeof written})`;
      if (issue.expected === "number" || issue.expected === "int")
        return `must be a number: write it without quotes (not ${shown(written)})`;
      if (issue.expected === "boolean") return `must be true or false (not ${shown(written)})`;
      if (issue.expected === "array")
        return `must be a list, each entry on a line starting with "- " (not ${shown(written)})`;
      if (issue.expected === "object") return `must hold keys on the lines below it, indented (not ${shown(written)})`;
      return issue.message;
    }
    case "invalid_value": {
      const meant = typeof written === "string" ? didYouMean(written, issue.values.map(String)) : undefined;
      return `${shown(written)} is not allowed here: ${meant ? `did you mean "${meant}"? (` : ""}use ${either(issue.values)}${meant ? ")" : ""}`;
    }
    case "invalid_union": {
      // A list of typed entries (a page's blocks) whose type is missing or not one of them.
      const options = (issue as { options?: unknown[] }).options;
      if (!options) return issue.message;
      if (written === undefined) return `is missing: add ${key}: and one of ${either(options)}`;
      const meant = typeof written === "string" ? didYouMean(written, options.map(String)) : undefined;
      return `${shown(written)} is not a ${key} here: ${meant ? `did you mean "${meant}"? (` : ""}use ${either(options)}${meant ? ")" : ""}`;
    }
    case "too_big":
      if (issue.origin === "string" && typeof written === "string") {
        const length = [...written.trim()].length;
        const max = Number(issue.maximum);
        const reason = issue.message.replace(/^(must|should) be at most \d+ characters:?\s*/, "");
        return `has ${length} characters, ${length - max} more than the ${max} allowed${reason ? `: ${reason}` : ""}`;
      }
      return issue.message;
    default:
      return issue.message;
  }
}

/**
 * A schema's complaints about a YAML document, as content errors with line and key path. An unknown key is reported
 * on its own line, with the allowed key it most likely misspells ("descripton": did you mean "description"?), taken
 * from the schema at that path; the same typo's other half (description is then missing) is not reported again.
 */
export function issueErrors(
  schema: z.ZodType,
  source: YamlSource,
  issues: readonly z.core.$ZodIssue[],
): ContentError[] {
  // The keys a misspelling can stand for: those the schema allows there that the file does not write already (a
  // typo of bookMeetingShort is not "bookMeeting", which is written on the line above).
  const open = (path: PropertyKey[]) => {
    const written = valueAt(source.data, path);
    const present = written !== null && typeof written === "object" ? Object.keys(written) : [];
    return (keysAt(schema, path, source.data) ?? []).filter((key) => !present.includes(key));
  };
  // The keys a misspelling stands for: "description" is missing because "descripton" was written.
  const misspelt = new Set<string>();
  for (const issue of issues) {
    if (issue.code !== "unrecognized_keys") continue;
    const allowed = open(issue.path as PropertyKey[]);
    for (const key of issue.keys) {
      const meant = didYouMean(key, allowed);
      if (meant) misspelt.add(keyPathToString([...(issue.path as PropertyKey[]), meant]));
    }
  }
  return issues.flatMap((issue) => {
    const path = issue.path as PropertyKey[];
    const keyPath = keyPathToString(path) || "(top level)";
    if (issue.code !== "unrecognized_keys") {
      const written = valueAt(source.data, path);
      if (written === undefined && misspelt.has(keyPath)) return [];
      const key = String(path.at(-1) ?? "value");
      return [
        new ContentError(source.file, authorMessage(issue, written, key), { line: source.lineOf(path), keyPath }),
      ];
    }
    const allowed = open(path);
    return issue.keys.map((key) => {
      const meant = didYouMean(key, allowed);
      return new ContentError(
        source.file,
        meant
          ? say("unknownKeyMeant", { meant })
          : say("unknownKey", { where: keyPath === "(top level)" ? "this file" : keyPath }),
        { line: source.lineOf([...path, key]), keyPath: keyPathToString([...path, key]) },
      );
    });
  });
}
