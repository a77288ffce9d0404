import { SaxesParser } from "saxes";

/** An element of a parsed XML file: its namespace and local name, attributes by local name, text, children, line. */
export interface XmlElement {
  uri: string;
  local: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** Its text, character data of all its descendants joined (what a reader shows). */
  text: string;
  line: number;
}

/**
 * An XML file as a reader parses it (saxes: XML 1.0 and its namespaces, strictly: a character XML forbids, an
 * unescaped "<" or "&", a tag left open is an error), or the first error with its line and column.
 */
export function parseXml(xml: string): { root: XmlElement } | { error: string; line: number; column: number } {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const open: XmlElement[] = [];
  let root: XmlElement | undefined;
  let error: { error: string; line: number; column: number } | undefined;
  parser.on("error", (failure) => {
    error ??= {
      error: failure.message.replace(/^\d+:\d+: /, ""),
      line: parser.line,
      column: parser.column,
    };
  });
  parser.on("opentag", (tag) => {
    const element: XmlElement = {
      uri: tag.uri ?? "",
      local: tag.local ?? tag.name,
      attributes: Object.fromEntries(
        Object.values(tag.attributes).map((attribute) => [
          attribute.uri && attribute.prefix !== "xmlns" ? `${attribute.prefix}:${attribute.local}` : attribute.local,
          attribute.value,
        ]),
      ),
      children: [],
      text: "",
      line: parser.line,
    };
    open.at(-1)?.children.push(element);
    root ??= element;
    open.push(element);
  });
  const text = (value: string) => {
    for (const element of open) element.text += value;
  };
  parser.on("text", text);
  parser.on("cdata", text);
  parser.on("closetag", () => {
    open.pop();
  });
  try {
    parser.write(xml).close();
  } catch (failure) {
    error ??= { error: (failure as Error).message.replace(/^\d+:\d+: /, ""), line: parser.line, column: parser.column };
  }
  if (error) return error;
  if (!root) return { error: "no root element", line: 1, column: 1 };
  return { root };
}

/** The children named `local` (in the parent's namespace unless given). */
export const childrenNamed = (parent: XmlElement, local: string, uri = parent.uri) =>
  parent.children.filter((child) => child.local === local && child.uri === uri);

/** RFC 3339 date-time (Atom's dates; the sitemap's W3C Datetime at full precision), and a real instant. */
export const isDateTime = (value: string) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value));

/** An absolute http(s) URL, as feeds and the sitemap promise every address to be. */
export function isAbsoluteUrl(value: string): boolean {
  if (!/^https?:\/\/[^/]/i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}
