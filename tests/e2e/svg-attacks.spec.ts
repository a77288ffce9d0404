/**
 * The SVG attacks of issue 21, opened the way a visitor would open /assets/<diagram>.svg on a host that
 * sends no CSP: as they were written each one runs a script or reaches another origin in Chromium, and
 * the build's SVG allowlist refuses each; a drawing as the build publishes it makes no request at all.
 */
import { expect, test, type Page } from "@playwright/test";
import fc from "fast-check";
import { publishableSvg } from "../../src/pipeline/images/svg.ts";
import { KNOWN_ATTACKS, svgDrawing } from "../unit/pipeline/images/svg-attacks.ts";

/** Serves `svg` at /svg-under-test.svg without any security header, and records every other request. */
async function open(page: Page, svg: string): Promise<string[]> {
  const requests: string[] = [];
  await page.route("**/*", (route) => {
    const url = route.request().url();
    if (url.endsWith("/svg-under-test.svg"))
      return route.fulfill({ status: 200, contentType: "image/svg+xml", body: svg });
    requests.push(url);
    return route.fulfill({ status: 204, body: "" });
  });
  await page.goto("/svg-under-test.svg", { waitUntil: "load" });
  return requests;
}

test.describe("SVG attacks in a browser", () => {
  for (const [name, svg] of Object.entries(KNOWN_ATTACKS)) {
    test(`${name}: runs or reaches out as written, and the build refuses it`, async ({ page }) => {
      const effect = page.waitForRequest((request) => /\/pwned$|evil\.example/.test(request.url()));
      await open(page, svg);
      // Links (a javascript: href, one set by SMIL) act when clicked; everything else acts on load.
      await page.mouse.click(5, 5);
      await effect;
      expect(() => publishableSvg(svg)).toThrow();
    });
  }

  test("drawings as the build publishes them make no request when opened", async ({ page }) => {
    const samples = fc.sample(svgDrawing, { numRuns: 15, seed: 21 });
    for (const drawing of samples) {
      expect(await open(page, publishableSvg(drawing))).toEqual([]);
      await page.unrouteAll();
    }
  });
});
