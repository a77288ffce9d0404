/**
 * No page changes height as the visitor scrolls through it (tests/e2e/page-height.ts): a part laid out only near
 * the screen, with an estimated height until then, would make the scroll bar jump. The same test runs in WebKit
 * (tests/webkit/pages.test.ts), which lays such a part out only once it is on screen.
 */
import { SITE_PAGES, expectedErrorsFor } from "./content.ts";
import { expect, test } from "./fixtures.ts";
import { measurePageHeights } from "./page-height.ts";

for (const sitePage of SITE_PAGES) {
  for (const width of [375, 1280]) {
    test.describe(`${sitePage.path} at ${width} px`, () => {
      test.use({ viewport: { width, height: 800 }, expectedErrors: expectedErrorsFor(sitePage) });

      test("the same height at load as after scrolling through", async ({ page }) => {
        await page.goto(sitePage.path);
        const heights = await page.evaluate(measurePageHeights);
        expect(heights.afterScrolling).toBe(heights.atLoad);
      });
    });
  }
}
