import type { Element, ElementContent, Properties } from "hast";
import type { Nodes, Parent, Text } from "mdast";

/**
 * A node of the Markdown tree that becomes the HTML element it names (mdast-util-to-hast reads data.hName and
 * data.hProperties), its children converted as usual: so images inside a component still reach the image
 * checks and the image pipeline, and links the link checks.
 */
export interface ComponentElement extends Parent {
  type: "componentElement";
  data: { hName: string; hProperties: Properties; hChildren?: ElementContent[] };
}

declare module "mdast" {
  interface RootContentMap {
    componentElement: ComponentElement;
  }
}

export const element = (tagName: string, properties: Properties, children: Nodes[]): ComponentElement => ({
  type: "componentElement",
  data: { hName: tagName, hProperties: properties },
  children: children as ComponentElement["children"],
});

export const text = (value: string): Text => ({ type: "text", value });

/** An element whose content is HTML already (an icon), not Markdown. */
export const htmlElement = (tagName: string, properties: Properties, children: ElementContent[]): ComponentElement => ({
  type: "componentElement",
  data: { hName: tagName, hProperties: properties, hChildren: children },
  children: [],
});

/** A line icon (24 × 24, stroked in the text's colour), hidden from screen readers: the word next to it says it. */
export function icon(paths: string[]): Element {
  return {
    type: "element",
    tagName: "svg",
    properties: {
      className: ["icon"],
      viewBox: "0 0 24 24",
      width: 20,
      height: 20,
      fill: "none",
      stroke: "currentColor",
      strokeWidth: "2",
      strokeLinecap: "round",
      strokeLinejoin: "round",
      ariaHidden: "true",
      focusable: "false",
    },
    children: paths.map((d) => ({ type: "element", tagName: "path", properties: { d }, children: [] })),
  };
}
