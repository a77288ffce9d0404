/**
 * German in WebKit: long words carry the build's soft hyphens (README, Typography), and a word breaks across
 * lines only at a hyphen, at every width the site is designed for. One load per page, resized in place.
 */
import { expect, test } from "vitest";
import { expectedErrorsFor, SITE_PAGES } from "../e2e/content.ts";
import { DESIGN_WIDTHS, wordsBrokenWithoutHyphen } from "../e2e/word-breaks.ts";
import { attach, inPage, open, setViewport, violations } from "./session.ts";
import { pageErrors } from "./watch.ts";

const page = attach();

// The German pages, and the Impressum, which is bilingual.
for (const sitePage of SITE_PAGES.filter((candidate) => candidate.lang === "de" || candidate.kind === "impressum")) {
  test(`${sitePage.path}: words break only at hyphens at ${DESIGN_WIDTHS.join(", ")} px`, async () => {
    await setViewport(page, DESIGN_WIDTHS[0] ?? 320);
    await open(page, sitePage.path);
    const broken: string[] = [];
    for (const width of DESIGN_WIDTHS) {
      await setViewport(page, width);
      const found = await inPage(page, wordsBrokenWithoutHyphen);
      broken.push(...found.map((split) => `${width} px: ${split}`));
    }
    expect(broken).toEqual([]);
    expect(await pageErrors(page.driver, expectedErrorsFor(sitePage)), "errors in the page").toEqual([]);
    expect(await violations(page), "policy violations").toEqual([]);
  });
}

/** Longer than a 320 px line at the hero headline's size, with its syllables marked. */
const LONG_WORD = ["Daten", "schutz", "grund", "ver", "ord", "nungs", "än", "de", "rungs", "ge", "setz"];

test("the check tells a break at a soft hyphen from one without (WebKit, 320 px)", async () => {
  await setViewport(page, 320);
  await open(page, SITE_PAGES.find((candidate) => candidate.lang === "de" && candidate.kind === "home")?.path ?? "");
  const breaksWith = (word: string) =>
    page.driver
      .executeScript((text: string) => {
        const headline = document.querySelector("h1");
        if (headline) headline.textContent = text;
      }, word)
      .then(() => inPage(page, wordsBrokenWithoutHyphen));
  expect(await breaksWith(LONG_WORD.join("\u00ad"))).toEqual([]);
  expect(await breaksWith(LONG_WORD.join(""))).toEqual([expect.stringContaining(LONG_WORD.join(""))]);
});
