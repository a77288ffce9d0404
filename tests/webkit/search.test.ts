/**
 * Site search in WebKit, in both languages, on the site's own dist/: nothing of search is fetched until the control
 * is focused, then same-origin files only; typing finds the page (German: a compound by its part, Übersicht
 * without its umlaut); "/" opens, the arrow keys move, Escape closes and gives the focus back; the live region
 * counts; the dialog is modal. (Drafts and the other language's results: tests/e2e/search.spec.ts, on a site built
 * for them.)
 */
import { By, Key } from "selenium-webdriver";
import { expect, test } from "vitest";
import { fill } from "../../src/content/rules/interpolate.ts";
import { content, type Lang, LANGS, model } from "../e2e/content.ts";
import { attach, inPage, open, setViewport, violations } from "./session.ts";
import { pageErrors } from "./watch.ts";

const page = attach();

/** The site's pages a query must find, by language: title words, a compound's part, a folded umlaut. */
const CASES: Record<Lang, { query: string; finds: string }[]> = {
  en: [{ query: "agent", finds: "insights/rag-agents" }],
  de: [
    { query: "Agent", finds: "insights/rag-agents" },
    { query: "Management", finds: "insights/rag-agents" },
    { query: "Ubersicht", finds: "insights/rag-agents" },
  ],
};

const resources = () => inPage(page, () => performance.getEntriesByType("resource").map((entry) => entry.name));
const waitFor = (condition: () => Promise<boolean>, message: string) => page.driver.wait(condition, 10_000, message);
const status = () => inPage(page, () => document.querySelector("dialog [role=status]")?.textContent ?? "");

async function openSearch(lang: Lang): Promise<void> {
  await page.driver.actions().sendKeys("/").perform();
  await waitFor(
    () => inPage(page, () => document.activeElement?.matches("dialog[open] input[type=search]") ?? false),
    `the ${lang} search field did not get the focus`,
  );
}

for (const lang of LANGS) {
  for (const width of [375, 1280]) {
    test(`${lang}, ${width} px: nothing until the control is focused, then same-origin files only`, async () => {
      await setViewport(page, width);
      await open(page, model.find("home", lang)?.path ?? "/");
      expect((await resources()).filter((url) => url.includes("search"))).toEqual([]);
      await inPage(page, () => document.querySelector<HTMLElement>("header [data-search]")?.focus());
      await waitFor(
        async () => (await resources()).some((url) => url.includes(`/search/index-`)),
        "focusing the control fetched no index",
      );
      expect((await resources()).every((url) => url.startsWith(`${page.origin}/`))).toBe(true);
      expect(await pageErrors(page.driver)).toEqual([]);
    });
  }

  for (const { query, finds } of CASES[lang]) {
    test(`${lang}: "${query}" finds ${finds}, the count announced, the focus kept in the field`, async () => {
      await setViewport(page, 1280);
      await open(page, model.find("home", lang)?.path ?? "/");
      await openSearch(lang);
      await page.driver.actions().sendKeys(query).perform();
      const target = model.find(finds, lang);
      await waitFor(
        () =>
          inPage(
            page,
            (path: string) => [...document.querySelectorAll("dialog a")].some((a) => a.getAttribute("href") === path),
            target?.path ?? "",
          ),
        `"${query}" did not find ${target?.path}`,
      );
      const count = await inPage(page, () => document.querySelectorAll("dialog li").length);
      const copy = content.langs[lang].common.search;
      await waitFor(async () => (await status()) !== "", "the live region stayed empty");
      expect(await status()).toBe(fill(count === 1 ? copy.oneResult : copy.results, { count, query }));
      expect(await inPage(page, () => document.activeElement?.matches("dialog input") ?? false)).toBe(true);
      expect(await violations(page)).toEqual([]);
    });
  }

  test(`${lang}: the keyboard, and the focus back on the control`, async () => {
    await setViewport(page, 1280);
    await open(page, model.find("home", lang)?.path ?? "/");
    await inPage(page, () => document.querySelector<HTMLElement>("header [data-search]")?.focus());
    await page.driver.actions().sendKeys(Key.ENTER).perform();
    await waitFor(
      () => inPage(page, () => document.activeElement?.matches("dialog[open] input") ?? false),
      "Enter on the control did not open the dialog",
    );
    await page.driver
      .actions()
      .sendKeys(CASES[lang][0]?.query ?? "")
      .perform();
    await waitFor(() => inPage(page, () => document.querySelector("dialog a") !== null), "no result");
    await page.driver.actions().sendKeys(Key.ARROW_DOWN).perform();
    expect(await inPage(page, () => document.activeElement === document.querySelector("dialog a"))).toBe(true);
    await page.driver.actions().sendKeys(Key.ARROW_UP).perform();
    expect(await inPage(page, () => document.activeElement?.matches("dialog input") ?? false)).toBe(true);
    await page.driver.actions().sendKeys(Key.ESCAPE).perform();
    await waitFor(() => inPage(page, () => document.querySelector("dialog[open]") === null), "Escape did not close");
    expect(await inPage(page, () => document.activeElement?.matches("header [data-search]") ?? false)).toBe(true);
    // Modal: the page behind the open dialog cannot be focused.
    await openSearch(lang);
    expect(
      await inPage(page, () => {
        const link = document.querySelector<HTMLElement>("main a");
        link?.focus();
        return document.activeElement === link;
      }),
    ).toBe(false);
    expect(await page.driver.findElement(By.css("dialog")).getAttribute("aria-labelledby")).toBeTruthy();
  });
}
