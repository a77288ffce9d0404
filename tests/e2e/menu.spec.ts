/**
 * The header's navigation below 900 px (issue 43): a menu button that opens the same links as the desktop row.
 * With the keyboard alone a visitor reaches every section and Insights from the header (open, move, follow,
 * close), with the script and without it. Read through the accessibility tree: roles, names, states.
 */
import type { Page } from "@playwright/test";
import { menu } from "../../src/routes/navigation.ts";
import { copy, LANGS, model, paths, type Lang } from "./content.ts";
import { expect, test } from "./fixtures.ts";

/** The header menu's entries as the home page of `lang` shows them: label and where each leads. */
const entriesOf = (lang: Lang) => {
  const home = model.routes.find((route) => route.kind === "home" && route.lang === lang);
  if (!home) throw new Error(`no home page in ${lang}`);
  return menu(model, home, "header");
};

/** The menu button: a <summary>, which Playwright's role queries do not count as a button, so found by its name. */
const menuButton = (page: Page, lang: Lang) =>
  page.getByRole("banner").locator("summary", { hasText: copy(lang).common.header.menuButton });
const navigation = (page: Page, lang: Lang) =>
  page.getByRole("banner").getByRole("navigation", { name: copy(lang).common.header.navLabel });

/** Tabs from the top of the page to the menu button: skip link, logo, then the button. */
async function tabToMenuButton(page: Page, lang: Lang): Promise<void> {
  for (let step = 0; step < 10; step++) {
    await page.keyboard.press("Tab");
    if (await menuButton(page, lang).evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error("the menu button is not reachable with Tab");
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    for (const width of [320, 375, 768]) {
      test.describe(`at ${width} px`, () => {
        test.use({ viewport: { width, height: 700 } });

        for (const lang of LANGS) {
          test(`keyboard alone reaches every header link from the menu (${lang})`, async ({ page }) => {
            const entries = entriesOf(lang);
            expect(entries.length, "the menu has entries").toBeGreaterThan(1);
            for (const [index, entry] of entries.entries()) {
              await page.goto(paths[lang].home);
              // The row of links is for wide screens; here only the button, the language button and "Book" show.
              await expect(navigation(page, lang).getByRole("link")).toHaveCount(0);
              await expect(
                page.getByRole("banner").getByRole("link", { name: copy(lang).common.header.bookMeetingShort }),
              ).toBeVisible();
              await tabToMenuButton(page, lang);
              await expect(menuButton(page, lang)).toHaveAccessibleName(copy(lang).common.header.menuButton);
              if (javaScriptEnabled) await expect(menuButton(page, lang)).toHaveAttribute("aria-expanded", "false");
              await page.keyboard.press("Enter");
              const links = navigation(page, lang).getByRole("link");
              await expect(links).toHaveCount(entries.length);
              await expect(links.first()).toBeInViewport();
              if (javaScriptEnabled) {
                await expect(menuButton(page, lang)).toHaveAttribute("aria-expanded", "true");
                await expect(links.first(), "opening moves the focus into the menu").toBeFocused();
              } else await page.keyboard.press("Tab");
              await expect(links.first()).toBeFocused();
              for (let step = 0; step < index; step++) await page.keyboard.press("Tab");
              const link = links.nth(index);
              await expect(link).toBeFocused();
              await expect(link).toHaveAccessibleName(new RegExp(`^${entry.label}`));
              await page.keyboard.press("Enter");
              const target = new URL(entry.href, page.url());
              await expect(page).toHaveURL(target.href);
              if (target.hash) {
                await expect(page.locator(target.hash)).toBeInViewport();
                if (javaScriptEnabled) {
                  // Following an in-page link closes the menu, so it covers nothing of the section.
                  await expect(navigation(page, lang).getByRole("link")).toHaveCount(0);
                  await expect(menuButton(page, lang)).toHaveAttribute("aria-expanded", "false");
                }
              } else await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
            }
          });

          test(`the menu button closes the menu again (${lang})`, async ({ page }) => {
            await page.goto(paths[lang].home);
            await tabToMenuButton(page, lang);
            await page.keyboard.press("Enter");
            await expect(navigation(page, lang).getByRole("link").first()).toBeVisible();
            if (javaScriptEnabled) {
              // The script moves the focus into the open menu: back from its first link to the button.
              await expect(navigation(page, lang).getByRole("link").first()).toBeFocused();
              await page.keyboard.press("Shift+Tab");
            }
            await expect(menuButton(page, lang)).toBeFocused();
            await page.keyboard.press("Enter");
            await expect(navigation(page, lang).getByRole("link")).toHaveCount(0);
          });
        }
      });
    }
  });
}

