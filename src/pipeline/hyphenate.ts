import { createRequire } from "node:module";
import { FORM_ISLAND } from "../components/islands.ts";

type Hyphenator = (text: string, options: { minWordLength: number }) => string;
const require = createRequire(import.meta.url);
const byLanguage = new Map<string, Hyphenator | undefined>();

/** Liang's TeX patterns for a language (the hyphen package has them for several dozen); undefined if it has none. */
function hyphenatorFor(lang: string): Hyphenator | undefined {
  if (!byLanguage.has(lang)) {
    let hyphenator: Hyphenator | undefined;
    try {
      hyphenator = (require(`hyphen/${lang.toLowerCase()}`) as { hyphenateSync: Hyphenator }).hyphenateSync;
    } catch {
      hyphenator = undefined;
    }
    byLanguage.set(lang, hyphenator);
  }
  return byLanguage.get(lang);
}

/** Where the form island's root element starts and ends: the <div> with its id, to its matching </div>. */
function islandRange(html: string): { start: number; end: number } | undefined {
  const start = new RegExp(`<div\\b[^>]*\\sid="${FORM_ISLAND.root}"`).exec(html)?.index;
  if (start === undefined) return undefined;
  let depth = 0;
  for (const match of html.slice(start).matchAll(/<(\/?)div\b/g)) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) return { start, end: start + match.index };
  }
  return { start, end: html.length };
}

const hyphenated = new Map<string, string>();

/** Words shorter than this always fit a heading line at 320 px; hyphenating them would only invite ugly breaks. */
const MIN_WORD_LENGTH = 8;

/**
 * Soft hyphens (U+00AD) in the long words of every h1–h3, from the patterns of the language the heading is
 * in: its page's <html lang>, or the lang of the <section> around it (the bilingual Impressum). Chromium on
 * Linux and other browsers without a hyphenation dictionary would otherwise break "Datenschutzerklärung"
 * mid-letter on a phone; with soft hyphens every browser breaks it only at a syllable, with a hyphen.
 * Tags and character references inside a heading are left as they are.
 */
export function hyphenateHeadings(html: string): string {
  const pageLang = /<html\b[^>]*\slang="([^"]+)"/.exec(html)?.[1] ?? "";
  // Sections in another language: where each opens and closes (they are not nested).
  const sections = [...html.matchAll(/<section\b[^>]*\slang="([^"]+)"[^>]*>/g)].map((match) => ({
    lang: match[1] ?? pageLang,
    start: match.index,
    end: html.indexOf("</section>", match.index),
  }));
  const island = islandRange(html);
  return html.replace(/<(h[1-3])\b([^>]*)>([\s\S]*?)<\/\1>/g, (heading, tag: string, attributes: string, inner: string, offset: number) => {
    // An island's markup must stay exactly what React renders in the browser, or hydration fails.
    if (island && island.start < offset && offset < island.end) return heading;
    const lang = sections.find((section) => section.start < offset && offset < section.end)?.lang ?? pageLang;
    const hyphenate = hyphenatorFor(lang);
    if (!hyphenate) return heading;
    // Headers, footers and section headings repeat on every page: each text is hyphenated once per build process.
    const key = `${lang}\u0000${inner}`;
    let done = hyphenated.get(key);
    if (done === undefined) {
      done = hyphenate(inner, { minWordLength: MIN_WORD_LENGTH });
      hyphenated.set(key, done);
    }
    return `<${tag}${attributes}>${done}</${tag}>`;
  });
}
