import { join } from "node:path";
import type { Problem } from "../../content/read/errors.ts";
import { keyPathToString } from "../../content/read/errors.ts";
import type { ContentFolder, YamlSource } from "../../content/read/folder.ts";
import { findInvisible } from "../../content/read/guards.ts";
import type { RouteModel } from "../../routes/model.ts";
import type { Route } from "../../routes/route.ts";

/** Where a value of a built file came from: a content file as messages name it, and where known its line and key. */
export type Origin = Pick<Problem, "file" | "line" | "column" | "keyPath">;

interface Parsed {
  /** Every string value of the file's YAML (or front matter), as decoded, with its key path and line. */
  values: { text: string; keyPath: string; line?: number }[];
  /** The file's lines as written, for text that is no YAML value (a Markdown body). */
  lines: string[];
}

/**
 * Finds the content behind a value an output check refused, so that its message names the file and line an author
 * edits rather than the built file: among the content files a built page is made from (its route's sources, the
 * site's facts, its language's copy), the YAML value that is the refused value or the largest part of it, else the
 * first line that holds it as written. Files are read again only when a check fails.
 */
export class Blame {
  private readonly parsed = new Map<string, Parsed | undefined>();

  constructor(private readonly model: RouteModel) {}

  /** The content files a route is made from, its own first; with the facts and copy every page of its language shows. */
  filesOf(route: Route | undefined): string[] {
    const { content } = this.model;
    const lang = route ? content.langs[route.lang] : undefined;
    const site = content.folder.display(join(content.folder.root, "site.yaml"));
    return [...new Set([...(route?.sources ?? []), site, ...(lang ? [lang.files.common, lang.files.home] : [])])];
  }

  /**
   * Where `value` (a string a built file holds) came from among `files`. A character no content may hold (one a
   * writer added) is left out of the search, so the value around it still leads to its file and line.
   */
  of(value: string, files: readonly string[]): Origin {
    const text = [...value].filter((char) => findInvisible(char) === undefined).join("");
    // The first file (the page's own before the site's) with a value that is the text, holds it or is part of it.
    for (const file of files) {
      let best: (Origin & { length: number }) | undefined;
      for (const candidate of this.parse(file)?.values ?? []) {
        const length = candidate.text.length;
        const fits =
          (length >= 3 && text.includes(candidate.text)) || (text.length >= 3 && candidate.text.includes(text));
        if (fits && length > (best?.length ?? 0))
          best = { file, line: candidate.line, keyPath: candidate.keyPath || undefined, length };
      }
      if (best) return { file: best.file, line: best.line, keyPath: best.keyPath };
    }
    const needle = text.trim().slice(0, 60);
    for (const file of needle.length >= 3 ? files : []) {
      const index = this.parse(file)?.lines.findIndex((line) => line.includes(needle)) ?? -1;
      if (index >= 0) return { file, line: index + 1 };
    }
    return { file: files[0] ?? "content/" };
  }

  private parse(file: string): Parsed | undefined {
    if (this.parsed.has(file)) return this.parsed.get(file);
    const folder: ContentFolder = this.model.content.folder;
    const path = join(folder.parent, file);
    let result: Parsed | undefined;
    try {
      const source = file.endsWith(".md") ? folder.readMarkdown(path) : undefined;
      const yaml = source ? source.frontMatter : folder.readYaml(path);
      const lines = source
        ? [...Array.from({ length: source.bodyLine - 1 }, () => ""), ...source.body.split("\n")]
        : [];
      result = { values: valuesOf(yaml), lines };
    } catch {
      result = undefined;
    }
    this.parsed.set(file, result);
    return result;
  }
}

function valuesOf(source: YamlSource): Parsed["values"] {
  const values: Parsed["values"] = [];
  const walk = (value: unknown, path: PropertyKey[]) => {
    if (typeof value === "string")
      values.push({ text: value, keyPath: keyPathToString(path), line: source.lineOf(path) });
    else if (Array.isArray(value)) for (const [index, item] of value.entries()) walk(item, [...path, index]);
    else if (value && typeof value === "object")
      for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
  };
  walk(source.data, []);
  return values;
}

/** A problem in a built file, reported where its value came from: `built` (dist/'s file) and the checker's finding. */
export function outputProblem(origin: Origin, built: string, message: string, rule: string): Problem {
  return { ...origin, message: `${built}: ${message}`, rule };
}
