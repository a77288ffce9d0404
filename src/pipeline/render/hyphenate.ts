import { FORM_ISLAND } from "../../shared/page-markup.ts";
import { attributeOf, opensElement, tokensOf } from "../html/reader.ts";
import { hyphenateText } from "../../text/hyphenate.ts";
import { minLettersFor, NARROWEST_LINES } from "../../text/narrowest-lines.ts";

/** Elements whose text is never hyphenated: not shown as running text, or shown exactly as written. */
const VERBATIM = new Set([
  "head",
  "script",
  "style",
  "template",
  "textarea",
  "pre",
  "code",
  "kbd",
  "samp",
  "svg",
  "math",
]);

interface Open {
  tag: string;
  classes: string[];
  /** Its lang attribute, or the one it inherits. */
  lang: string;
  /** Words from this many letters on get soft hyphens; Infinity: none (island, code, …). */
  minLetters: number;
}

const RULES = NARROWEST_LINES.map(({ selector, em }) => {
  const [tag, className] = selector.split(".");
  return { tag: tag || undefined, className, minLetters: minLettersFor(em) };
});

function open(tag: string, attributes: string, parent: Open): Open {
  const classes = attributeOf(attributes, "class")?.split(/\s+/) ?? [];
  const lang = attributeOf(attributes, "lang") ?? parent.lang;
  // An island's markup must stay exactly what React renders in the browser, or hydration fails.
  if (
    VERBATIM.has(tag) ||
    attributeOf(attributes, "id") === FORM_ISLAND.root ||
    parent.minLetters === Number.POSITIVE_INFINITY
  ) {
    return { tag, classes, lang, minLetters: Number.POSITIVE_INFINITY };
  }
  const rule = RULES.find(
    (candidate) =>
      (!candidate.tag || candidate.tag === tag) && (!candidate.className || classes.includes(candidate.className)),
  );
  return { tag, classes, lang, minLetters: rule?.minLetters ?? parent.minLetters };
}

/**
 * Soft hyphens (U+00AD) in the text of a rendered page, from the patterns of the language each text is in
 * (its element's lang, inherited), in the words long enough to overflow the narrowest line that kind of
 * text ever gets (src/text/narrowest-lines.ts): Chromium on Linux and other browsers without a hyphenation
 * dictionary would otherwise break "Durchschnittlicher" mid-letter; with soft hyphens every browser breaks
 * it at a syllable, with a hyphen. Shorter words carry none, so screen readers, braille displays and
 * copy-paste get whole words wherever a break can never happen. Tags, attributes and character references
 * stay as they are.
 */
export function hyphenatePage(html: string): string {
  const root: Open = { tag: "", classes: [], lang: "", minLetters: Number.POSITIVE_INFINITY };
  const stack: Open[] = [root];
  // Only changed text is written anew; the rest is copied in long slices up to it (adding every token on its
  // own cost more than hyphenating).
  let out = "";
  let copied = 0;
  for (const token of tokensOf(html)) {
    const { kind, name: tag, text, attributes } = token;
    const top = stack[stack.length - 1] ?? root;
    if (kind === "comment") continue;
    if (kind === "text") {
      // Text (not a lone "<", nor a script's or title's contents): character references are kept whole.
      if (token.raw || text === "<" || top.minLetters === Number.POSITIVE_INFINITY) continue;
      const hyphenated = text.replace(/[^&]+|&[#\w]*;?/g, (part) =>
        part.startsWith("&") ? part : hyphenateText(part, top.lang, top.minLetters),
      );
      if (hyphenated !== text) {
        out += html.slice(copied, token.at) + hyphenated;
        copied = token.at + text.length;
      }
      continue;
    }
    if (kind === "end") {
      const at = stack.findLastIndex((entry) => entry.tag === tag);
      if (at > 0) stack.length = at;
      continue;
    }
    if (tag === "html") {
      root.lang = attributeOf(attributes, "lang") ?? "";
      continue;
    }
    if (tag === "body") {
      stack.push({
        tag,
        classes: [],
        lang: root.lang,
        minLetters: RULES.find((rule) => rule.tag === "body")?.minLetters ?? Number.POSITIVE_INFINITY,
      });
      continue;
    }
    if (!opensElement(token)) continue;
    stack.push(open(tag, attributes, top));
  }
  return out + html.slice(copied);
}
