/** Elements whose text is no part of what a reader reads as the page's text: diagrams' labels, scripts, styles. */
const SKIPPED = /<(svg|script|style|template)\b[\s\S]*?<\/\1>/gi;
const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/**
 * The text of the HTML a page's Markdown became (rehype writes characters as they are and escapes only & < > "),
 * one space wherever a tag was, so that words of adjacent blocks stay apart.
 */
export function plainText(html: string): string {
  return html
    .replace(SKIPPED, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name.startsWith("#x") || name.startsWith("#X"))
        return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith("#")) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
      return NAMED[name.toLowerCase()] ?? entity;
    })
    .replace(/[\s\u00ad]+/g, " ")
    .trim();
}
