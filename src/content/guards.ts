import { ContentError } from "./errors.ts";

/** No content file needs more; a larger one is a mistake (a pasted export, a binary) and would slow every build. */
export const MAX_CONTENT_BYTES = 512 * 1024;

/**
 * Characters that never belong in marketing copy and are invisible when editing: bidirectional overrides
 * (which can make text read differently from how it is stored), zero-width characters, a byte-order mark
 * inside the text, and control characters other than tab and line breaks. The soft hyphen stays allowed.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job
const INVISIBLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufff9-\ufffb]/u;

const NAMES: Record<string, string> = {
  "\u200b": "zero-width space",
  "\u200c": "zero-width non-joiner",
  "\u200d": "zero-width joiner",
  "\u200e": "left-to-right mark",
  "\u200f": "right-to-left mark",
  "\u202a": "left-to-right embedding",
  "\u202b": "right-to-left embedding",
  "\u202c": "pop directional formatting",
  "\u202d": "left-to-right override",
  "\u202e": "right-to-left override",
  "\u2060": "word joiner",
  "\u2066": "left-to-right isolate",
  "\u2067": "right-to-left isolate",
  "\u2068": "first strong isolate",
  "\u2069": "pop directional isolate",
  "\ufeff": "byte-order mark",
};

const nameOf = (char: string) => {
  const code = `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
  return NAMES[char] ? `${code} (${NAMES[char]})` : `${code} (control character)`;
};

/**
 * A content file's text as the loaders read it: size checked, a leading byte-order mark dropped, Windows
 * (CRLF) and old Mac (CR) line ends made \n, and no invisible character anywhere (file, line and column).
 */
export function cleanText(raw: string, file: string): string {
  const bytes = Buffer.byteLength(raw, "utf8");
  if (bytes > MAX_CONTENT_BYTES) {
    throw new ContentError(file, `is ${Math.round(bytes / 1024)} KB; a content file may have at most ${MAX_CONTENT_BYTES / 1024} KB (split it into several pages)`);
  }
  const text = raw.replace(/^\ufeff/, "").replace(/\r\n?/g, "\n");
  const match = INVISIBLE.exec(text);
  if (match) {
    const before = text.slice(0, match.index);
    const line = before.split("\n").length;
    const column = match.index - before.lastIndexOf("\n");
    throw new ContentError(file, `invisible character ${nameOf(match[0])}: delete it (it never belongs in copy, and can make text read differently from how it is stored)`, { line, column });
  }
  return text;
}
