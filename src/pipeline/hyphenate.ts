import { createRequire } from "node:module";

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
  return html.replace(/<(h[1-3])\b([^>]*)>([\s\S]*?)<\/\1>/g, (heading, tag: string, attributes: string, inner: string, offset: number) => {
    const lang = sections.find((section) => section.start < offset && offset < section.end)?.lang ?? pageLang;
    const hyphenate = hyphenatorFor(lang);
    return hyphenate ? `<${tag}${attributes}>${hyphenate(inner, { minWordLength: MIN_WORD_LENGTH })}</${tag}>` : heading;
  });
}
