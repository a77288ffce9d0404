import { FIELDS, type ContactValues, type Field } from "./fields.ts";
import { visibleLength } from "./text.ts";

export interface FieldLimits {
  name: { min: number; max: number };
  email: { max: number };
  company: { min: number; max: number };
  message: { min: number; max: number };
}

/** Already localized and interpolated, ready to show under the field. */
export interface FieldMessages {
  name: { tooShort: string; tooLong: string; invalid: string };
  email: { invalid: string; tooLong: string; format: string };
  company: { tooShort: string; tooLong: string };
  message: { tooShort: string; tooLong: string };
}

export type FieldErrors = Partial<Record<Field, string>>;

export type ValidationResult = { ok: true; values: ContactValues } | { ok: false; errors: FieldErrors };

/** A rule yields its message when the value fails it. */
type Rule = (value: string) => string | null;

// Letters of any script plus combining marks, so decomposed accents pass too.
const NAME_CHARS = /^[\p{L}\p{M}' \u2019-]+$/u;
// A name has at least two letters: "--", "''" or "- '" are not names.
const LETTERS = /\p{L}/gu;
/**
 * Limits count characters as people see them, but a "character" can carry any number of invisible
 * combining marks: two letters with 20,000 marks read as a name of length 2. So every field also has a hard
 * cap in code units, twelve per allowed character (room for accents, scripts and the longest emoji sequences), checked first
 * and cheaply; above it the field shows its "too long" message.
 */
export const CODE_UNITS_PER_CHARACTER = 12;
// The cheap shape check runs first so "abc" gets the more helpful message.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/**
 * The address check of zod's z.email() (its default pattern): dot-separated local parts without a leading,
 * trailing or doubled dot, a domain of labels that start with a letter or digit, and a top-level domain of two
 * or more letters. A plain pattern rather than zod itself: zod/mini cost the island 3 KB (gzip) for this one
 * check. A property test keeps it equal to z.email().
 */
const EMAIL_ADDRESS =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Whether a (trimmed) value is an e-mail address the form accepts. */
export const isEmailAddress = (value: string): boolean => EMAIL_ADDRESS.test(value);

function lengthRules(min: number, max: number, m: { tooShort: string; tooLong: string }): Rule[] {
  return [
    (v) => (v.length > max * CODE_UNITS_PER_CHARACTER ? m.tooLong : null),
    (v) => (visibleLength(v) < min ? m.tooShort : null),
    (v) => (visibleLength(v) > max ? m.tooLong : null),
  ];
}

function rulesFor(limits: FieldLimits, messages: FieldMessages): Record<Field, Rule[]> {
  const { name, email } = messages;
  return {
    name: [
      ...lengthRules(limits.name.min, limits.name.max, name),
      (v) => (NAME_CHARS.test(v) ? null : name.invalid),
      (v) => ((v.match(LETTERS)?.length ?? 0) >= 2 ? null : name.invalid),
    ],
    email: [
      (v) => (v === "" ? email.invalid : null),
      (v) =>
        v.length > limits.email.max * CODE_UNITS_PER_CHARACTER || visibleLength(v) > limits.email.max
          ? email.tooLong
          : null,
      (v) => (EMAIL_SHAPE.test(v) ? null : email.format),
      (v) => (isEmailAddress(v) ? null : email.invalid),
    ],
    company: lengthRules(limits.company.min, limits.company.max, messages.company),
    message: lengthRules(limits.message.min, limits.message.max, messages.message),
  };
}

/** Checks the trimmed values; reports only the first failing rule per field. */
export function validateContact(values: ContactValues, limits: FieldLimits, messages: FieldMessages): ValidationResult {
  const rules = rulesFor(limits, messages);
  const trimmed = { ...values };
  const errors: FieldErrors = {};
  for (const field of FIELDS) {
    const value = values[field].trim();
    trimmed[field] = value;
    for (const rule of rules[field]) {
      const message = rule(value);
      if (message !== null) {
        errors[field] = message;
        break;
      }
    }
  }
  return Object.keys(errors).length === 0 ? { ok: true, values: trimmed } : { ok: false, errors };
}
