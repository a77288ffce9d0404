import { readFileSync } from "node:fs";
import { join } from "node:path";
import { formatProblem, type Problem } from "../../content/read/errors.ts";
import type { RouteModel } from "../../routes/model.ts";
import { textOf, tokensOf } from "../html/reader.ts";

/**
 * What an author does about an html-validate rule broken by text they wrote in Markdown, by the rule's name.
 * The loader refuses most such mistakes where they are written (content/markdown/heading-rules.ts); these are for
 * whatever still reaches the built page.
 */
const ADVICE: Record<string, string> = {
  "heading-level": "headings must start at ## and go one level deeper at a time (## then ###): change the #s",
  "empty-heading": "the heading has no words: write them after the #s, or remove the line",
  "valid-id": "the heading's anchor is no valid id: reword the heading",
  "no-dup-id": "two elements would get the same anchor: reword one of the headings",
  "wcag/h30": "the link has no text: write what it leads to between the brackets",
  "text-content": "the link or button has no text: write what it does between the brackets",
  "tel-non-breaking": "a phone number in a link must not break across lines: write it without spaces",
  "wcag/h37": "the image has no alt text: write what it shows between the brackets, ![…](./file.png)",
};

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'", nbsp: " " };

/** The visible words of the element that starts at `offset` in a built page (its text up to its end tag). */
function elementText(html: string, offset: number): { tag: string; text: string } | undefined {
  const start = html.lastIndexOf("<", offset);
  const open = tokensOf(html, start).next().value;
  if (open?.kind !== "start" || open.at !== start) return undefined;
  const tag = open.name;
  const end = html.indexOf(`</${tag}>`, start);
  const inner = html.slice(start + open.text.length, end < 0 ? start + open.text.length : end);
  const text = textOf(inner)
    .replace(/\u00ad/g, "")
    .replace(/&([a-z]+|#x?[0-9a-f]+);/gi, (entity, name: string) => ENTITIES[name.toLowerCase()] ?? entity)
    .replace(/\s+/g, " ")
    .trim();
  return { tag, text };
}

/** A built page's HTML as written into `outDir`. */
export const builtHtml = (outDir: string) => (file: string) => readFileSync(join(outDir, file), "utf8");

const offsetOf = (html: string, line: number, column: number) => {
  let offset = 0;
  for (let at = 1; at < line; at++) offset = html.indexOf("\n", offset) + 1;
  return offset + Math.max(0, column - 1);
};

/**
 * An html-validate finding in the part of a page an author wrote in Markdown, as the author can fix it: at the
 * Markdown file and line that holds the element's words, with what to do (ADVICE) and the checker's own words
 * and rule after it; the built file is named too. Anything outside the Markdown (the page's chrome) is left as
 * it was: a developer's to fix.
 */
export function markdownOrigin(problem: Problem, model: RouteModel, htmlOf: (file: string) => string): Problem {
  if (problem.line === undefined) return problem;
  const route = model.routes.find((candidate) => candidate.file === problem.file);
  const source = route?.page?.source ?? (route?.kind === "impressum" ? route.sources[0] : undefined);
  if (!route || source === undefined) return problem;
  let html: string;
  try {
    html = htmlOf(route.file);
  } catch {
    return problem;
  }
  const offset = offsetOf(html, problem.line, problem.column ?? 1);
  // Only what stands inside the page's text (the Markdown's HTML goes into a .prose block).
  const prose = html.lastIndexOf('<div class="prose">', offset);
  if (prose < 0 || html.indexOf("</article>", prose) < offset) return problem;
  const element = elementText(html, offset);
  const file = route.page?.file ?? route.sources[0] ?? problem.file;
  const markdown = readFileSync(route.page?.source ?? join(model.content.folder.parent, file), "utf8").split("\n");
  const words = element?.text.slice(0, 40) ?? "";
  const isHeading = /^h[1-6]$/.test(element?.tag ?? "");
  const index = markdown.findIndex(
    (line) => (words === "" || line.includes(words)) && (!isHeading || /^\s{0,3}#/.test(line)),
  );
  const advice = ADVICE[problem.rule ?? ""];
  return {
    file,
    line: index < 0 ? undefined : index + 1,
    message: `${advice ? `${advice} (${problem.message})` : `${problem.message}: change the text here`} in ${problem.file}`,
    rule: problem.rule,
  };
}

/** markdownOrigin for each finding; one line per place and message (a rule may fire once per space in one link). */
export function markdownOrigins(problems: Problem[], model: RouteModel, htmlOf: (file: string) => string): Problem[] {
  const seen = new Set<string>();
  return problems
    .map((problem) => markdownOrigin(problem, model, htmlOf))
    .filter((problem) => {
      const line = formatProblem(problem);
      if (seen.has(line)) return false;
      seen.add(line);
      return true;
    });
}
