/**
 * No page changes height as the visitor scrolls through it (tests/e2e/page-height.ts): a part laid out only near
 * the screen, with an estimated height until then, would make the scroll bar jump. The same test runs in WebKit
 * (tests/webkit/pages.test.ts), which lays such a part out only once it is on screen.
 */
import { SITE_PAGES, expectedErrorsFor } from "./content.ts";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { measurePageHeights } from "./page-height.ts";

async function measured(page: Page, path: string) {
  await page.goto(path);
  // Puppeteer's answer to a headless page that draws no frames (puppeteer/puppeteer#10350).
  await page.bringToFront();
  return page.evaluate(measurePageHeights);
}

for (const sitePage of SITE_PAGES) {
  for (const width of [375, 1280]) {
    test.describe(`${sitePage.path} at ${width} px`, () => {
      test.use({ viewport: { width, height: 800 }, expectedErrors: expectedErrorsFor(sitePage) });

      test("the same height at load as after scrolling through", async ({ page, context }) => {
        let heights = await measured(page, sitePage.path);
        if (heights.framesDrawn === 0) {
          // The old headless shell has been seen to stop drawing one page for good (tests/e2e/page-height.ts): a
          // measurement without frames says nothing of content-visibility, so it is taken again on a new page, once.
          console.log(`${sitePage.path} at ${width} px: the browser drew no frame; measuring again on a new page`);
          heights = await measured(await context.newPage(), sitePage.path);
        }
        expect(heights.afterScrolling).toBe(heights.atLoad);
        // Drawn frames at all, not a share of those asked: a loaded machine drops frames (8 of 24 in a CI run), and
        // any drawn frame laid the sections out, which is what the height comparison needs.
        expect(heights.framesDrawn, "frames the browser drew while scrolling").toBeGreaterThan(0);
      });
    });
  }
}
