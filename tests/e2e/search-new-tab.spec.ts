/**
 * Search results and the header's search control opened in a new tab, in both languages. A tab the visitor opens is
 * the browser's own doing: the headless shell the other Chromium tests run in opens it but, in a whole run, at times
 * never loads it, so this file runs in Chromium itself (tests/e2e/browser.ts).
 */
import { CHROMIUM } from "./browser.ts";
import { LANGS, model } from "./content.ts";
import { expect, test } from "./fixtures.ts";
import { article, copyOf, dialogOf, fieldOf, home, openWithSlash, QUERY } from "./search-page.ts";

test.use({ launchOptions: CHROMIUM });

for (const lang of LANGS) {
  test.describe(`search in ${lang}, new tabs`, () => {
    test("Ctrl-click, middle-click and Ctrl+Enter open a result in a new tab, as links do", async ({
      page,
      context,
    }) => {
      await page.goto(home(lang));
      await openWithSlash(page, lang);
      await page.keyboard.type(QUERY[lang]);
      const result = dialogOf(page, lang).getByRole("link", { name: article(lang)?.page?.meta.title ?? "" });
      const target = new URL(article(lang)?.path ?? "", page.url()).href;
      const opened = async (act: () => Promise<void>) => {
        const [tab] = await Promise.all([context.waitForEvent("page"), act()]);
        await tab.waitForURL(target);
        await tab.close();
        // The page itself stays, its dialog open with its results.
        expect(page.url()).not.toBe(target);
        await expect(result).toBeVisible();
      };
      await opened(() => result.click({ modifiers: ["ControlOrMeta"] }));
      await opened(() => result.click({ button: "middle" }));
      await opened(async () => {
        await result.focus();
        await page.keyboard.press("ControlOrMeta+Enter");
      });
      await expect(fieldOf(page, lang)).toHaveValue(QUERY[lang]);
    });

    test("Ctrl-click on the header's control opens the search page in a new tab", async ({ page, context }) => {
      await page.goto(home(lang));
      const control = page.getByRole("banner").getByRole("link", { name: copyOf(lang).title });
      const [tab] = await Promise.all([context.waitForEvent("page"), control.click({ modifiers: ["ControlOrMeta"] })]);
      await tab.waitForURL(new URL(model.find("search", lang)?.path ?? "", page.url()).href);
      await tab.close();
      await expect(dialogOf(page, lang)).toBeHidden();
    });
  });
}
