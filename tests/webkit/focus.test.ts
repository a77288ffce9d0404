/**
 * Keyboard focus in WebKit: Tab reaches every control of a page, and each one draws a focus ring.
 */
import { Key } from "selenium-webdriver";
import { expect, test } from "vitest";
import { expectedErrorsFor, SITE_PAGES } from "../e2e/content.ts";
import { focusedControl } from "./in-page.ts";
import { attach, inPage, open, setViewport, violations } from "./session.ts";
import { pageErrors } from "./watch.ts";

const page = attach();

/** Every element a keyboard can reach, in the page as it is now (the form's button once the island is live). */
const focusable = () =>
  page.driver.executeScript(
    () =>
      [...document.querySelectorAll("a[href], button, input, textarea, select, summary, [tabindex]")].filter(
        (element) =>
          !(element as HTMLButtonElement).disabled &&
          (element as HTMLElement).tabIndex >= 0 &&
          element.getClientRects().length > 0 &&
          getComputedStyle(element).visibility !== "hidden",
      ).length,
  );

const KINDS = ["home", "page", "section", "impressum", "notFound"];

for (const sitePage of SITE_PAGES.filter(
  (candidate) => candidate.lang === "en" && KINDS.includes(candidate.kind),
).filter((candidate, index, all) => all.findIndex((other) => other.kind === candidate.kind) === index)) {
  for (const width of [375, 1280]) {
    test(`${sitePage.path} (${width} px): Tab reaches every control, and each draws a focus ring`, async () => {
      await setViewport(page, width);
      await open(page, sitePage.path);
      // The form's island first, so that its button is enabled before Tab reaches it (it comes as the form nears
      // the viewport): a race between the two would leave the button out of the count, or in it.
      await page.driver.executeScript(() => document.querySelector("form")?.scrollIntoView());
      await page.driver.wait(
        () =>
          page.driver.executeScript(
            () => !document.querySelector<HTMLButtonElement>("form button[type=submit]")?.disabled,
          ),
        30_000,
        "the form's island did not go live",
      );
      await page.driver.executeScript(() => window.scrollTo(0, 0));
      let reached = 0;
      const missing: string[] = [];
      // Until the focus leaves the page's last control (back to the browser, or to the first control again).
      for (;;) {
        await page.driver.actions().sendKeys(Key.TAB).perform();
        const step = await inPage(page, focusedControl);
        if (!step || step.before) break;
        reached += 1;
        if (step.ring !== "ring") missing.push(`${step.name}: ${step.ring}`);
      }
      // Counted afterwards: the form's button is enabled once the island, loaded on the way, is live.
      expect(reached, "controls Tab reached").toBe(await focusable());
      expect(missing).toEqual([]);
      expect(await pageErrors(page.driver, expectedErrorsFor(sitePage)), "errors in the page").toEqual([]);
      expect(await violations(page), "policy violations").toEqual([]);
    });
  }
}
