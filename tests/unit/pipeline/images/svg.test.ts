import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { publishableSvg } from "../../../../src/pipeline/images/svg.ts";
import { activeContentIn, KNOWN_ATTACKS, refusal, svgAttack, svgDrawing } from "./svg-attacks.ts";

describe("SVG allowlist", () => {
  it.each(Object.entries(KNOWN_ATTACKS))("refuses the %s, naming what it refuses", (_, svg) => {
    expect(refusal(svg)).toMatch(/<[\w:]+>|attribute|@import|points to/);
  });

  it("names the element and its line", () => {
    expect(
      refusal(
        `<svg xmlns="http://www.w3.org/2000/svg">\n<rect/>\n<x:script xmlns:x="http://www.w3.org/2000/svg"/></svg>`,
      ),
    ).toBe(
      "the element <x:script> (line 3) is not allowed: an SVG may hold drawing only, no script, HTML, animation or embedded images",
    );
    expect(refusal(`<svg xmlns="http://www.w3.org/2000/svg"><a href="&#106;avascript:x()"/></svg>`)).toBe(
      'the href attribute of <a> (line 1) points to "javascript:x()": references may only point to an #id inside the same file',
    );
  });

  it("refuses every generated attack: namespaces, character references, case, whitespace, CDATA, SMIL, CSS, DOCTYPE", () => {
    fc.assert(
      fc.property(svgAttack, (svg) => {
        expect(refusal(svg), svg).toBeDefined();
      }),
      { numRuns: 600 },
    );
  });

  it("publishes drawings as export tools write them, with nothing active and editor metadata left out", () => {
    fc.assert(
      fc.property(svgDrawing, (svg) => {
        const published = publishableSvg(svg);
        expect(activeContentIn(published)).toBeUndefined();
        expect(published).not.toContain("inkscape");
        // What is published passes the same check unchanged: the check and the writer agree.
        expect(publishableSvg(published)).toBe(published);
      }),
      { numRuns: 300 },
    );
  });

  it("keeps what draws: shapes, text, styles, references to #ids", () => {
    const svg = `<?xml version="1.0" encoding="UTF-8"?>
<!-- exported -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10" viewBox="0 0 10 10"><style>.a{fill:url(#g)}</style><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs><rect class="a" width="10" height="10"/><use xlink:href="#g"/><text>R&amp;D &lt;AI&gt;</text></svg>`;
    expect(publishableSvg(svg)).toBe(
      '<svg xmlns:xlink="http://www.w3.org/1999/xlink" xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10"><style>.a{fill:url(#g)}</style><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"></stop></linearGradient></defs><rect class="a" width="10" height="10"></rect><use xlink:href="#g"></use><text>R&amp;D &lt;AI&gt;</text></svg>',
    );
  });

  it("refuses a file that is not well-formed XML, with its line", () => {
    expect(refusal(`<svg xmlns="http://www.w3.org/2000/svg">\n<rect></svg>`)).toMatch(
      /^not a well-formed SVG file: line 2: /,
    );
    expect(refusal("<html/>")).toMatch(/<html>/);
  });
});
