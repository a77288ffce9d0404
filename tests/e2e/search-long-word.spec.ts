/**
 * One German word of 50,000 letters in a page (tests/unit/search/long-word.test.ts bounds its terms): a live build
 * of that site, served by the real server, and German search in Chromium still finds another page, the long word's
 * own page by its start, and throws nothing (it threw "Maximum call stack size exceeded" for every query).
 */
import { test as plain, type Page } from "@playwright/test";
import { LONG_PAGE, LONG_WORD, longWordSite } from "../unit/search/long-word-site.ts";
import { expect } from "./fixtures.ts";
import { article, dialogOf, home, openWithSlash, statusOf, servedLiveBuild } from "./search-page.ts";

plain.describe("German search on a site with a 50,000-letter word", () => {
  plain.describe.configure({ mode: "serial" });
  const site = servedLiveBuild(longWordSite);

  async function searchFor(page: Page, query: string, paste = false): Promise<string[]> {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`${site.base}${home("de")}`);
    await openWithSlash(page, "de");
    if (paste) await page.keyboard.insertText(query);
    else await page.keyboard.type(query, { delay: 20 });
    await expect(statusOf(page)).not.toHaveText("");
    return errors;
  }

  plain("finds another page, the RAG article, by a word of its title", async ({ page }) => {
    const errors = await searchFor(page, "Agenten");
    const rag = article("de");
    await expect(dialogOf(page, "de").getByRole("link", { name: rag?.page?.meta.title })).toHaveAttribute(
      "href",
      rag?.path ?? "",
    );
    expect(errors).toEqual([]);
  });

  plain("finds the long word's page by the word's start, and by the whole word pasted", async ({ page }) => {
    const errors = await searchFor(page, "Donaudampfschiff");
    await expect(dialogOf(page, "de").getByRole("link", { name: LONG_PAGE.title })).toHaveAttribute(
      "href",
      LONG_PAGE.path,
    );
    await page.keyboard.press("Control+A");
    await page.keyboard.insertText(LONG_WORD);
    await expect(dialogOf(page, "de").getByRole("link", { name: LONG_PAGE.title })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
