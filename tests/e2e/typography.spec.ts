import { SITE_PAGES, expectedErrorsFor } from "./content.ts";
import { expect, test } from "./fixtures.ts";

/** Small and large phone, tablet, laptop and desktop: the widths the site is designed and looked at for. */
const WIDTHS = [320, 375, 768, 1280, 1440];

/**
 * No word may break across lines without a hyphen, from 320 px up: every word of the page (letters only,
 * so e-mail addresses and URLs may wrap where they must) is measured with a Range, and where it spans two
 * lines the break must follow a hyphen, or a soft hyphen that the browser drew as one.
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
        const found = await page.evaluate(() => {
          const lineOf = (range: Range) => {
            const rect = [...range.getClientRects()].find((candidate) => candidate.width > 0);
            return rect && { top: Math.round(rect.top), width: rect.width };
          };
          const splits: string[] = [];
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? "";
            for (const match of text.matchAll(/[\p{L}\u00ad]{2,}/gu)) {
              const range = document.createRange();
              range.setStart(node, match.index);
              range.setEnd(node, match.index + match[0].length);
              const lines = new Set(
                [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)),
              );
              if (lines.size < 2) continue;
              // Where the word leaves its first line: the character before must be a hyphen, or a soft hyphen
              // with a width (drawn as a hyphen at the line's end; elsewhere it has none).
              let firstTop: number | undefined;
              for (let index = match.index; index < match.index + match[0].length; index += 1) {
                range.setStart(node, index);
                range.setEnd(node, index + 1);
                const line = lineOf(range);
                if (!line) continue;
                firstTop ??= line.top;
                if (line.top === firstTop) continue;
                // The character right after a break at a soft hyphen can still measure on the first line (its
                // range touches the hyphen drawn there), so the hyphen may stand one further back.
                const hyphenAt = [index - 1, index - 2].find((at) => text[at] === "\u00ad" || text[at] === "-");
                let shown = hyphenAt !== undefined && text[hyphenAt] === "-";
                if (hyphenAt !== undefined && !shown) {
                  range.setStart(node, hyphenAt);
                  range.setEnd(node, hyphenAt + 1);
                  shown = (lineOf(range)?.width ?? 0) > 0;
                }
                if (!shown) {
                  const word = match[0].replace(/\u00ad/g, "");
                  splits.push(
                    `${node.parentElement?.localName}: "${word}" breaks before "${text.slice(index, index + 3).replace(/\u00ad/g, "")}"`,
                  );
                }
                break;
              }
            }
          }
          return splits;
        });
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
