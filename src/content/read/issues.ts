import { type Said, say } from "../../shared/messages/catalogue.ts";
import type { z } from "zod";
import { ContentError, keyPathToString } from "./errors.ts";
import type { YamlSource } from "./folder.ts";
import { germanOfSchemaMessage } from "../../shared/messages/schema-german.ts";
import { didYouMean, keysAt, nodesAt } from "./suggest.ts";

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

/** The kind of check an issue comes from, as the schemas' German messages are keyed (fields.ts, de). */
const checkKind = (issue: z.core.$ZodIssue): string =>
  issue.code === "too_big"
    ? "max_length"
    : issue.code === "too_small"
      ? "min_length"
      : issue.code === "invalid_format"
        ? "string_format"
        : "format";

/** The German words the schema gives a check at the issue's path (its "x-labels" meta), if it gives them. */
function germanOf(nodes: readonly z.ZodType[], kind: string): string | undefined {
  for (const node of nodes.toReversed()) {
    const messages = (node.meta() as { "x-labels"?: { de?: { messages?: Record<string, string> } } } | undefined)?.[
      "x-labels"
    ]?.de?.messages;
    const german = messages?.[kind] ?? (kind === "string_format" ? messages?.format : undefined);
    if (german) return german;
  }
  return undefined;
}

/**
 * A schema's message, said in an author's words with what was written: zod's own wording ("Invalid input: expected
 * string, received undefined") never reaches an author. Messages the schemas write themselves are kept, with their
 * German where the schema gives it beside the field (as the editor shows it); a length limit's are given the length
 * counted ("has 66 characters, 6 more than the 60 allowed: search results cut longer titles").
 */
function authorMessage(issue: z.core.$ZodIssue, written: unknown, key: string, nodes: readonly z.ZodType[]): Said {
  // A message the schema words itself says what to do already; only zod's defaults ("Invalid …") are rewritten.
  const own = !/^Invalid /.test(issue.message);
  const german = germanOf(nodes, checkKind(issue)) ?? germanOfSchemaMessage(issue.message);
  if (own && issue.code === "invalid_value" && typeof written === "string") {
    // The schema's sentence names the allowed values; a near miss ("parital") is also named, as a key's typo is.
    const meant = didYouMean(written, issue.values.map(String));
    if (meant)
      return say("schemaOwnMeant", {
        message: { en: issue.message, de: german ?? issue.message },
        shown: shown(written),
        meant,
      });
  }
  if (own && issue.code !== "too_big") return { en: issue.message, de: german ?? issue.message };
  switch (issue.code) {
    case "invalid_type": {
      if (written === undefined) return say("schemaMissing", { key });
      if (written === null) return say("schemaEmpty", { key });
      if (issue.expected === "string")
        return say("schemaNotText", {
          key,
          written: String(written),
          shown: shown(written),
          kind: Array.isArray(written) ? "list" : typeof written,
        });
      if (issue.expected === "number" || issue.expected === "int")
        return say("schemaNotNumber", { shown: shown(written) });
      if (issue.expected === "boolean") return say("schemaNotBoolean", { shown: shown(written) });
      if (issue.expected === "array") return say("schemaNotList", { shown: shown(written) });
      if (issue.expected === "object") return say("schemaNotGroup", { shown: shown(written) });
      return { en: issue.message, de: issue.message };
    }
    case "invalid_value": {
      const meant = typeof written === "string" ? didYouMean(written, issue.values.map(String)) : undefined;
      return say("schemaNotAllowed", { shown: shown(written), meant, values: issue.values.map(String) });
    }
    case "invalid_union": {
      // A list of typed entries (a page's blocks) whose type is missing or not one of them.
      const options = (issue as { options?: unknown[] }).options?.map(String);
      if (!options) return { en: issue.message, de: issue.message };
      if (written === undefined) return say("schemaTypeMissing", { key, values: options });
      const meant = typeof written === "string" ? didYouMean(written, options) : undefined;
      return say("schemaNotType", { key, shown: shown(written), meant, values: options });
    }
    case "too_big":
      if (issue.origin === "string" && typeof written === "string") {
        const max = Number(issue.maximum);
        // The reason after the limit: "search results cut longer titles", "Suchergebnisse kürzen längere Titel".
        const reason = (message: string) =>
          message.replace(
            /^(must|should) be at most \d+ characters:?\s*|^darf höchstens \d+ Zeichen lang sein:?\s*/,
            "",
          );
        const en = reason(issue.message);
        return say("schemaTooLong", {
          length: [...written.trim()].length,
          max,
          reason: { en, de: german ? reason(german) : en },
        });
      }
      return { en: issue.message, de: german ?? issue.message };
    default:
      return { en: issue.message, de: german ?? issue.message };
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
        new ContentError(source.file, authorMessage(issue, written, key, nodesAt(schema, path, source.data)), {
          line: source.lineOf(path),
          keyPath,
        }),
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