test.describe("with JavaScript, at 375 px", () => {
  test.use({ viewport: { width: 375, height: 700 } });

  for (const lang of LANGS) {
    test(`Escape closes the menu and gives the focus back to the button (${lang})`, async ({ page }) => {
      await page.goto(paths[lang].home);
      await menuButton(page, lang).click();
      await expect(navigation(page, lang).getByRole("link").first()).toBeFocused();
      await page.keyboard.press("Tab");
      await page.keyboard.press("Escape");
      await expect(navigation(page, lang).getByRole("link")).toHaveCount(0);
      await expect(menuButton(page, lang)).toBeFocused();
      await expect(menuButton(page, lang)).toHaveAttribute("aria-expanded", "false");
    });

    test(`a click outside closes the menu, focus back on the button; the page still scrolls (${lang})`, async ({
      page,
    }) => {
      await page.goto(paths[lang].home);
      await menuButton(page, lang).click();
      await expect(navigation(page, lang).getByRole("link").first()).toBeVisible();
      // Nothing is locked: the page scrolls with the menu open.
      await page.mouse.wheel(0, 300);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await page.mouse.click(200, 650);
      await expect(navigation(page, lang).getByRole("link")).toHaveCount(0);
      await expect(menuButton(page, lang)).toBeFocused();
    });

    test(`Tab past the last link closes the menu, so nothing it covers holds the focus (${lang})`, async ({ page }) => {
      await page.goto(paths[lang].home);
      await menuButton(page, lang).click();
      const links = navigation(page, lang).getByRole("link");
      // The script moves the focus to the first link once the menu is open: Tab from there.
      await expect(links.first()).toBeFocused();
      const count = await links.count();
      for (let step = 1; step < count; step++) await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      // The next control in the header: the search control, beside the navigation.
      await expect(page.getByRole("banner").locator("[data-search]")).toBeFocused();
      await expect(links).toHaveCount(0);
    });

    test(`the script's arrival moves nothing in the header (${lang})`, async ({ browser }) => {
      const boxes: Record<string, unknown>[] = [];
      for (const javaScriptEnabled of [false, true]) {
        const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 375, height: 700 } });
        const page = await context.newPage();
        await page.goto(paths[lang].home);
        boxes.push(
          await page.evaluate(() =>
            Object.fromEntries(
              [...document.querySelectorAll("header a, header summary")].map((element, index) => [
                index,
                JSON.stringify(element.getBoundingClientRect()),
              ]),
            ),
          ),
        );
        await context.close();
      }
      expect(boxes[1]).toEqual(boxes[0]);
    });
  }
});

test.describe("without JavaScript, at 375 px", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 700 } });

  for (const lang of LANGS) {
    // No HTML or CSS closes a <details> when a link in it is followed (docs/menu.md says why, and what was tried):
    // the script does (the tests above). Without it the open menu stays, under the header that stays in view, and
    // one press of its button closes it; nothing is locked, so the section can be read by scrolling.
    test(`after an in-page link the menu's button, in view, closes it with one press (${lang})`, async ({ page }) => {
      const entry = entriesOf(lang).find((candidate) => new URL(candidate.href, "http://x").hash !== "");
      if (!entry) throw new Error(`no in-page entry in the ${lang} menu`);
      await page.goto(paths[lang].home);
      await menuButton(page, lang).click();
      const links = navigation(page, lang).getByRole("link");
      await links.filter({ hasText: entry.label }).click();
      const { hash } = new URL(entry.href, page.url());
      await expect(page).toHaveURL((url) => url.hash === hash);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await expect(page.locator(hash)).toBeInViewport();
      // The jump may be a smooth scroll: wait until the page has come to rest (no move between two polls; the
      // page's own script, requestAnimationFrame included, is off).
      let last = -1;
      await expect
        .poll(async () => {
          const now = await page.evaluate(() => window.scrollY);
          const resting = now === last;
          last = now;
          return resting;
        })
        .toBe(true);
      await expect(links.first(), "the known limitation: without JavaScript the menu stays open").toBeVisible();
      await expect(menuButton(page, lang)).toBeInViewport();
      // A tap where the button is (a locator's click would first scroll the sticky header's button "into view",
      // which Chromium does by scrolling the page towards its place at the top: no visitor's tap does that).
      const box = await menuButton(page, lang).boundingBox();
      if (!box) throw new Error("the menu button has no box");
      const scrolled = await page.evaluate(() => window.scrollY);
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await expect(links).toHaveCount(0);
      // Closed where the visitor is: still at the section.
      expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
      await expect(page.locator(hash)).toBeInViewport();
    });
  }
});

test.describe("from 900 px", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the links stand in a row and there is no menu button", async ({ page }) => {
    for (const lang of LANGS) {
      await page.goto(paths[lang].home);
      await expect(navigation(page, lang).getByRole("link")).toHaveCount(entriesOf(lang).length);
      await expect(menuButton(page, lang)).toBeHidden();
    }
  });
});
