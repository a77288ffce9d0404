import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ConfigData } from "html-validate";
import { createValidator, problemsOf } from "./html-validator.mjs";

/**
 * The strictest presets html-validate has: "recommended" (every rule that catches real mistakes, incl.
 * accessibility) plus "document" (rules for whole documents: doctype, lang, title, unique ids).
 * Settings changed, each because of how React writes HTML, not to hide a mistake:
 * - void-style "selfclose": React writes <meta ... />; consistency is still enforced.
 * - attribute-boolean-style "empty": React writes disabled="", hidden="".
 * - attr-case also accepts camelCase: React writes charSet, hrefLang, autoComplete (HTML attribute
 *   names are case-insensitive, so browsers read them the same).
 * - require-sri only for cross-origin resources: the site loads none, and its own assets are
 *   content-hashed and served with the page from the same origin.
 * - no-inline-style stays on: the site has no style attributes at all.
 * - long-title off: it counts the title's characters as written in the HTML source, so "&" counts five
 *   (&amp;); the content schemas hold titles to 60 characters as a visitor reads them instead.
 */
export const HTML_VALIDATE_CONFIG: ConfigData = {
  extends: ["html-validate:recommended", "html-validate:document"],
  rules: {
    "void-style": ["error", { style: "selfclose" }],
    "attribute-boolean-style": ["error", { style: "empty" }],
    "attr-case": ["error", { style: ["lowercase", "camelcase"] }],
    "require-sri": ["error", { target: "crossorigin" }],
    "long-title": "off",
  },
};

let validator: ReturnType<typeof createValidator> | undefined;

export interface ValidationProblem {
  file: string;
  line: number;
  column: number;
  rule: string;
  message: string;
  element: string;
}

const withoutOffset = ({ offset: _, ...problem }: ValidationProblem & { offset: number }): ValidationProblem => problem;

/** One page's problems, from its HTML as a string (npm run dev re-checks a single changed page). */
export async function validateDocument(html: string, file: string): Promise<ValidationProblem[]> {
  validator ??= createValidator(HTML_VALIDATE_CONFIG);
  return (await problemsOf(await validator, html, file)).map(withoutOffset);
}

/** Validates every written HTML file; returns one entry per problem, naming the file and the offending element. */
export async function validateHtml(outDir: string, files: string[]): Promise<ValidationProblem[]> {
  const problems = await Promise.all(files.map((file) => validateDocument(readFileSync(join(outDir, file), "utf8"), file)));
  return problems.flat();
}
