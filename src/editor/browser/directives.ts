// The Markdown directive syntax of the site's components (content/README.md, "Components"), as the build reads
// it with micromark-extension-directive: `::name[text]{key=value key="two words"}` on a line of its own, and
// `:::name{…}` … `:::` around a block (more colons for the outer one when blocks nest).

const ATTRIBUTE = /([A-Za-z_:][\w:.-]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`}]+)))?/g;

const decode = (value: string) =>
  value.replace(/&(quot|amp|apos|#39);/g, (_, name: string) => (name === "quot" ? '"' : name === "amp" ? "&" : "'"));

/** The attributes written between { }, by name ("#id" and ".class" shortcuts are not the site's and are skipped). */
export function parseAttributes(text: string | undefined): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of (text ?? "").matchAll(ATTRIBUTE)) {
    if (match.index > 0 && /[#.]/.test(text?.[match.index - 1] ?? "")) continue;
    const [, name = "", double, single, bare] = match;
    attributes[name] = decode(double ?? single ?? bare ?? "");
  }
  return attributes;
}

/**
 * One attribute as the site's examples write it: bare when it is a single word of letters, digits, _ . / -,
 * in double quotes otherwise ("#contact" too: a bare # starts an id), a quote inside as &quot;.
 */
export function writeAttribute(name: string, value: string): string {
  return /^[\w./-]+$/.test(value)
    ? `${name}=${value}`
    : `${name}="${value.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}"`;
}

export const writeAttributes = (pairs: [string, string | undefined][]) =>
  `{${pairs
    .filter((pair): pair is [string, string] => pair[1] !== undefined && pair[1] !== "")
    .map(([name, value]) => writeAttribute(name, value))
    .join(" ")}}`;

/** Text that becomes HTML in the preview, as text. */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
