import fc from "fast-check";
import { publishableSvg, SvgRefusal } from "../../../../src/pipeline/images/svg.ts";

/** SVGs that ran a script or reached another origin when opened from a host without a CSP (issue 21). */
export const KNOWN_ATTACKS: Record<string, string> = {
  "namespaced script": `<svg xmlns="http://www.w3.org/2000/svg"><x:script xmlns:x="http://www.w3.org/2000/svg">fetch("/pwned")</x:script></svg>`,
  "entity-encoded javascript: link": `<svg xmlns="http://www.w3.org/2000/svg"><a href="&#106;avascript:fetch('/pwned')"><rect width="100" height="100"/></a></svg>`,
  "SMIL set of href": `<svg xmlns="http://www.w3.org/2000/svg"><a><set attributeName="href" to="javascript:fetch('/pwned')"/><rect width="100" height="100"/></a></svg>`,
  "namespaced foreignObject with an iframe": `<svg xmlns="http://www.w3.org/2000/svg"><x:foreignObject xmlns:x="http://www.w3.org/2000/svg" width="100" height="100"><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example/frame"></iframe></x:foreignObject></svg>`,
  "external image": `<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.example/image.png" width="10" height="10"/></svg>`,
  "external use": `<svg xmlns="http://www.w3.org/2000/svg"><use href="https://evil.example/sprite.svg#a"/></svg>`,
  "external feImage": `<svg xmlns="http://www.w3.org/2000/svg"><filter id="f"><feImage href="https://evil.example/texture.png"/></filter><rect width="10" height="10" filter="url(#f)"/></svg>`,
  "style @import": `<svg xmlns="http://www.w3.org/2000/svg"><style>@import url(https://evil.example/style.css);</style><rect width="10" height="10"/></svg>`,
};

const SVG = "http://www.w3.org/2000/svg";
const XHTML = "http://www.w3.org/1999/xhtml";
const XLINK = "http://www.w3.org/1999/xlink";

/** "javascript:" as an attacker may spell it: character references, case, whitespace browsers drop. */
const javascriptUrl = fc
  .tuple(
    fc.constantFrom(
      "javascript",
      "JavaScript",
      "JAVASCRIPT",
      "&#106;avascript",
      "&#x6A;avascript",
      "java&#x09;script",
      "java&#10;script",
      "jav&#x61;script",
    ),
    fc.constantFrom("", " ", "&#x20;", "\t"),
  )
  .map(([scheme, lead]) => `${lead}${scheme}:fetch('/pwned')`);

const externalUrl = fc.constantFrom(
  "https://evil.example/x",
  "//evil.example/x",
  "HTTPS://evil.example/x",
  "http://127.0.0.2/x",
  "data:image/svg+xml,<svg/>",
  "x.svg#a",
  "/assets/other.svg#a",
);

/** How an element may be named: plainly, under a prefix bound to SVG, or under one bound to XHTML. */
const naming = fc.constantFrom(
  { prefix: "", declare: "" },
  { prefix: "s:", declare: ` xmlns:s="${SVG}"` },
  { prefix: "h:", declare: ` xmlns:h="${XHTML}"` },
);

const hrefAttribute = fc.constantFrom("href", "xlink:href");

/** One hostile fragment to place inside an otherwise harmless drawing. */
const payload = fc.oneof(
  fc
    .tuple(naming, fc.constantFrom("script", "SCRIPT", "Script"))
    .map(([n, tag]) => `<${n.prefix}${tag}${n.declare}>fetch('/pwned')</${n.prefix}${tag}>`),
  fc
    .tuple(naming, fc.constantFrom("", "<![CDATA[", "<!-- -->"))
    .map(
      ([n, wrap]) =>
        `<${n.prefix}script${n.declare}>${wrap}fetch('/pwned')${wrap === "<![CDATA[" ? "]]>" : ""}</${n.prefix}script>`,
    ),
  naming.map(
    (n) =>
      `<${n.prefix}foreignObject${n.declare} width="9" height="9"><iframe xmlns="${XHTML}" src="https://evil.example/f"/></${n.prefix}foreignObject>`,
  ),
  fc
    .tuple(
      fc.constantFrom("onload", "onclick", "ONLOAD", "onBegin", "onmouseover"),
      fc.constantFrom("=", " = ", "=\n"),
      fc.constantFrom("rect", "svg", "g", "circle"),
    )
    .map(
      ([handler, equals, tag]) =>
        `<${tag}${tag === "svg" ? ` xmlns="${SVG}"` : ""} ${handler}${equals}"fetch('/pwned')" width="9" height="9"/>`,
    ),
  fc.tuple(hrefAttribute, javascriptUrl).map(([name, url]) => `<a ${name}="${url}"><rect width="9" height="9"/></a>`),
  fc
    .tuple(fc.constantFrom("set", "animate"), fc.constantFrom("to", "values", "from"), javascriptUrl, hrefAttribute)
    .map(
      ([tag, attribute, url, target]) =>
        `<a href="#x"><${tag} attributeName="${target}" ${attribute}="${url}" begin="0s"/><rect width="9" height="9"/></a>`,
    ),
  fc
    .tuple(
      fc.constantFrom("image", "use", "feImage", "a", "textPath", "linearGradient", "pattern", "script"),
      hrefAttribute,
      externalUrl,
    )
    .map(([tag, name, url]) =>
      tag === "feImage" ? `<filter id="f"><feImage ${name}="${url}"/></filter>` : `<${tag} ${name}="${url}"/>`,
    ),
  fc
    .tuple(
      fc.constantFrom("fill", "stroke", "filter", "mask", "clip-path", "marker-end"),
      fc.constantFrom("url(https://evil.example/x)", "url( 'https://evil.example/x' )", "URL(//evil.example/x)"),
    )
    .map(([name, value]) => `<rect ${name}="${value}" width="9" height="9"/>`),
  fc
    .tuple(
      fc.constantFrom(
        "@import url(https://evil.example/x.css);",
        '@import "https://evil.example/x.css";',
        "@IMPORT url(//evil.example/x.css);",
        "@\\69mport url(https://evil.example/x.css);",
        "rect{fill:url(https://evil.example/x)}",
        "rect{background:image-set('https://evil.example/x.png' 1x)}",
        "@font-face{font-family:x;src:url(https://evil.example/f.woff)}",
        "rect{fill:u\\72l(https://evil.example/x)}",
      ),
      fc.constantFrom("plain", "cdata", "comment"),
    )
    .map(
      ([css, wrap]) =>
        `<style>${wrap === "cdata" ? `<![CDATA[${css}]]>` : wrap === "comment" ? `/* x */${css}` : css.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</style>`,
    ),
  fc
    .constantFrom(
      "background:url(https://evil.example/x)",
      "fill:url(//evil.example/x)",
      "fill:u\\rl(https://evil.example/x)",
    )
    .map((css) => `<rect style="${css}" width="9" height="9"/>`),
);

