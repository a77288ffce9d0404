import { FIELDS, type ContactValues, type Field } from "./fields.js";

const ANGLE_BRACKET = /[<>]/;
// \b only knows ASCII, so it would split "Manuskript" style words at umlauts;
// Unicode letters and digits count as word characters here.
const SCRIPT_WORD = /(?<![\p{L}\p{N}])(?:java)?script(?![\p{L}\p{N}])/iu;

/** The submit-time guard behind the "Invalid Input" toast. */
export function containsForbidden(s: string): boolean {
  return ANGLE_BRACKET.test(s) || SCRIPT_WORD.test(s);
}

export function firstForbiddenField(values: ContactValues): Field | null {
  return FIELDS.find((field) => containsForbidden(values[field])) ?? null;
}
