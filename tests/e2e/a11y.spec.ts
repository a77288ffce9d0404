/**
 * Accessibility: no axe-core violations (WCAG 2.0/2.1 A and AA, WCAG 2.2 AA) on every page in both
 * languages and both colour schemes at desktop and phone width, a working skip link, and a visible keyboard focus.
 */
import type { Locator, Page } from "@playwright/test";
import { axeOn } from "./axe.ts";
import { SITE_PAGES, copy, expectedErrorsFor, paths, type SitePage } from "./content.ts";
import { expect, formReady, test } from "./fixtures.ts";

/** Runs axe and returns its violations in a form that reads well in a failure message. */
async function violations(page: Page): Promise<string[]> {
  const results = await axeOn(page).analyze();
  expect(results.passes.length, "axe really checked the page").toBeGreaterThan(10);
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
}

async function open(page: Page, sitePage: SitePage): Promise<void> {
  const response = await page.goto(sitePage.path);
  expect(response?.status()).toBe(sitePage.status);
  await page.evaluate(() => document.fonts.ready);
}

/** Whether an element shows a focus ring: an outline or a box shadow. */
const hasRing = (element: Element) => {
  const style = getComputedStyle(element);
  return (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none";
};

/** Expects the focused element to show a ring that goes away when it loses focus (so focus is what draws it). */
async function expectVisibleFocus(target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  expect(await target.evaluate(hasRing), "ring while focused").toBe(true);
  await target.evaluate((element) => (element as HTMLElement).blur());
  expect(await target.evaluate(hasRing), "ring after blur").toBe(false);
}

/**
 * Axe in the light scheme, then in the dark one on the same page: the page follows the system's preference
 * (color-scheme: light dark), so each scheme must hold AA on its own, and switching the emulated preference
 * repaints the page without loading it again.
 */
async function bothSchemes(page: Page): Promise<Record<"light" | "dark", string[]>> {
  await page.emulateMedia({ colorScheme: "light" });
  const light = await violations(page);
  await page.emulateMedia({ colorScheme: "dark" });
  expect(await page.evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches)).toBe(true);
  // The buttons' colours ease over 0.15 s: axe reads the colours the visitor is left with, not a frame between.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  return { light, dark: await violations(page) };
}

for (const width of [1280, 375]) {
  test.describe(`axe-core at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 800 ? 800 : 740 } });

    for (const sitePage of SITE_PAGES) {
      test.describe(sitePage.path, () => {
        test.use({ expectedErrors: expectedErrorsFor(sitePage) });

        test("has no violations, light or dark", async ({ page }) => {
          await open(page, sitePage);
          expect(await bothSchemes(page)).toEqual({ light: [], dark: [] });
        });
      });
    }

    for (const sitePage of SITE_PAGES.filter((candidate) => candidate.kind === "home")) {
      test(`${sitePage.path} has no violations once the form island is live, light or dark`, async ({ page }) => {
        await open(page, sitePage);
        await formReady(page);
        expect(await bothSchemes(page)).toEqual({ light: [], dark: [] });
      });
    }
  });
}

test("axe as these tests run it finds what is planted on a page: faint text, an image without a text alternative", async ({
  page,
}) => {
  await open(page, SITE_PAGES[0] as SitePage);
  // Made through the DOM and CSSOM, which the page's Content-Security-Policy allows (a style attribute it would not).
  await page.evaluate(() => {
    const faint = document.createElement("p");
    faint.textContent = "Faint";
    faint.style.color = "#ddd";
    faint.style.background = "#fff";
    const image = document.createElement("img");
    image.src = document.querySelector("img")?.src ?? "";
    document.querySelector("main")?.prepend(faint, image);
  });
  const found = (await axeOn(page).analyze()).violations.map((violation) => violation.id);
  expect(found).toEqual(expect.arrayContaining(["color-contrast", "image-alt"]));
});

test.describe("keyboard", () => {
  for (const sitePage of SITE_PAGES) {
    test.describe(sitePage.path, () => {
      test.use({ expectedErrors: expectedErrorsFor(sitePage) });

      test("the skip link comes first and moves focus to main", async ({ page }) => {
        await open(page, sitePage);
        await page.keyboard.press("Tab");
        const skipLink = page.getByRole("link", { name: copy(sitePage.lang).common.skipLink, exact: true });
        await expect(skipLink).toBeFocused();
        await expect(skipLink).toBeInViewport();
        const main = page.getByRole("main");
        await expect(skipLink).toHaveAttribute("href", `#${await main.getAttribute("id")}`);

        await page.keyboard.press("Enter");
        await expect(main).toBeFocused();
        // The next Tab continues inside main, not back in the header.
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => document.querySelector("main")?.contains(document.activeElement))).toBe(true);
      });
    });
  }

  for (const lang of ["en", "de"] as const) {
    test(`keyboard focus is visible on a link and on a button (${lang})`, async ({ page }) => {
      await page.goto(paths[lang].home);
      await page.keyboard.press("Tab"); // skip link
      await page.keyboard.press("Tab"); // logo link
      await expectVisibleFocus(
        page.getByRole("banner").getByRole("link", { name: copy(lang).common.header.homeLabel }),
      );

      await formReady(page);
      await page.locator('#contact-form-island [name="message"]').focus();
      await page.keyboard.press("Tab");
      await expectVisibleFocus(page.locator('#contact-form-island button[type="submit"]'));
    });
  }
});
