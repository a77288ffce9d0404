/**
 * The one WebKit session of a run, as the test files see it: global-setup.ts starts it and hands its id over;
 * each file attaches to it (a fresh MiniBrowser per file would cost about a second each).
 */
import { inject } from "vitest";
import { By, Capabilities, Session, WebDriver, type WebElement } from "selenium-webdriver";
import { Executor, HttpClient } from "selenium-webdriver/http";
import { violationsSinceLastCheck, watchPage } from "./watch.ts";
import { scrollSettled } from "./in-page.ts";
import { setWindowViewport } from "./webkit.ts";
import { ENHANCED_ATTRIBUTE } from "../../src/shared/page-markup.ts";

export interface WebKitRun {
  driverUrl: string;
  sessionId: string;
  /** The test server's origin: http://127.0.0.1:<port>. */
  origin: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    webkit: WebKitRun;
  }
}

export interface WebKitPage {
  driver: WebDriver;
  origin: string;
}

export function attach(): WebKitPage {
  const { driverUrl, sessionId, origin } = inject("webkit");
  const driver = new WebDriver(new Session(sessionId, new Capabilities()), new Executor(new HttpClient(driverUrl)));
  return { driver, origin };
}

/** Sizes the window for an exactly width × height viewport, with the keyboard focus (webkit.ts). */
export const setViewport = ({ driver }: WebKitPage, width: number, height = 800): Promise<void> =>
  setWindowViewport(driver, width, height);

/**
 * Loads a page of the site (WebDriver waits for its load event) and starts watching it for errors; on a page
 * with the loader, also waits for its module (the instant language button, the menu's handling), which comes a
 * moment after the first paint: a test acts at once, a visitor later (client/enhance.ts).
 */
export async function open(page: WebKitPage, path: string, { module = true } = {}): Promise<void> {
  await page.driver.get(page.origin + path);
  await watchPage(page.driver);
  // A page whose inline code the policy blocks (a test's tampered page) never gets its module: nothing to wait for.
  if (!module) return;
  await page.driver.wait(
    () =>
      page.driver.executeScript(
        (attribute: string) =>
          !document.querySelector("script[type=module]:not([src])") || document.documentElement.hasAttribute(attribute),
        ENHANCED_ATTRIBUTE,
      ),
    30_000,
    `the loader's module did not arrive on ${path}`,
  );
}

/** The policy violations since the previous check, from every page loaded meanwhile, load included. */
export const violations = (page: WebKitPage): Promise<string[]> => violationsSinceLastCheck(page.driver, page.origin);

/**
 * Clicks an element as a visitor would, after scrolling it to the middle of the screen: WebKitWebDriver's own
 * click refuses an element below the screen instead of scrolling to it.
 */
export async function click({ driver }: WebKitPage, element: WebElement): Promise<void> {
  await driver.executeScript(
    (target: Element) => target.scrollIntoView({ block: "center", behavior: "instant" }),
    element,
  );
  await element.click();
}

/**
 * Runs a function in the page and gives back its result, typed: WebDriver sends the function's source, so it
 * must stand alone (no imports, no outer names); a promise it returns is awaited in the page.
 */
export function inPage<Args extends (string | number | boolean)[], Result>(
  { driver }: WebKitPage,
  run: (...args: Args) => Result,
  ...args: Args
): Promise<Awaited<Result>> {
  return driver.executeScript(run, ...args) as Promise<Awaited<Result>>;
}

/**
 * Switches the page's language with the button in the sticky header (on screen wherever the page is scrolled to),
 * as a visitor does: done when the page says it is in `to` and has stopped scrolling.
 */
export async function switchLanguage(page: WebKitPage, to: string): Promise<void> {
  await page.driver.findElement(By.css(".site-header [data-lang-switch]")).click();
  await page.driver.wait(
    async () => (await page.driver.executeScript(() => document.documentElement.lang)) === to,
    10_000,
    `the page did not switch to ${to}`,
  );
  await inPage(page, scrollSettled);
}
