/**
 * The SVG allowlist entry by entry, called inside each test: every drawing element and presentation attribute
 * of SVG 1.1 that a diagram needs is published as written (a missing entry would refuse a drawing or silently
 * drop its viewBox, gradient or filter); drawing programs' own namespaces are left out, not refused; every
 * way a style can load something is refused, named. The lists here are written from the SVG specification,
 * not read from the code. (svg.test.ts has the attacks; npm run mutation runs both.)
 */
import { describe, expect, it } from "vitest";
import { publishableSvg } from "../../../../src/pipeline/images/svg.ts";
import { refusal } from "./svg-attacks.ts";

const SVG = "http://www.w3.org/2000/svg";

const ELEMENTS = {
  structure: ["g", "defs", "symbol", "use", "a", "title", "desc", "metadata", "style", "switch"],
  shapes: ["path", "rect", "circle", "ellipse", "line", "polyline", "polygon"],
  text: ["text", "tspan", "textPath"],
  paint: ["marker", "clipPath", "mask", "pattern", "linearGradient", "radialGradient", "stop"],
  filters: [
    "filter",
    "feBlend",
    "feColorMatrix",
    "feComponentTransfer",
    "feComposite",
    "feConvolveMatrix",
    "feDiffuseLighting",
    "feDisplacementMap",
    "feDistantLight",
    "feDropShadow",
    "feFlood",
    "feFuncA",
    "feFuncB",
    "feFuncG",
    "feFuncR",
    "feGaussianBlur",
    "feMerge",
    "feMergeNode",
    "feMorphology",
    "feOffset",
    "fePointLight",
    "feSpecularLighting",
    "feSpotLight",
    "feTile",
    "feTurbulence",
  ],
};

const ATTRIBUTES = {
  core: ["id", "class", "lang", "tabindex", "role", "focusable", "version", "baseProfile", "media"],
  accessibility: ["aria-label", "aria-labelledby", "aria-describedby", "aria-hidden"],
  geometry: ["viewBox", "preserveAspectRatio", "width", "height", "x", "y", "transform", "x1", "y1", "x2", "y2"],
  shapes: ["cx", "cy", "r", "rx", "ry", "fx", "fy", "fr", "d", "points", "pathLength", "z"],
  paint: [
    "fill",
    "fill-opacity",
    "fill-rule",
    "stroke",
    "stroke-width",
    "stroke-linecap",
    "stroke-linejoin",
    "stroke-miterlimit",
    "stroke-dasharray",
    "stroke-dashoffset",
    "stroke-opacity",
    "opacity",
    "color",
    "display",
    "visibility",
    "overflow",
    "clip",
    "clip-path",
    "clip-rule",
    "mask",
    "filter",
    "paint-order",
    "vector-effect",
    "mix-blend-mode",
    "isolation",
    "enable-background",
    "shape-rendering",
    "text-rendering",
    "image-rendering",
    "color-interpolation",
    "color-interpolation-filters",
  ],
  markers: [
    "marker-start",
    "marker-mid",
    "marker-end",
    "markerWidth",
    "markerHeight",
    "markerUnits",
    "refX",
    "refY",
    "orient",
  ],
  text: [
    "font-family",
    "font-size",
    "font-size-adjust",
    "font-weight",
    "font-style",
    "font-variant",
    "font-stretch",
    "text-anchor",
    "dominant-baseline",
    "alignment-baseline",
    "baseline-shift",
    "letter-spacing",
    "word-spacing",
    "text-decoration",
    "writing-mode",
    "direction",
    "unicode-bidi",
    "dx",
    "dy",
    "rotate",
    "textLength",
    "lengthAdjust",
    "startOffset",
    "method",
    "spacing",
    "side",
  ],
  gradients: [
    "gradientUnits",
    "gradientTransform",
    "spreadMethod",
    "offset",
    "stop-color",
    "stop-opacity",
    "patternUnits",
    "patternContentUnits",
    "patternTransform",
    "clipPathUnits",
    "maskUnits",
    "maskContentUnits",
  ],
  filters: [
    "filterUnits",
    "primitiveUnits",
    "in",
    "in2",
    "result",
    "stdDeviation",
    "mode",
    "operator",
    "k1",
    "k2",
    "k3",
    "k4",
    "values",
    "type",
    "tableValues",
    "slope",
    "intercept",
    "amplitude",
    "exponent",
    "flood-color",
    "flood-opacity",
    "lighting-color",
    "baseFrequency",
    "numOctaves",
    "seed",
    "stitchTiles",
    "radius",
    "scale",
    "xChannelSelector",
    "yChannelSelector",
    "kernelMatrix",
    "kernelUnitLength",
    "order",
    "divisor",
    "bias",
    "targetX",
    "targetY",
    "edgeMode",
    "preserveAlpha",
    "surfaceScale",
    "specularConstant",
    "specularExponent",
    "diffuseConstant",
    "azimuth",
    "elevation",
    "pointsAtX",
    "pointsAtY",
    "pointsAtZ",
    "limitingConeAngle",
  ],
  conditions: ["systemLanguage", "requiredExtensions"],
};

