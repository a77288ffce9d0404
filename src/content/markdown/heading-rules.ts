import type { Nodes, Root } from "mdast";
import { say } from "../../shared/messages/catalogue.ts";
import { ContentError } from "../read/errors.ts";

/**
 * What the HTML checker would refuse in the page built from this Markdown, said where the author wrote it and
 * in Markdown's words: a second # title, a heading without words, a heading that skips a level, a link
 * without text. (Found in the built page, the same mistakes would name an HTML file and an html-validate rule.)
 */
export interface HeadingRulesOptions {
  file: string;
  firstLine: number;
  /** The level of the heading the page puts above this text: 1 (its title, an h1), 2 in the Impressum's parts. */
  above?: number;
}

const textOf = (node: Nodes): string =>
  "value" in node && typeof node.value === "string"
    ? node.value
    : node.type === "image"
      ? (node.alt ?? "")
      : "children" in node
        ? (node.children as Nodes[]).map(textOf).join("")
        : "";

const hashes = (depth: number) => "#".repeat(depth);

export function headingAndLinkProblems(
  tree: Root,
  { file, firstLine, above = 1 }: HeadingRulesOptions,
): ContentError[] {
  const errors: ContentError[] = [];
  const lineOf = (node: Nodes) => (node.position ? node.position.start.line + firstLine - 1 : undefined);
  let previous = above;
  const visit = (node: Nodes) => {
    if (node.type === "heading") {
      const words = textOf(node).trim();
      const line = lineOf(node);
      if (node.depth <= above) {
        errors.push(
          new ContentError(
            file,
            say("secondTitle", {
              heading: `${hashes(node.depth)} ${words}`,
              hashes: hashes(node.depth),
              better: `${hashes(above + 1)} ${words}`,
            }),
            { line },
          ),
        );
      } else if (words === "") {
        errors.push(new ContentError(file, say("emptyHeading", { hashes: hashes(node.depth) }), { line }));
      } else if (node.depth > previous + 1) {
        errors.push(
          new ContentError(
            file,
            say("skippedLevel", {
              heading: `${hashes(node.depth)} ${words}`,
              above: hashes(previous),
              better: `${hashes(previous + 1)} ${words}`,
            }),
            { line },
          ),
        );
      }
      previous = Math.max(node.depth, above);
    } else if ((node.type === "link" || node.type === "linkReference") && textOf(node).trim() === "") {
      const target = node.type === "link" ? node.url : `[${node.identifier}]`;
      errors.push(new ContentError(file, say("emptyLink", { target }), { line: lineOf(node) }));
    }
    if ("children" in node) for (const child of node.children as Nodes[]) visit(child);
  };
  visit(tree);
  return errors;
}
