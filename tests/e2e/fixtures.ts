import { test as base, expect, type Page } from "@playwright/test";
import { ENHANCED_ATTRIBUTE } from "../../src/shared/page-markup.ts";

/** Chromium's own page errors about a cross-document view transition it left out (see the pageerror listener). */
const CHROMIUM_TRANSITION_REPORTS = [
  "Transition was skipped",
  "Transition was aborted because of invalid state. Page already revealed",
];

export interface PageWatch {
  /** Console errors, uncaught exceptions and CSP violations seen so far. */
  errors: string[];
  /** Requests to any origin other than the test server (each fails the test). */
  foreignRequests: string[];
}

/**
 * Every test's page is watched: a request to another origin, a console error, an uncaught exception or a
 * Content-Security-Policy violation fails the test, unless the test lists it in expectedErrors.
 */
// expectedErrors: give ONE pattern per test (combine with |): Playwright reads a two-element array in
// test.use() as [value, options].
export const test = base.extend<{ watch: PageWatch; expectedErrors: RegExp[] }>({
  expectedErrors: [[], { option: true }],
  // page.goto also waits, on a page with the loader and with JavaScript on, until the loader's module has made the
  // language button instant and the menu complete (a moment after the first paint): a test acts at once, a
  // visitor a few hundred milliseconds later, and before it the button is a plain link (client/enhance.ts).
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (javaScriptEnabled !== false) await enhanced(page);
      return response;
    };
    await use(page);
  },
  watch: [
    async ({ page, baseURL, expectedErrors }, use) => {
      const watch: PageWatch = { errors: [], foreignRequests: [] };
      const origin = new URL(baseURL ?? "http://127.0.0.1").origin;
      // Observed, not intercepted: routing every request through the test process slows each page load, and a
      // request to another origin fails the test all the same.
      page.on("request", (request) => {
        const url = request.url();
        if (!(url.startsWith(origin) || url.startsWith("data:") || url.startsWith(`blob:${origin}`)))
          watch.foreignRequests.push(url);
      });
      page.on("console", (message) => {
        if (message.type() === "error" || /Content Security Policy/i.test(message.text()))
          watch.errors.push(message.text());
      });
      page.on("pageerror", (error) => {
        // Chromium's own reports of a cross-document view transition (site.css, @view-transition) it skipped or gave
        // up because the next page took long to render or was shown first (a loaded machine): the page changes all
        // the same, only the cross-fade is left out, and no script of the site is involved (the site has none that
        // touches view transitions, and it happens with JavaScript off).
        if (CHROMIUM_TRANSITION_REPORTS.includes(error.message)) return;
        watch.errors.push(`uncaught: ${error.message}`);
      });
      await use(watch);
      expect(watch.foreignRequests, "requests to other origins").toEqual([]);
      expect(
        watch.errors.filter((text) => !expectedErrors.some((pattern) => pattern.test(text))),
        "console errors / CSP violations",
      ).toEqual([]);
      // auto: every test is watched, even one that never names the fixture.
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Waits for the loader's module on a page that has the loader (an HTML page with its inline module script). Polled
 * from here, not in the page: a test's paused fake clock holds the page's own timers and animation frames.
 */
export async function enhanced(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          (attribute) =>
            !document.querySelector("script[type=module]:not([src])") ||
            document.documentElement.hasAttribute(attribute),
          ENHANCED_ATTRIBUTE,
        ),
      // Short intervals: the module arrives a moment after the first paint, and every test waits for it.
      { timeout: 15_000, intervals: [25, 50, 100] },
    )
    .toBe(true);
}

/** Waits until the contact form island has hydrated (its submit button is enabled). */
export async function formReady(page: Page): Promise<void> {
  await page.locator("#contact").scrollIntoViewIfNeeded();
  await expect(page.locator('#contact-form-island button[type="submit"]')).toBeEnabled();
}
