import { test as base, expect, type Page } from "@playwright/test";

export interface PageWatch {
  /** Console errors, uncaught exceptions and CSP violations seen so far. */
  errors: string[];
  /** Requests to any origin other than the test server (they are blocked, and fail the test). */
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
  watch: [
    async ({ page, baseURL, expectedErrors }, use) => {
      const watch: PageWatch = { errors: [], foreignRequests: [] };
      const origin = new URL(baseURL ?? "http://127.0.0.1").origin;
      await page.route("**/*", (route) => {
        const url = route.request().url();
        if (url.startsWith(origin) || url.startsWith("data:")) return route.continue();
        watch.foreignRequests.push(url);
        return route.abort("blockedbyclient");
      });
      page.on("console", (message) => {
        if (message.type() === "error" || /Content Security Policy/i.test(message.text()))
          watch.errors.push(message.text());
      });
      page.on("pageerror", (error) => watch.errors.push(`uncaught: ${error.message}`));
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

/** Waits until the contact form island has hydrated (its submit button is enabled). */
export async function formReady(page: Page): Promise<void> {
  await page.locator("#contact").scrollIntoViewIfNeeded();
  await expect(page.locator('#contact-form-island button[type="submit"]')).toBeEnabled();
}
