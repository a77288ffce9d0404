/**
 * Issue 58, search's small things, in Chromium on the site's own dist/: the search page's no-JavaScript sentence
 * only without JavaScript; focusing the control fetches the dialog and the index, never the search page; a result's
 * date reads as its page's; the other language's results are labelled in the interface's language.
 */
import { LANGS, model } from "./content.ts";
import { expect, test } from "./fixtures.ts";
import { article, copyOf, dialogOf, home, openWithSlash, QUERY, statusOf } from "./search-page.ts";

for (const lang of LANGS) {
  const searchPath = model.find("search", lang)?.path ?? "";

  test(`${lang}: the search page says it needs JavaScript only where JavaScript does not run`, async ({ browser }) => {
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(searchPath);
      // The page's words may carry soft hyphens: the paragraph, then its words without them.
      const sentence = page.getByRole("main").locator("p", { hasText: "JavaScript" });
      if (javaScriptEnabled) await expect(sentence).toBeHidden();
      else {
        await expect(sentence).toBeVisible();
        expect((await sentence.textContent())?.replace(/\u00ad/g, "")).toBe(copyOf(lang).browse);
      }
      await context.close();
    }
  });

  test(`${lang}: focusing the search control fetches the dialog and the index, not the search page`, async ({
    page,
  }) => {
    const requests: string[] = [];
    page.on("request", (request) => requests.push(new URL(request.url()).pathname));
    await page.goto(home(lang));
    await page.waitForLoadState("networkidle");
    const before = requests.length;
    await page
      .getByRole("banner")
      .getByRole("link", { name: copyOf(lang).title })
      .focus();
    await expect
      .poll(() => requests.slice(before).some((path) => path.endsWith(`/search/index-${lang}.json`)))
      .toBe(true);
    await page.waitForLoadState("networkidle");
    expect(requests.slice(before).filter((path) => path === searchPath || path === `${searchPath}.html`)).toEqual([]);
  });

  test(`${lang}: a result's date reads as its page writes it`, async ({ page }) => {
    const target = article(lang);
    await page.goto(target?.path ?? "");
    const written = await page.getByRole("main").locator("time").first().textContent();
    expect(written).toBeTruthy();
    await openWithSlash(page, lang);
    await page.keyboard.type(QUERY[lang]);
    await expect(statusOf(page)).not.toHaveText("");
    const result = dialogOf(page, lang)
      .getByRole("listitem")
      .filter({ has: page.getByRole("link", { name: target?.page?.meta.title ?? "" }) });
    await expect(result.locator("time")).toHaveText(written ?? "");
  });
}

test("de: a query found only in English is labelled in German (Auf Englisch)", async ({ page }) => {
  await page.goto(home("de"));
  await openWithSlash(page, "de");
  await page.keyboard.type("appointment");
  const heading = "Keine Ergebnisse auf Deutsch. Auf Englisch:";
  const other = dialogOf(page, "de").getByRole("region", { name: heading });
  await expect(other).toHaveAttribute("lang", "en");
  await expect(other.getByRole("link").first()).toBeVisible();
});