/** A harmless drawing with the payload somewhere inside, optionally behind a DOCTYPE or a processing instruction. */
export const svgAttack = fc
  .tuple(
    payload,
    fc.constantFrom("start", "middle", "end", "nested"),
    fc.constantFrom("", "doctype", "entity", "stylesheet"),
  )
  .map(([attack, where, prologue]) => {
    const shapes = [
      '<rect x="1" y="1" width="20" height="10" fill="#4f46e5"/>',
      '<text x="2" y="8">Pipeline &amp; search</text>',
    ];
    const body =
      where === "start"
        ? [attack, ...shapes]
        : where === "end"
          ? [...shapes, attack]
          : where === "middle"
            ? [shapes[0], attack, shapes[1]]
            : [`<g><g>${attack}</g></g>`, ...shapes];
    const head =
      prologue === "doctype"
        ? '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">'
        : prologue === "entity"
          ? "<!DOCTYPE svg [<!ENTITY x \"javascript:fetch('/pwned')\">]>"
          : prologue === "stylesheet"
            ? '<?xml-stylesheet href="https://evil.example/x.css"?>'
            : "";
    return `${head}<svg xmlns="${SVG}" xmlns:xlink="${XLINK}" width="40" height="20" viewBox="0 0 40 20">${body.join("")}</svg>`;
  });

/** Drawings as export tools write them: these must pass, or the guard would refuse everything. */
export const svgDrawing = fc
  .tuple(
    fc.array(
      fc.oneof(
        fc
          .tuple(fc.nat(100), fc.nat(100), fc.constantFrom("#fff", "#4f46e5", "url(#g)", "none"))
          .map(([x, y, fill]) => `<rect x="${x}" y="${y}" width="10" height="10" rx="2" fill="${fill}"/>`),
        fc.string({ maxLength: 20 }).map(
          (words) =>
            `<text x="2" y="8" font-family="sans-serif">${words
              .replace(/&/g, "&amp;")
              .replace(/</g, "&lt;")
              .replace(/[^\t\n\r\u0020-\ud7ff\ue000-\ufffd]/g, "")}</text>`,
        ),
        fc.constant('<path d="M0 0 L10 10 Z" stroke="#000" marker-end="url(#arrow)"/>'),
        fc.constant('<use href="#arrow" x="5"/>'),
        fc.constant('<use xlink:href="#arrow" x="5"/>'),
      ),
      { maxLength: 8 },
    ),
    fc.constantFrom("", "<style>rect{stroke:#000}</style>", "<style><![CDATA[.a{fill:url(#g)}]]></style>"),
    fc.boolean(),
  )
  .map(
    ([shapes, style, inkscape]) =>
      `<svg xmlns="${SVG}" xmlns:xlink="${XLINK}"${inkscape ? ' xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" inkscape:version="1.3"' : ""} width="120" height="120" viewBox="0 0 120 120">` +
      `<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient><marker id="arrow" markerWidth="4" markerHeight="4"><path d="M0 0 L4 2 L0 4 Z"/></marker></defs>` +
      `${style}${inkscape ? '<g inkscape:label="Layer 1" inkscape:groupmode="layer">' : "<g>"}${shapes.join("")}</g></svg>`,
  );

/**
 * What must never be in a published SVG, judged on the text after the only escapes the writer uses are
 * undone and the whitespace and case a browser ignores in a URL are dropped.
 */
export function activeContentIn(svg: string): string | undefined {
  const decoded = svg
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers drop these inside a URL; so must the check
  const squashed = decoded.replace(/[\s\u0000-\u001f]/g, "").toLowerCase();
  const checks: [RegExp | string, string][] = [
    [/<(?:[a-z]+:)?(script|foreignobject|iframe|set|animate\w*|image|feimage|discard)\b/i, "element"],
    [/\son[a-z]+\s*=/i, "event handler"],
    ["javascript:", "javascript: URL"],
    ["evil.example", "external reference"],
    ["127.0.0.2", "external reference"],
    ["@import", "@import"],
    ["data:", "data: URL"],
    [/<!doctype|<\?xml-stylesheet/i, "prologue"],
  ];
  for (const [pattern, what] of checks) {
    if (typeof pattern === "string" ? squashed.includes(pattern) : pattern.test(decoded)) return what;
  }
  return undefined;
}

/** Why publishableSvg refuses a drawing, or undefined when it publishes it. */
export const refusal = (svg: string): string | undefined => {
  try {
    publishableSvg(svg);
  } catch (error) {
    if (error instanceof SvgRefusal) return error.message;
    throw error;
  }
  return undefined;
};