describe("what a drawing may hold is published as written", () => {
  it.each(Object.entries(ELEMENTS))("the %s elements", (_, names) => {
    const svg = `<svg xmlns="${SVG}">${names.map((name) => `<${name}></${name}>`).join("")}</svg>`;
    expect(publishableSvg(svg)).toBe(svg);
  });

  it.each(Object.entries(ATTRIBUTES))("the %s attributes", (_, names) => {
    const svg = `<svg xmlns="${SVG}"><g ${names.map((name) => `${name}="1"`).join(" ")}></g></svg>`;
    expect(publishableSvg(svg)).toBe(svg);
  });

  it("style attributes, data- attributes, xml:space and xml:lang are kept; an attribute no drawing needs is left out", () => {
    const svg = `<svg xmlns="${SVG}"><text style="fill:red" data-step="2" xml:space="preserve" xml:lang="de">A</text></svg>`;
    expect(publishableSvg(svg)).toBe(svg);
    expect(publishableSvg(`<svg xmlns="${SVG}"><rect foo="1" xml:base="x" width="2"/></svg>`)).toBe(
      `<svg xmlns="${SVG}"><rect width="2"></rect></svg>`,
    );
  });
});

describe("drawing programs' bookkeeping is left out, not refused", () => {
  it.each([
    ["Inkscape", "http://www.inkscape.org/namespaces/inkscape"],
    ["Sodipodi", "http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"],
    ["RDF", "http://www.w3.org/1999/02/22-rdf-syntax-ns#"],
    ["Dublin Core", "http://purl.org/dc/elements/1.1/"],
    ["Creative Commons", "http://creativecommons.org/ns#"],
    ["Sketch", "http://www.bohemiancoding.com/sketch/ns"],
    ["Illustrator", "http://ns.adobe.com/AdobeIllustrator/10.0/"],
    ["Illustrator graphs", "http://ns.adobe.com/Graphs/1.0/"],
    ["Save for Web", "http://ns.adobe.com/SaveForWeb/1.0/"],
    ["Illustrator extensibility", "http://ns.adobe.com/Extensibility/1.0/"],
    ["Illustrator variables", "http://ns.adobe.com/Variables/1.0/"],
    ["Illustrator image replacement", "http://ns.adobe.com/ImageReplacement/1.0/"],
  ])("%s", (_, uri) => {
    // Their text and attributes go with them, even one named like an event handler; so does a namespace
    // declaration whose prefix starts with "on".
    const svg = `<svg xmlns="${SVG}" xmlns:e="${uri}" xmlns:onx="urn:x" e:version="1" e:onload="x()"><e:note>A note<rect/></e:note><g e:label="Layer 1"><rect/></g></svg>`;
    expect(publishableSvg(svg)).toBe(`<svg xmlns="${SVG}"><g><rect></rect></g></svg>`);
  });
});

describe("a style that would load or run something is refused, named, wherever it stands", () => {
  const rect = (attributes: string) => `<svg xmlns="${SVG}">\n<rect ${attributes}/></svg>`;
  const style = (css: string) => `<svg xmlns="${SVG}"><style>${css}</style></svg>`;

  it.each([
    ["a CSS escape (\\)", "fill:u\\72l(x)"],
    ["@import", "@IMPORT 'x.css'"],
    ["@font-face", "@font-face{src:x}"],
    ["@namespace", "@namespace x url(#a)"],
    ["image-set()", "fill:image-set ('x.png' 1x)"],
    ["src()", "fill:src('x')"],
    ["url() to anything but an #id in this file", "fill:url( https://x.example/a.svg#b)"],
    ["a script in CSS", "width:expression (alert(1))"],
    ["a script in CSS", "-moz-binding:x"],
    ["a script in CSS", "behavior : url(#x)"],
  ])("%s in a style attribute", (what, css) => {
    expect(refusal(rect(`style="${css}"`))).toBe(`${what} in the style attribute of <rect> (line 2)`);
    expect(refusal(style(css))).toBe(`${what} in a <style> element (line 1)`);
  });

  it("in any other attribute, only what loads: url() to elsewhere, image-set() and src()", () => {
    expect(refusal(rect('fill="url(x.svg#a)"'))).toBe(
      "url() to anything but an #id in this file in the fill attribute of <rect> (line 2)",
    );
    expect(refusal(rect('fill="image-set(x)"'))).toBe("image-set() in the fill attribute of <rect> (line 2)");
    expect(refusal(rect('fill="src(x)"'))).toBe("src() in the fill attribute of <rect> (line 2)");
    expect(refusal(rect('class="a\\b"'))).toBe(undefined);
    expect(refusal(rect('fill="url(#a)" stroke="url(\'#b\')"'))).toBe(undefined);
  });

  it("a loader or script is found with any run of spaces before its bracket or colon", () => {
    for (const [what, css] of [
      ["src()", ".a{x: src  (y)}"],
      ["src()", ".a{x: src\t(y)}"],
      ["url() to anything but an #id in this file", ".a{fill: url  (x.svg)}"],
      ["url() to anything but an #id in this file", ".a{fill: url\n(x.svg)}"],
      ["a script in CSS", ".a{width: expression  (1)}"],
      ["a script in CSS", ".a{behavior  : x}"],
    ])
      expect(refusal(style(css as string)), css).toBe(
        `${what} in a <style> element (line ${css?.includes("\n") ? 2 : 1})`,
      );
  });

  it("what only looks like a loader is drawing: a url to an #id, a property ending in src, a comment", () => {
    expect(refusal(style(".a{fill:url(#g);mask:url('#m')} /* url(x) */"))).toBe(undefined);
    expect(refusal(style(".a{--imgsrc(1):x;font-family:a-src(2)}"))).toBe(undefined);
  });
});

