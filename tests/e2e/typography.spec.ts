import { SITE_PAGES, expectedErrorsFor } from "./content.ts";
import { expect, test } from "./fixtures.ts";
import { DESIGN_WIDTHS as WIDTHS, wordsBrokenWithoutHyphen } from "./word-breaks.ts";

/**
 * No word may break across lines without a hyphen, from 320 px up (tests/e2e/word-breaks.ts).
 * One load per page, resized in place: the layout is redone at each width without another request.
 */
for (const sitePage of SITE_PAGES) {
  test.describe(sitePage.path, () => {
    test.use({ viewport: { width: WIDTHS[0] ?? 320, height: 800 }, expectedErrors: expectedErrorsFor(sitePage) });

    test(`no word is split across lines without a hyphen at ${WIDTHS.join(", ")} px`, async ({ page }) => {
      await page.goto(sitePage.path);
      const broken: string[] = [];
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        const found = await page.evaluate(wordsBrokenWithoutHyphen);
        broken.push(...found.map((split) => `${width} px: ${split}`));
      }
      expect(broken).toEqual([]);
    });
  });
}

/**
 * Diagrams on a phone: where the author drew a portrait variant (name.narrow.png next to name.png), a phone
 * held upright shows it, in a box of its own shape reserved before it loads; a laptop shows the landscape one.
 */
for (const sitePage of SITE_PAGES.filter(
  (candidate) => candidate.kind === "page" && /insights|einblicke/.test(candidate.path),
)) {
  test.describe(`${sitePage.path} diagrams`, () => {
    test("a phone shows the portrait variant, a laptop the landscape one", async ({ page }) => {
      const shown = async (width: number, narrow: boolean) => {
        await page.setViewportSize({ width, height: 800 });
        const image = page.locator(".prose picture img").first();
        await image.scrollIntoViewIfNeeded();
        // After a resize the previous source may still be the complete one for a moment: wait for the switch.
        const source = expect.poll(() => image.evaluate((img: HTMLImageElement) => img.currentSrc));
        await (narrow ? source.toMatch(/-narrow-/) : source.not.toMatch(/-narrow-/));
        await expect(image).toHaveJSProperty("complete", true);
        return image.evaluate((img: HTMLImageElement) => ({
          src: img.currentSrc,
          ratio: img.getBoundingClientRect().height / img.getBoundingClientRect().width,
          natural: img.naturalHeight / img.naturalWidth,
        }));
      };
      await page.goto(sitePage.path);
      const phone = await shown(375, true);
      expect(phone.src).toMatch(/-narrow-/);
      expect(phone.ratio).toBeGreaterThan(1);
      expect(phone.ratio).toBeCloseTo(phone.natural, 1);
      const laptop = await shown(1280, false);
      expect(laptop.src).not.toMatch(/-narrow-/);
      expect(laptop.ratio).toBeLessThan(1);
    });
  });
}
