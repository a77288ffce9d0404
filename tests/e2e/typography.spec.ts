import { SITE_PAGES, expectedErrorsFor } from "./content.ts";
import { expect, test } from "./fixtures.ts";

/**
 * No word may break across lines without a hyphen, from 320 px up: every word of the page (letters only,
 * so e-mail addresses and URLs may wrap where they must) is measured, and where it spans two lines the
 * break must follow a soft hyphen (the build's, in headings) or a hyphen.
 */
for (const width of [320, 375]) {
  for (const sitePage of SITE_PAGES) {
    test.describe(`${sitePage.path} at ${width} px`, () => {
      test.use({ viewport: { width, height: 800 }, expectedErrors: expectedErrorsFor(sitePage) });

      test("no word is split across lines without a hyphen", async ({ page }) => {
        await page.goto(sitePage.path);
        const broken = await page.evaluate(() => {
          const found: string[] = [];
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? "";
            for (const match of text.matchAll(/[\p{L}\u00ad]{2,}/gu)) {
              const range = document.createRange();
              range.setStart(node, match.index);
              range.setEnd(node, match.index + match[0].length);
              const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
              if (lines.size < 2) continue;
              // Where the word leaves its first line: the character before must be a (soft) hyphen.
              let firstTop: number | undefined;
              for (let index = match.index; index < match.index + match[0].length; index += 1) {
                range.setStart(node, index);
                range.setEnd(node, index + 1);
                const rect = [...range.getClientRects()].find((candidate) => candidate.width > 0);
                if (!rect) continue;
                firstTop ??= Math.round(rect.top);
                if (Math.round(rect.top) > firstTop) {
                  // The character right after a break at a soft hyphen can still measure on the first line (its
                  // range touches the hyphen the browser drew there), so the hyphen may stand one further back.
                  if (![text[index - 1], text[index - 2]].some((char) => char === "\u00ad" || char === "-")) {
                    found.push(`${node.parentElement?.localName}: "${match[0].replace(/\u00ad/g, "")}" breaks before "${text.slice(index, index + 3)}"`);
                  }
                  break;
                }
              }
            }
          }
          return found;
        });
        expect(broken).toEqual([]);
      });
    });
  }
}
