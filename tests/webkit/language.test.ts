/**
 * The language switch in WebKit: the other language's page is swapped in place (the document, and what a script
 * left on window, stay), its address and headline change, and the reading position (#expertise just below the
 * sticky header) stays where it was, on a phone and a laptop.
 */
import { By } from "selenium-webdriver";
import { expect, test } from "vitest";
import { copy, LANGS, otherLang, paths } from "../e2e/content.ts";
import { scrollSettled } from "./in-page.ts";
import { attach, inPage, open, setViewport, switchLanguage, violations } from "./session.ts";
import { pageErrors } from "./watch.ts";

const page = attach();

declare global {
  interface Window {
    __sameDocument?: boolean;
  }
}

/** #expertise's top on screen, and the sticky header's bottom. */
const expertiseAndHeader = () =>
  inPage(page, () => ({
    expertise: document.getElementById("expertise")?.getBoundingClientRect().top ?? Number.NaN,
    header: document.querySelector(".site-header")?.getBoundingClientRect().bottom ?? Number.NaN,
  }));

for (const from of LANGS) {
  const to = otherLang(from);
  for (const width of [375, 1280]) {
    test(`${from} → ${to} in place, #expertise kept below the header (${width} px)`, async () => {
      await setViewport(page, width);
      await open(page, paths[from].home);
      await page.driver.executeScript(() => {
        window.__sameDocument = true;
        const expertise = document.getElementById("expertise");
        const header = document.querySelector(".site-header");
        if (!expertise || !header) throw new Error("no #expertise or no header");
        // Where reading down the page leaves it: its top just below the sticky header.
        const top = expertise.getBoundingClientRect().top - header.getBoundingClientRect().bottom;
        window.scrollBy({ top, behavior: "instant" });
      });
      await inPage(page, scrollSettled);
      const before = await expertiseAndHeader();
      expect(Math.abs(before.expertise - before.header)).toBeLessThanOrEqual(1);

      await switchLanguage(page, to);

      expect(new URL(await page.driver.getCurrentUrl()).pathname).toBe(paths[to].home);
      expect(await page.driver.findElement(By.css("h1")).getText()).toBe(copy(to).home.hero.headline);
      expect(await page.driver.executeScript(() => window.__sameDocument), "no reload").toBe(true);
      const after = await expertiseAndHeader();
      expect(Math.abs(after.expertise - before.expertise), "#expertise stays where it was").toBeLessThanOrEqual(2);
      expect(await pageErrors(page.driver), "errors in the page").toEqual([]);
      expect(await violations(page), "policy violations").toEqual([]);
    });
  }
}
