import { characterName, type Said, say } from "../../shared/messages/catalogue.ts";
import { ContentError } from "./errors.ts";

/** No content file needs more; a larger one is a mistake (a pasted export, a binary) and would slow every build. */
export const MAX_CONTENT_BYTES = 512 * 1024;

/** How large a file may be, and what its author should do about one that is larger. */
export interface SizeLimit {
  bytes: number;
  /** The fix, as the message ends: "split it into several pages". */
  advice: Said;
}

/** Every content file's limit but content/published.yaml's, which has one of its own (content/rules/published.ts). */
export const CONTENT_LIMIT: SizeLimit = { bytes: MAX_CONTENT_BYTES, advice: say("splitIntoPages", {}) };

/**
 * How deeply Markdown may nest (quotes in lists in quotes, emphasis in links…), counted in the levels of
 * its syntax tree: real text needs about 10, and each further level costs the build's recursive steps
 * stack space, so a file of 3,000 "> " must be refused before any of them runs.
 */
export const MAX_MARKDOWN_NESTING = 40;

/**
 * How deeply YAML may nest, in lists and groups inside each other: the deepest content file (a campaign page's
 * blocks, their cards, a card's fields) needs about 6. The YAML library runs out of stack a few hundred levels in,
 * wherever that happens, so a file must be refused at a depth of its own, with a line an author can find.
 */
export const MAX_YAML_NESTING = 40;

/**
 * Emphasis marks (runs of * or _) in one paragraph. The Markdown parser pairs them up in time that grows
 * with the square of their number (20,000 took 25 s); prose has a handful per paragraph.
 */
export const MAX_EMPHASIS_MARKS = 400;

/**
 * Characters that never belong in marketing copy and are invisible when editing: bidirectional overrides
 * (which can make text read differently from how it is stored), zero-width characters, a byte-order mark
 * inside the text, and control characters other than tab and line breaks. The soft hyphen stays allowed, and so
 * does the zero-width joiner between two emoji (👨‍👩‍👧, 🏳️‍🌈: one picture, drawn from several), its one visible use.
 * Also the characters XML 1.0 forbids (the feeds and the sitemap are XML, and one of them makes a feed
 * unreadable): the noncharacters U+FDD0-U+FDEF and U+xFFFE/U+xFFFF of every plane, and lone surrogates.
 */
const INVISIBLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job
  /(?<!\p{Extended_Pictographic}[\ufe0f\u{1f3fb}-\u{1f3ff}]?)\u200d|\u200d(?!\p{Extended_Pictographic})|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200b\u200c\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufff9-\ufffb\ufdd0-\ufdef\ufffe\uffff\u{1fffe}\u{1ffff}\u{2fffe}\u{2ffff}\u{3fffe}\u{3ffff}\u{4fffe}\u{4ffff}\u{5fffe}\u{5ffff}\u{6fffe}\u{6ffff}\u{7fffe}\u{7ffff}\u{8fffe}\u{8ffff}\u{9fffe}\u{9ffff}\u{afffe}\u{affff}\u{bfffe}\u{bffff}\u{cfffe}\u{cffff}\u{dfffe}\u{dffff}\u{efffe}\u{effff}\u{ffffe}\u{fffff}\u{10fffe}\u{10ffff}]|\p{Cs}/u;

/** A character as messages name it: "U+202E (right-to-left override)" (in English: the output checks' messages). */
export const nameOf = (char: string) => characterName(char, "en");

/**
 * A content file's text as the loaders read it: size checked, a leading byte-order mark dropped, Windows
 * (CRLF) and old Mac (CR) line ends made \n, and no invisible character anywhere (file, line and column).
 */
export function cleanText(bytes: Buffer, file: string, limit: SizeLimit = CONTENT_LIMIT): string {
  if (bytes.length > limit.bytes) {
    throw new ContentError(
      file,
      say("tooLarge", {
        size: bytes.length,
        max: limit.bytes,
        contentFile: limit === CONTENT_LIMIT,
        advice: limit.advice,
      }),
    );
  }
  const decoded = decodeUtf8(bytes, file);
  const text = decoded.replace(/^\ufeff/, "").replace(/\r\n?/g, "\n");
  const match = INVISIBLE.exec(text);
  if (match) {
    const { line, column } = positionOf(text, match.index);
    throw new ContentError(file, invisibleMessage(match[0]), { line, column });
  }
  return text;
}

/**
 * The same characters as code units, without the u flag: a scan V8 runs many times faster over a whole built page.
 * Every character INVISIBLE refuses is one of these, and so is half of every character beyond U+FFFF (an emoji), for
 * which the exact pattern decides.
 */
const MAYBE_INVISIBLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufff9-\ufffb\ufdd0-\ufdef\ufffe\uffff\ud800-\udfff]/;

/** The first character of `text` that the invisible-character rule refuses, and where it is. */
export function findInvisible(text: string): { char: string; index: number } | undefined {
  if (!MAYBE_INVISIBLE.test(text)) return undefined;
  const match = INVISIBLE.exec(text);
  return match ? { char: match[0], index: match.index } : undefined;
}

/**
 * Why a character is refused: the same message for a character typed into the file and for one written as an
 * escape that YAML ("\x01", "\u202E") or Markdown ("&#12;", "&#x200B;") decodes into the value.
 */
export const invisibleMessage = (char: string): Said => say("invisibleCharacter", { char });

/**
 * A space or tab before a line break inside a value as YAML decoded it ("A \n B" in quotes, or a literal block's
 * line ending in spaces): the built pages would carry it as trailing whitespace, which their own validation
 * refuses far from the value. Refused here, where the author wrote it.
 */
export function findSpaceBeforeBreak(text: string): number | undefined {
  const match = /[ \t]+(?=[\r\n])/.exec(text);
  return match?.index;
}

export const SPACE_BEFORE_BREAK_MESSAGE =
  "a space before a line break inside the value: delete the space (or write the value on one line)";

const positionOf = (text: string, index: number) => {
  const before = text.slice(0, index);
  return { line: before.split("\n").length, column: index - before.lastIndexOf("\n") };
};

/**
 * The file's text, which must be UTF-8: a file saved as Latin-1 or Windows-1252 would otherwise lose its
 * umlauts to "�" without a word. Names the line of the first byte that is not UTF-8.
 */
function decodeUtf8(bytes: Buffer, file: string): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    const lossy = bytes.toString("utf8").replace(/\r\n?/g, "\n");
    const { line, column } = positionOf(lossy, lossy.indexOf("\ufffd"));
    throw new ContentError(file, say("notUtf8", {}), { line, column });
  }
}
