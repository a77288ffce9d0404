// The one reader of built HTML: what the hyphenation and the checks read of a rendered page, every page of every
// build. A tokenizer, not a parser: the markup is React's (attributes quoted, nothing left unclosed) and these readers
// want tags, attributes and text at their offsets in the page, so that a problem is reported at its line and column
// and the hyphenation copies the page in long slices. A full parse into a tree (hast-util-from-html) would cost
// each page's tree for what one pass over its tags finds.

/** HTML's void elements: a start tag with no end tag, which never holds anything (the HTML standard's list). */
export const VOID_ELEMENTS: ReadonlySet<string> = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);

/** Elements whose contents are text up to their end tag, whatever "<" they hold (HTML's raw text and RCDATA). */
const RAW_TEXT: ReadonlySet<string> = new Set(["script", "style", "textarea", "title"]);

/** A comment, a start or end tag (a quoted ">" inside it kept), a run of text, or a lone "<". */
const TOKENS = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|[^<]+|</g;

export interface Token {
  /** "text" is also a lone "<", and a raw text element's contents (`raw`). */
  kind: "start" | "end" | "text" | "comment";
  /** The element's name in lower case; "" for text and comments. */
  name: string;
  /** The token as written: a whole tag ("<a href=…>"), or the text. */
  text: string;
  /** A start tag's attributes as written, from the space after its name; "" for the rest. */
  attributes: string;
  /** Where the token starts in the page. */
  at: number;
  /** The contents of a raw text element (script, style, textarea, title): never read as tags. */
  raw: boolean;
}

/** The tokens of `html` from offset `from`, in document order. */
export function* tokensOf(html: string, from = 0): Generator<Token> {
  const pattern = new RegExp(TOKENS.source, "g");
  pattern.lastIndex = from;
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    const [text, closing, name, attributes = ""] = match;
    if (name === undefined) {
      yield {
        kind: text.startsWith("<!--") ? "comment" : "text",
        name: "",
        text,
        attributes: "",
        at: match.index,
        raw: false,
      };
      continue;
    }
    const lower = name.toLowerCase();
    if (closing) {
      yield { kind: "end", name: lower, text, attributes: "", at: match.index, raw: false };
      continue;
    }
    yield { kind: "start", name: lower, text, attributes, at: match.index, raw: false };
    if (RAW_TEXT.has(lower)) {
      const start = pattern.lastIndex;
      const end = indexOfEndTag(html, lower, start);
      if (end > start)
        yield { kind: "text", name: "", text: html.slice(start, end), attributes: "", at: start, raw: true };
      pattern.lastIndex = end;
    }
  }
}

/** Where a raw text element's end tag ("</script", any case) starts; the page's end without one. */
function indexOfEndTag(html: string, name: string, from: number): number {
  const close = new RegExp(`</${name}`, "gi");
  close.lastIndex = from;
  return close.exec(html)?.index ?? html.length;
}

/** The start tags of `html`, of the elements named in `names` (all without). */
export function* startTags(html: string, names?: ReadonlySet<string>): Generator<Token> {
  for (const token of tokensOf(html))
    if (token.kind === "start" && (names === undefined || names.has(token.name))) yield token;
}

/** Whether a start tag opens an element with contents: not a void element, nor written self-closed ("<x />"). */
export const opensElement = (token: Token) =>
  token.kind === "start" && !VOID_ELEMENTS.has(token.name) && !token.attributes.trimEnd().endsWith("/");

const patterns = new Map<string, RegExp>();

/**
 * An attribute's value in a start tag (or its attributes), quoted as React writes it (") or as an author might (').
 * The checks read several attributes of every tag of every page: one pattern per name, made once, not on each call.
 */
export function attributeOf(tag: string, name: string): string | undefined {
  let pattern = patterns.get(name);
  if (!pattern) {
    pattern = new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)')`, "i");
    patterns.set(name, pattern);
  }
  const match = pattern.exec(tag);
  return match ? (match[1] ?? match[2]) : undefined;
}

/** The text of a piece of HTML with its tags (and comments) left out, as written: character references kept. */
export function textOf(html: string): string {
  let text = "";
  for (const token of tokensOf(html)) if (token.kind === "text") text += token.text;
  return text;
}
