import { FIELDS, type ContactValues, type Field } from "./fields.ts";
import { sanitize } from "./sanitize.ts";

const ANGLE_BRACKET = /[<>]/;
// \b only knows ASCII, so it would split "Manuskript" style words at umlauts;
// Unicode letters and digits count as word characters here.
const SCRIPT_WORD = /(?<![\p{L}\p{N}])(?:java)?script(?![\p{L}\p{N}])/iu;
// A MIME encoded word (RFC 2047): mail clients decode it in a subject or a name, so text could pose as another.
const ENCODED_WORD = /=\?[^?\s]*\?[bq]\?[^?\s]*\?=/i;
// Bidi overrides and isolates, zero-width characters and the BOM: they reorder or hide what a subject shows.
const INVISIBLE_CONTROL = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;
/** The fields that become one line of the mail's header (the message is its body). */
const ONE_LINE_FIELDS: readonly Field[] = ["name", "email", "company"];

/**
 * The submit-time guard behind the "Invalid Input" toast. It refuses whatever sanitising would change beyond
 * the trimming (markup, script, an "onerror=" handler), so nothing a visitor typed is ever dropped unsaid.
 */
export function containsForbidden(s: string): boolean {
  return ANGLE_BRACKET.test(s) || SCRIPT_WORD.test(s) || sanitize(s) !== s.trim();
}

/** What a one-line field may not hold besides: encoded words and invisible or reordering controls. */
export function containsHeaderTrick(s: string): boolean {
  return ENCODED_WORD.test(s) || INVISIBLE_CONTROL.test(s);
}

export function firstForbiddenField(values: ContactValues): Field | null {
  return (
    FIELDS.find(
      (field) =>
        containsForbidden(values[field]) || (ONE_LINE_FIELDS.includes(field) && containsHeaderTrick(values[field])),
    ) ?? null
  );
}
