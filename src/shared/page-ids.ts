/**
 * The ids the page chrome gives its own elements on every Markdown page. A heading in an author's text
 * gets an id from its words (## Main -> #main); one of these would appear twice on the page, so the
 * content loader refuses such a heading where it is written.
 */
export const CHROME_IDS = {
  /** The skip link's target. */
  main: "main",
  /** The "On this page" list's heading. */
  toc: "toc-heading",
  /** The notice a language button leads to when the page it was on has no translation (home and section pages). */
  notTranslated: "not-translated",
} as const;
