/**
 * Issue 58 in WebKit: scrolled into the third section of an article, the language switch shows the counterpart of
 * that section's heading under the header (the headings' words and ids differ between the languages), on a phone
 * and a laptop, both directions (tests/e2e/reading-place.spec.ts does the same in Chromium).
 */
import { expect, test } from "vitest";
import { LANGS, model, otherLang } from "../e2e/content.ts";
import { scrollSettled } from "./in-page.ts";
import { attach, inPage, open, setViewport, switchLanguage } from "./session.ts";
import { pageErrors } from "./watch.ts";

const page = attach();

const ARTICLES = model.routes.filter(
  (route) => route.kind === "page" && route.key.startsWith("insights/") && route.lang === model.defaultLocale.code,
);

/** The text of the heading the reader is in (the last h2 whose top passed the line under the header), and the third's. */
const headings = () =>
  inPage(page, () => {
    const line = (document.querySelector(".site-header")?.getBoundingClientRect().bottom ?? 0) + 1;
    const all = [...document.querySelectorAll(".prose h2")];
    return {
      current: all.filter((heading) => heading.getBoundingClientRect().top <= line).at(-1)?.textContent ?? "",
      third: all[2]?.textContent ?? "",
    };
  });

for (const route of ARTICLES)
  for (const from of LANGS) {
    const to = otherLang(from);
    for (const width of [375, 1280]) {
      test(`${route.key}, ${from} → ${to} (${width} px): the third section's counterpart`, async () => {
        const path = (lang: string) => (lang === route.lang ? route.path : route.alternates[lang]);
        await setViewport(page, width);
        await open(page, path(from) ?? "");
        await page.driver.executeScript(() => {
          const line = (document.querySelector(".site-header")?.getBoundingClientRect().bottom ?? 0) + 1;
          const [third, fourth] = [...document.querySelectorAll(".prose h2")]
            .slice(2, 4)
            .map((h) => h.getBoundingClientRect().top);
          if (third === undefined || fourth === undefined) throw new Error("fewer than four headings");
          window.scrollBy({ top: third + 0.4 * (fourth - third) - line, behavior: "instant" });
        });
        await inPage(page, scrollSettled);
        const before = await headings();
        expect(before.current).toBe(before.third);

        await switchLanguage(page, to);
        const after = await headings();
        expect(after.third).not.toBe(before.third);
        expect(after.current).toBe(after.third);
        expect(await pageErrors(page.driver), "errors in the page").toEqual([]);
      });
    }
  }
