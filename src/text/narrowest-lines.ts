/**
 * The narrowest line each kind of text gets on any page at any viewport from 320 to 1440 px, in ems of its
 * own font size, as `npx tsx bench/measure-lines.ts` measures it (run it after a change to the layout in
 * src/styles/site.css and copy its figures here; the browser test tests/e2e/typography.spec.ts fails when a
 * word splits without a hyphen). The first entry a text's element or one of its ancestors matches is its
 * kind; `body` covers all other text.
 * A selector is a tag name, a class (".stat") or both ("h1.hero-headline").
 */
export const NARROWEST_LINES: readonly { selector: string; em: number; where: string }[] = [
  { selector: "h1.hero-headline", em: 7.78, where: "the home page's headline at 320 px" },
  { selector: "h1", em: 8.75, where: "a page's title at 320 px" },
  { selector: "h2", em: 9.84, where: "the expertise heading beside its stats at 960 px" },
  { selector: "h3", em: 10.09, where: "the contact cards' titles at 320 px" },
  { selector: "dt", em: 6.47, where: "the expertise stats' labels, two abreast at 376 px" },
  { selector: "body", em: 9.82, where: "the skip link (absolutely placed: it shrinks to its text) at 320 px" },
];

/**
 * Average advance of a letter in a long word, in ems: the widest among the site's words of ten or more
 * letters in Liberation Sans Bold (Arial's metrics; the font stack's widest common face) was 0.65
 * ("angenommen"), all-capital words 0.69. With 0.7 a word of fewer letters than the rule below always
 * fits its narrowest line.
 */
export const LETTER_EM = 0.7;

/** Words with at least this many letters may be wider than a line of `em` ems, and get soft hyphens. */
export const minLettersFor = (em: number): number => Math.floor(em / LETTER_EM) + 1;