describe("what is refused is named as the author reads it", () => {
  const element = (inner: string) => `<svg xmlns="${SVG}">${inner}</svg>`;
  const drawingOnly = "is not allowed: an SVG may hold drawing only, no script, HTML, animation or embedded images";

  it("a DOCTYPE, a processing instruction, an element from elsewhere, a root that is not <svg>", () => {
    expect(refusal(`<!DOCTYPE svg [<!ENTITY a "b">]><svg xmlns="${SVG}"/>`)).toBe(
      "a <!DOCTYPE> (line 1): it can define entities that expand the file; export without one",
    );
    expect(refusal(`<?xml-stylesheet href="x.css"?><svg xmlns="${SVG}"/>`)).toBe(
      "the processing instruction <?xml-stylesheet?> (line 1): it can load a stylesheet; export without it",
    );
    expect(refusal(element('<h:div xmlns:h="http://www.w3.org/1999/xhtml"/>'))).toBe(
      `the element <h:div> in the namespace http://www.w3.org/1999/xhtml (line 1) ${drawingOnly}`,
    );
    expect(refusal(element('<foo xmlns=""/>'))).toBe(
      `the element <foo> outside the SVG namespace (line 1) ${drawingOnly}`,
    );
    expect(refusal(element("<image/>"))).toBe(`the element <image> (line 1) ${drawingOnly}`);
    expect(refusal(`<g xmlns="${SVG}"/>`)).toBe("the file's root element is <g>, not <svg>");
    // An element from elsewhere is refused even where its name is an SVG element's.
    expect(refusal(element('<h:style xmlns:h="http://www.w3.org/1999/xhtml"/>'))).toBe(
      `the element <h:style> in the namespace http://www.w3.org/1999/xhtml (line 1) ${drawingOnly}`,
    );
    expect(refusal(element('<rect xmlns=""/>'))).toBe(
      `the element <rect> outside the SVG namespace (line 1) ${drawingOnly}`,
    );
    // A file whose only element is an editor's metadata has no drawing.
    expect(refusal('<i:x xmlns:i="http://www.inkscape.org/namespaces/inkscape"><i:y/></i:x>')).toBe(
      "no <svg> element in the file",
    );
  });

  it("an event handler in any case; a reference elsewhere, shown up to 60 characters", () => {
    expect(refusal(element('<rect ONCLICK="x()"/>'))).toBe(
      "the event handler the ONCLICK attribute of <rect> (line 1) is not allowed: an SVG may hold no script",
    );
    expect(refusal(element(`<a href="javascript:${"a".repeat(80)}"/>`))).toBe(
      `the href attribute of <a> (line 1) points to "javascript:${"a".repeat(49)}": references may only point to an #id inside the same file`,
    );
  });

  it("a reference may hold what browsers drop (controls, spaces), but nothing after the #id they keep", () => {
    expect(refusal(element('<use href="#a&#9;b"/>'))).toBe(undefined);
    expect(refusal(element('<use href="#a&#160;b"/>'))).toMatch(/points to/);
    expect(publishableSvg(element('<use href="#a"/>'))).toBe(element('<use href="#a"></use>'));
  });

  it("a file that is not well-formed, or has no element, names its line", () => {
    expect(refusal(`<svg xmlns="${SVG}">${"\n".repeat(11)}<rect></svg>`)).toBe(
      "not a well-formed SVG file: line 12: unexpected close tag.",
    );
    expect(refusal("<!-- only a comment -->")).toBe(
      "not a well-formed SVG file: line 1: document must contain a root element.",
    );
  });

  it("text and attribute values are written escaped, a quote in a value as &quot;", () => {
    expect(publishableSvg(element("<text class='a\"b'>1 &lt; 2 &amp; 3 &gt; 0</text>"))).toBe(
      element('<text class="a&quot;b">1 &lt; 2 &amp; 3 &gt; 0</text>'),
    );
  });
});
