import { SaxesParser, type SaxesTagNS } from "saxes";
import {
  EDITOR_NAMESPACES,
  REFERENCE_ATTRIBUTES,
  STYLE_REFUSALS,
  SVG_ATTRIBUTES,
  SVG_ELEMENTS,
  SVG_NAMESPACE,
  XLINK_NAMESPACE,
  XML_NAMESPACE,
} from "./svg-allowlist.ts";

/** Why an SVG cannot be published, in an author's words: the element or attribute, and where in the file. */
export class SvgRefusal extends Error {}

const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, "&quot;");

/** Only "#id": what the browser sees after entities are decoded and the whitespace it ignores is dropped. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: browsers drop these inside a URL; so must the check
const isLocalReference = (value: string) => /^#[^\s]*$/.test(value.replace(/[\u0000-\u0020\u007f-\u009f]/g, ""));

function checkStyle(value: string, where: string, all: boolean): void {
  const css = value.replace(/\/\*[\s\S]*?\*\//g, "");
  for (const { pattern, what } of all ? STYLE_REFUSALS : STYLE_REFUSALS.filter((rule) => rule.everywhere)) {
    if (pattern.test(css)) throw new SvgRefusal(`${what} in ${where}`);
  }
}

/**
 * The SVG as it is published: parsed by a strict XML parser (namespaces and entities resolved as a browser
 * resolves them), checked against the allowlist, and written anew from what was checked, so nothing the
 * check did not see (comments, processing instructions, editor metadata) reaches /assets/.
 * Throws SvgRefusal naming the first element or attribute that is not allowed and its line in the SVG.
 */
export function publishableSvg(source: string): string {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const out: string[] = [];
  /** Open elements: whether each is written out (editor metadata is not, nor anything inside it). */
  const open: boolean[] = [];
  let styleText: string[] | undefined;
  let usesXlink = false;
  let sawRoot = false;
  const at = () => `line ${parser.line}`;
  const skipping = () => open.includes(false);

  parser.on("doctype", () => {
    throw new SvgRefusal(`a <!DOCTYPE> (${at()}): it can define entities that expand the file; export without one`);
  });
  parser.on("processinginstruction", (pi) => {
    throw new SvgRefusal(
      `the processing instruction <?${pi.target}?> (${at()}): it can load a stylesheet; export without it`,
    );
  });
  parser.on("opentag", (tag) => {
    const element = tag as SaxesTagNS;
    if (skipping() || EDITOR_NAMESPACES.has(element.uri)) {
      open.push(false);
      return;
    }
    if (element.uri !== SVG_NAMESPACE || !SVG_ELEMENTS.has(element.local)) {
      const namespace =
        element.uri === SVG_NAMESPACE
          ? ""
          : element.uri
            ? ` in the namespace ${element.uri}`
            : " outside the SVG namespace";
      throw new SvgRefusal(
        `the element <${element.name}>${namespace} (${at()}) is not allowed: an SVG may hold drawing only, no script, HTML, animation or embedded images`,
      );
    }
    if (!sawRoot && element.local !== "svg")
      throw new SvgRefusal(`the file's root element is <${element.name}>, not <svg>`);
    const attributes: string[] = [];
    if (!sawRoot) attributes.push(`xmlns="${SVG_NAMESPACE}"`);
    sawRoot = true;
    for (const attribute of Object.values(element.attributes)) {
      const { local, uri, prefix, value } = attribute;
      const where = `the ${attribute.name} attribute of <${element.name}> (${at()})`;
      // Namespace declarations are written anew: the output has only the SVG and xlink namespaces.
      if (prefix === "xmlns" || attribute.name === "xmlns" || EDITOR_NAMESPACES.has(uri)) continue;
      if (/^on/i.test(local))
        throw new SvgRefusal(`the event handler ${where} is not allowed: an SVG may hold no script`);
      if (REFERENCE_ATTRIBUTES.has(local) && (uri === "" || uri === XLINK_NAMESPACE)) {
        if (!isLocalReference(value))
          throw new SvgRefusal(
            `${where} points to "${value.slice(0, 60)}": references may only point to an #id inside the same file`,
          );
        if (uri === XLINK_NAMESPACE) usesXlink = true;
        attributes.push(`${uri === XLINK_NAMESPACE ? "xlink:" : ""}${local}="${escapeAttribute(value)}"`);
        continue;
      }
      if (uri === XML_NAMESPACE && (local === "space" || local === "lang")) {
        attributes.push(`xml:${local}="${escapeAttribute(value)}"`);
        continue;
      }
      if (uri !== "" || !(SVG_ATTRIBUTES.has(local) || local.startsWith("data-"))) continue;
      checkStyle(value, where, local === "style");
      attributes.push(`${local}="${escapeAttribute(value)}"`);
    }
    open.push(true);
    out.push(`<${element.local}${attributes.length > 0 ? " " : ""}${attributes.join(" ")}>`);
    if (element.local === "style") styleText = [];
  });
  const text = (value: string) => {
    if (skipping()) return;
    if (styleText) styleText.push(value);
    out.push(escapeText(value));
  };
  parser.on("text", text);
  parser.on("cdata", text);
  parser.on("closetag", (tag) => {
    const written = open.pop();
    if (!written) return;
    if (tag.local === "style" && styleText) {
      checkStyle(styleText.join(""), `a <style> element (${at()})`, true);
      styleText = undefined;
    }
    out.push(`</${tag.local}>`);
  });

  try {
    parser.write(source).close();
  } catch (error) {
    if (error instanceof SvgRefusal) throw error;
    // saxes reports "file:line:column: message"; the author needs the message and the line.
    throw new SvgRefusal(
      `not a well-formed SVG file: ${(error as Error).message.replace(/^(\d+):\d+: /, "line $1: ")}`,
    );
  }
  if (!sawRoot) throw new SvgRefusal("no <svg> element in the file");
  const svg = out.join("").trim();
  return usesXlink ? svg.replace(/^<svg /, `<svg xmlns:xlink="${XLINK_NAMESPACE}" `) : svg;
}
