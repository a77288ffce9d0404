/**
 * What an SVG diagram may contain. Served from /assets/, an SVG opened on its own is a document of the
 * site's origin, and a host without our CSP (a plain bucket) would run its scripts and fetch what it
 * references. So only drawing is allowed: no script, no embedded HTML, no animation (SMIL can rewrite an
 * href into javascript:), no images, fonts or styles from anywhere, and references only to #ids inside
 * the file.
 */
export const SVG_NAMESPACE = "http://www.w3.org/2000/svg";
export const XLINK_NAMESPACE = "http://www.w3.org/1999/xlink";
export const XML_NAMESPACE = "http://www.w3.org/XML/1998/namespace";

/** Elements (in the SVG namespace) a drawing needs. Anything else is refused by name. */
export const SVG_ELEMENTS: ReadonlySet<string> = new Set([
  "svg", "g", "defs", "symbol", "use", "a", "title", "desc", "metadata", "style", "switch",
  "path", "rect", "circle", "ellipse", "line", "polyline", "polygon",
  "text", "tspan", "textPath",
  "marker", "clipPath", "mask", "pattern", "linearGradient", "radialGradient", "stop",
  "filter", "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix",
  "feDiffuseLighting", "feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood", "feFuncA",
  "feFuncB", "feFuncG", "feFuncR", "feGaussianBlur", "feMerge", "feMergeNode", "feMorphology",
  "feOffset", "fePointLight", "feSpecularLighting", "feSpotLight", "feTile", "feTurbulence",
]);

/**
 * Drawing programs write their own bookkeeping into namespaces of their own (Inkscape's layer names,
 * RDF licence metadata). Browsers ignore it; it is left out of the published file rather than refused.
 */
export const EDITOR_NAMESPACES: ReadonlySet<string> = new Set([
  "http://www.inkscape.org/namespaces/inkscape",
  "http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd",
  "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
  "http://purl.org/dc/elements/1.1/",
  "http://creativecommons.org/ns#",
  "http://www.bohemiancoding.com/sketch/ns",
  "http://ns.adobe.com/AdobeIllustrator/10.0/",
  "http://ns.adobe.com/Graphs/1.0/",
  "http://ns.adobe.com/SaveForWeb/1.0/",
  "http://ns.adobe.com/Extensibility/1.0/",
  "http://ns.adobe.com/Variables/1.0/",
  "http://ns.adobe.com/ImageReplacement/1.0/",
]);

/** Attributes (without a namespace) that style or place a drawing. Others are left out of the published file. */
export const SVG_ATTRIBUTES: ReadonlySet<string> = new Set([
  "id", "class", "style", "lang", "tabindex", "role", "focusable",
  "aria-label", "aria-labelledby", "aria-describedby", "aria-hidden",
  "version", "baseProfile", "viewBox", "preserveAspectRatio", "width", "height", "x", "y", "transform",
  "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "fx", "fy", "fr", "d", "points", "pathLength",
  "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin",
  "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "stroke-opacity", "opacity", "color",
  "display", "visibility", "overflow", "clip", "clip-path", "clip-rule", "mask", "filter",
  "marker-start", "marker-mid", "marker-end", "markerWidth", "markerHeight", "markerUnits", "refX", "refY", "orient",
  "font-family", "font-size", "font-size-adjust", "font-weight", "font-style", "font-variant", "font-stretch",
  "text-anchor", "dominant-baseline", "alignment-baseline", "baseline-shift", "letter-spacing", "word-spacing",
  "text-decoration", "writing-mode", "direction", "unicode-bidi", "dx", "dy", "rotate", "textLength",
  "lengthAdjust", "startOffset", "method", "spacing", "side",
  "gradientUnits", "gradientTransform", "spreadMethod", "offset", "stop-color", "stop-opacity",
  "patternUnits", "patternContentUnits", "patternTransform", "clipPathUnits", "maskUnits", "maskContentUnits",
  "filterUnits", "primitiveUnits", "in", "in2", "result", "stdDeviation", "mode", "operator",
  "k1", "k2", "k3", "k4", "values", "type", "tableValues", "slope", "intercept", "amplitude", "exponent",
  "flood-color", "flood-opacity", "lighting-color", "baseFrequency", "numOctaves", "seed", "stitchTiles",
  "radius", "scale", "xChannelSelector", "yChannelSelector", "kernelMatrix", "kernelUnitLength", "order",
  "divisor", "bias", "targetX", "targetY", "edgeMode", "preserveAlpha", "surfaceScale", "specularConstant",
  "specularExponent", "diffuseConstant", "azimuth", "elevation", "pointsAtX", "pointsAtY", "pointsAtZ",
  "limitingConeAngle", "z", "shape-rendering", "text-rendering", "image-rendering", "color-interpolation",
  "color-interpolation-filters", "vector-effect", "paint-order", "mix-blend-mode", "isolation",
  "enable-background", "systemLanguage", "requiredExtensions", "media",
]);

/** Attributes that point somewhere: allowed only as a reference to an #id inside the same file. */
export const REFERENCE_ATTRIBUTES: ReadonlySet<string> = new Set(["href", "src"]);

/**
 * What no style may contain, in a style attribute or a <style> element: anything that loads a resource
 * (url() to anything but an #id, image-set(), @import, @font-face), and CSS escapes, which could spell
 * any of these in a way a text check cannot see. `everywhere`: also checked in every other attribute's value
 * (fill="url(…)"), not only in styles.
 */
export const STYLE_REFUSALS: { pattern: RegExp; what: string; everywhere?: true }[] = [
  { pattern: /\\/, what: "a CSS escape (\\)" },
  { pattern: /@import/i, what: "@import" },
  { pattern: /@font-face/i, what: "@font-face" },
  { pattern: /@namespace/i, what: "@namespace" },
  { pattern: /image-set\s*\(/i, what: "image-set()", everywhere: true },
  { pattern: /(?:^|[^a-z-])src\s*\(/i, what: "src()", everywhere: true },
  { pattern: /url\s*\(\s*(?!["']?\s*#)/i, what: "url() to anything but an #id in this file", everywhere: true },
  { pattern: /expression\s*\(|-moz-binding|behavior\s*:/i, what: "a script in CSS" },
];
