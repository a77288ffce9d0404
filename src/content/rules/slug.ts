import slugify from "@sindresorhus/slugify";

/**
 * The one slug maker: words as an address segment, transliterated as the language writes them (Künstliche
 * Intelligenz -> kuenstliche-intelligenz, Übersicht -> uebersicht, café -> cafe), lowercase letters and digits
 * joined by -. A tag's address, an image file's name in /assets/ and the file name or slug a message suggests all
 * come from here, so a tag and a file of the same words get the same segment. "" where nothing is left (a script
 * slugify cannot write in Latin letters, or punctuation only). Heading ids are another thing (markdown/heading-ids.ts):
 * GitHub's slugs, which keep every script's letters, so that links written against GitHub's or Hugo's ids still work.
 */
export const slugOf = (words: string, lang?: string): string =>
  slugify(words, { ...(lang ? { locale: lang } : {}), decamelize: false });
