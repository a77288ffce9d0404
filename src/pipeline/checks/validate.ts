import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ConfigData } from "html-validate";
import type { Problem } from "../../content/read/errors.ts";
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
/** This thread's html-validate, made when a document first needs reading: a build whose pages all passed before never loads it. */
export const validatorHere = () => (validator ??= createValidator(HTML_VALIDATE_CONFIG));

export interface ValidationProblem {
  file: string;
  line: number;
  column: number;
  rule: string;
  message: string;
  element: string;
}

/** html-validate's finding as a problem the build reports. */
export const htmlProblem = ({ file, line, column, rule, message, element }: ValidationProblem): Problem => ({
  file,
  line,
  column,
  message,
  rule,
  at: element,
});

const withoutOffset = ({ offset: _, ...problem }: ValidationProblem & { offset: number }): ValidationProblem => problem;

/** One document's problems, read whole (the build reads a page's own part where it can, see validate-pages.ts). */
export async function validateDocument(html: string, file: string): Promise<ValidationProblem[]> {
  return (await problemsOf(await validatorHere(), html, file)).map(withoutOffset);
}

/** Validates HTML files whole; one entry per problem, naming the file and the offending element. The tests' reference for the split. */
export async function validateHtml(outDir: string, files: string[]): Promise<ValidationProblem[]> {
  const problems = await Promise.all(
    files.map((file) => validateDocument(readFileSync(join(outDir, file), "utf8"), file)),
  );
  return problems.flat();
}
