/**
 * Every page of the route model in WebKit, on a phone and a laptop: nothing wider than the screen, the same
 * height at load as after scrolling through (no jump, no blank screen at the end), no error, no policy violation.
 */
import { describe, expect, test } from "vitest";
import { measurePageHeights } from "../e2e/page-height.ts";
import { expectedErrorsFor, SITE_PAGES } from "../e2e/content.ts";
import { attach, inPage, open, setViewport, violations } from "./session.ts";
import { pageErrors } from "./watch.ts";

const page = attach();

for (const width of [375, 1280]) {
  describe(`${width} px`, () => {
    for (const sitePage of SITE_PAGES) {
      test(`${sitePage.path}: no overflow, the same height at load and after scrolling through, no error`, async () => {
        await setViewport(page, width);
        await open(page, sitePage.path);
        const heights = await inPage(page, measurePageHeights);
        expect.soft(heights.scrollWidth, "no horizontal overflow").toBeLessThanOrEqual(heights.clientWidth);
        expect.soft(heights.afterScrolling, "height after scrolling through").toBe(heights.atLoad);
        expect.soft(await pageErrors(page.driver, expectedErrorsFor(sitePage)), "errors in the page").toEqual([]);
        expect.soft(await violations(page), "policy violations").toEqual([]);
      });
    }
  });
}
