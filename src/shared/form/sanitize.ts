import { FIELDS, type ContactValues } from "./fields.ts";

// Every pattern below is a literal or has adjacent parts that cannot match the
// same character, so each pass stays linear even on hostile input.
const SCRIPT_OPEN = /<script/gi;
const SCRIPT_CLOSE = /<\/script/gi;
// URL parsers drop tabs and newlines inside a scheme, so "java\tscript:" runs too.
const JS_SCHEME = /j[\t\n\r]*a[\t\n\r]*v[\t\n\r]*a[\t\n\r]*s[\t\n\r]*c[\t\n\r]*r[\t\n\r]*i[\t\n\r]*p[\t\n\r]*t\s*:/gi;
// The lookbehind keeps words such as "Python=" intact; requiring three letters
// (the shortest real handlers are oncut and onend) spares "one = two".
const EVENT_HANDLER = /(?<![\p{L}\p{N}_])on[a-z]{3,}\s*=/giu;

/** Drops each script block with its content; an unclosed one runs to the end. */
function stripScriptBlocks(s: string): string {
  let out = "";
  let pos = 0;
  for (;;) {
    SCRIPT_OPEN.lastIndex = pos;
    const open = SCRIPT_OPEN.exec(s);
    if (open === null) return out + s.slice(pos);
    out += s.slice(pos, open.index);
    SCRIPT_CLOSE.lastIndex = open.index + "<script".length;
    const close = SCRIPT_CLOSE.exec(s);
    const end = close === null ? -1 : s.indexOf(">", close.index);
    if (end === -1) return out;
    pos = end + 1;
  }
}

/** Like the HTML tokenizer: "<" opens a tag only before a letter, "/", "!" or "?". */
function opensTag(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 47 || c === 33 || c === 63;
}

/**
 * Drops tags, an unterminated one up to the end. When a removal joins a kept
 * "<" to the text after it ("<<b>i>"), that new tag is dropped in the same
 * scan, so deep nesting costs one pass instead of one pass per level.
 */
function stripTags(s: string): string {
  const out: string[] = [];
  let i = 0;
  while (i < s.length) {
    if (s[i] !== "<" || !opensTag(s, i + 1)) {
      out.push(s[i] as string);
      i++;
      continue;
    }
    let end = s.indexOf(">", i + 1);
    while (end !== -1 && out[out.length - 1] === "<" && opensTag(s, end + 1)) {
      out.pop();
      end = s.indexOf(">", end + 1);
    }
    if (end === -1) break;
    i = end + 1;
  }
  return out.join("");
}

function sanitizePass(s: string): string {
  const withoutMarkup = stripTags(stripScriptBlocks(s));
  return withoutMarkup.replace(JS_SCHEME, "").replace(EVENT_HANDLER, "").trim();
}

/**
 * Removes script blocks, tags, javascript: schemes and inline event-handler
 * prefixes, then trims. Repeats until nothing changes, so removals cannot
 * reassemble something dangerous ("<scr<script>ipt>") and the result is a
 * fixed point: sanitize(sanitize(x)) === sanitize(x). Each changing pass
 * shortens the text, so the worst case is quadratic in its length.
 */
export function sanitize(input: string): string {
  let current = input;
  for (;;) {
    const next = sanitizePass(current);
    if (next === current) return next;
    current = next;
  }
}

export function sanitizeContact(values: ContactValues): ContactValues {
  const result = { ...values };
  for (const field of FIELDS) result[field] = sanitize(values[field]);
  return result;
}
