import type { Element, ElementContent, Root } from "hast";

/**
 * A rehype step keeping a phone number in a tel: link on one line: its spaces become no-break spaces, as the
 * company's number in the footer does (site.yaml), so "[+49 30 1234 5678](tel:+493012345678)" never breaks
 * between its groups and never trips the HTML checker's tel-non-breaking rule.
 */
export function rehypePhoneLinks() {
  const keepTogether = (node: ElementContent) => {
    if (node.type === "text") node.value = node.value.replace(/ /g, "\u00a0");
    else if (node.type === "element") node.children.forEach(keepTogether);
  };
  return (tree: Root) => {
    const visit = (node: Root | Element) => {
      for (const child of node.children) {
        if (child.type !== "element") continue;
        if (child.tagName === "a" && String(child.properties.href ?? "").startsWith("tel:"))
          child.children.forEach(keepTogether);
        else visit(child);
      }
    };
    visit(tree);
  };
}
