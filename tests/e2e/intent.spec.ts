import type { Page } from "@playwright/test";
import { LANGS, otherLang, pathFor, switchCopy } from "./content.ts";
import { expect, test } from "./fixtures.ts";

/** Every path the page requests from the site after `since`, in order. */
function requestsOf(page: Page): string[] {
  const paths: string[] = [];
  page.on("request", (request) => paths.push(new URL(request.url()).pathname));
  return paths;
}

for (const lang of LANGS) {
  const to = otherLang(lang);
  const here = pathFor("privacy", lang);
  const there = pathFor("privacy", to);

  test.describe(`${here}: the other language is fetched on intent, never on a plain load`, () => {
    test("a plain load fetches no other page", async ({ page }) => {
      const requested = requestsOf(page);
      await page.goto(here);
      await page.waitForLoadState("networkidle");
      // Pages only: the loader's own module (the language switch itself, /assets/enhance-*.js) comes on every load.
      expect(requested.filter((path) => !path.startsWith("/assets/"))).toEqual([here]);
    });

    test("the pointer resting on the language button fetches the counterpart, and the click swaps it in from memory", async ({
      page,
    }) => {
      const requested = requestsOf(page);
      await page.goto(here);
      const button = page.getByRole("banner").getByRole("link", { name: switchCopy(lang).label });
      await button.hover();
      await expect.poll(() => requested.filter((path) => path === there).length).toBe(1);
      await button.click();
      await expect(page).toHaveURL(new RegExp(`${there}$`));
      await expect(page.locator("html")).toHaveAttribute("lang", to);
      // Swapped from the response the hover fetched: no second request for it.
      expect(requested.filter((path) => path === there)).toHaveLength(1);
    });

    test("keyboard focus on the language button fetches the counterpart too", async ({ page }) => {
      const requested = requestsOf(page);
      await page.goto(here);
      await page
        .getByRole("banner")
        .getByRole("link", { name: switchCopy(lang).label })
        .focus();
      await expect.poll(() => requested.filter((path) => path === there).length).toBe(1);
    });

    test("a switch does not fetch the page it left: focus moving to the new button is no intent", async ({ page }) => {
      const requested = requestsOf(page);
      await page.goto(here);
      await page
        .getByRole("banner")
        .getByRole("link", { name: switchCopy(lang).label })
        .focus();
      await page.keyboard.press("Enter");
      await expect(page.locator("html")).toHaveAttribute("lang", to);
      await expect(page.getByRole("banner").getByRole("link", { name: switchCopy(to).label })).toBeFocused();
      await page.waitForLoadState("networkidle");
      expect(requested.filter((path) => path === here)).toHaveLength(1);
    });

    test("resting on another link of the site prefetches its page once", async ({ page }) => {
      const requested = requestsOf(page);
      await page.goto(here);
      const impressum = page.getByRole("contentinfo").getByRole("link", { name: /Impressum|Legal Notice/ });
      await impressum.hover();
      await expect.poll(() => requested.filter((path) => path === "/impressum").length).toBe(1);
      await page.getByRole("contentinfo").getByRole("link").first().hover();
      await impressum.hover();
      await page.waitForLoadState("networkidle");
      expect(requested.filter((path) => path === "/impressum")).toHaveLength(1);
    });
  });
}

test.describe("the form island", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("loads when the contact section comes within 800 px below the screen, not before", async ({ page }) => {
    const requested = requestsOf(page);
    const island = () => requested.filter((path) => /^\/assets\/form-island-/.test(path)).length;
    await page.goto("/");
    const scrollSectionTo = (below: number) =>
      page.locator("#contact").evaluate((section, distance) => {
        window.scrollTo({
          top: section.getBoundingClientRect().top + window.scrollY - window.innerHeight - distance,
          behavior: "instant",
        });
      }, below);
    await scrollSectionTo(1000);
    // Two frames: the browser has then run the intersection checks of the scroll.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(island(), "1,000 px below the screen is too far").toBe(0);
    await scrollSectionTo(600);
    await expect.poll(island, { message: "600 px below the screen is near enough" }).toBe(1);
  });
});
