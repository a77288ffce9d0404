import GithubSlugger, { slug } from "github-slugger";
import type { Element, Root } from "hast";

/**
 * What a heading's id starts with when its words do not start with a letter ("## 2026 outlook" ->
 * #h-2026-outlook, "## ???" -> #h): an id must begin with a letter (html-validate's valid-id, and a CSS
 * selector #2026-outlook would need escaping), so the prefix is added there and nowhere else.
 */
export const HEADING_ID_PREFIX = "h";

const HEADING = /^h[1-6]$/;

const textOf = (node: { value?: string; children?: unknown[] }): string =>
  node.value ??
  (node.children ?? []).map((child) => textOf(child as { value?: string; children?: unknown[] })).join("");

/**
 * The id of a heading with these words, before it is made unique: GitHub's slug (github-slugger, the one Hugo's
 * and GitHub's anchors follow: "## Data security" -> data-security), kept to letters of any script, digits, - and _
 * (a combining mark, as in Devanagari, is no letter to the HTML checker), with HEADING_ID_PREFIX where it would
 * not start with a letter. The same words give the same id in every build.
 */
export function headingSlug(words: string): string {
  const base = slug(words).replace(/[^\p{L}\p{N}_-]/gu, "");
  if (/^\p{L}/u.test(base)) return base;
  return base === "" ? HEADING_ID_PREFIX : `${HEADING_ID_PREFIX}-${base.replace(/^[-_]+/, "")}`.replace(/-$/, "");
}

/**
 * A rehype step giving every heading without an id one from its words (headingSlug), unique on the page: a
 * repeated one gets -1, -2 … as on GitHub (github-slugger counts them). What rehype-slug did, with ids that are
 * valid whatever the heading's first character or script.
 */
export function rehypeHeadingIds() {
  return (tree: Root) => {
    const slugger = new GithubSlugger();
    const visit = (node: Root | Element) => {
      for (const child of node.children) {
        if (child.type !== "element") continue;
        if (HEADING.test(child.tagName) && child.properties.id === undefined)
          child.properties.id = slugger.slug(headingSlug(textOf(child as never)));
        visit(child);
      }
    };
    visit(tree);
  };
}
