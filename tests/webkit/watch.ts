/**
 * What the Chromium suite's fixture watches (tests/e2e/fixtures.ts), for WebKit: policy violations and errors.
 * The automation session reports no console messages, so:
 * - policy violations come from the reports WebKit posts to the test server (tests/webkit/server.ts), which
 *   include those of a page's first parse; a violation of our own making, with a name of its own, marks how far
 *   the reports have arrived;
 * - errors and rejections are caught by listeners the test puts into the page after it has loaded (watchPage),
 *   with a wrapper around console.error: they see everything a visitor's scrolling, switching and typing causes.
 */
import { randomUUID } from "node:crypto";
import type { WebDriver } from "selenium-webdriver";
import { type CspReport, REPORTS_PATH } from "./server.ts";

/** Blocked by img-src (the site allows only itself and data:); .invalid never resolves, and nothing is fetched. */
const MARKER_ORIGIN = "http://csp-marker.invalid";
const isMarker = (blocked: string) => blocked.startsWith(MARKER_ORIGIN);

declare global {
  interface Window {
    __webkitWatch?: string[];
  }
}

/** Starts listening in the page just loaded; a language switch keeps the document, and with it the listeners. */
export async function watchPage(driver: WebDriver): Promise<void> {
  await driver.executeScript(() => {
    if (window.__webkitWatch) return;
    const seen: string[] = [];
    window.__webkitWatch = seen;
    window.addEventListener("error", (event) => seen.push(`uncaught: ${event.message}`));
    window.addEventListener("unhandledrejection", (event) => seen.push(`unhandled rejection: ${String(event.reason)}`));
    document.addEventListener(
      "securitypolicyviolation",
      (event) => seen.push(`policy: ${event.violatedDirective} blocked ${event.blockedURI}`),
      true,
    );
    const error = console.error.bind(console);
    console.error = (...args: unknown[]) => {
      seen.push(args.map(String).join(" "));
      error(...args);
    };
  });
}

/**
 * Errors seen by watchPage's listeners (console.error's text as it was logged), but our own marker's violation
 * and what `expected` allows (a 404 page logs the address on purpose: tests/e2e/content.ts).
 */
export async function pageErrors(driver: WebDriver, expected: RegExp[] = []): Promise<string[]> {
  const seen = (await driver.executeScript(() => window.__webkitWatch ?? ["watchPage was not called"])) as string[];
  return seen.filter((text) => !text.includes(MARKER_ORIGIN) && !expected.some((pattern) => pattern.test(text)));
}

/**
 * The violations WebKit reported since the previous call (from any page loaded meanwhile, while it loaded or
 * later), as "page: directive blocked what". Causes one of its own, with a name of its own, and waits for that
 * report: WebKit sends a report as the violation happens, so those of everything the test did before have been
 * sent before it.
 */
export async function violationsSinceLastCheck(driver: WebDriver, origin: string): Promise<string[]> {
  const marker = `${MARKER_ORIGIN}/${randomUUID()}`;
  await driver.executeScript((src: string) => {
    new Image().src = src;
  }, marker);
  const answer = await fetch(`${origin}${REPORTS_PATH}?until=${encodeURIComponent(marker)}`, {
    signal: AbortSignal.timeout(10_000),
  }).catch(() => {
    throw new Error("WebKit sent no report for the marker's violation within 10 s");
  });
  const all = (await answer.json()) as CspReport[];
  const at = all.findIndex((report) => report["blocked-uri"] === marker);
  const previous = all.slice(0, at).findLastIndex((report) => isMarker(report["blocked-uri"]));
  return all
    .slice(previous + 1, at)
    .map((report) => `${report["document-uri"]}: ${report["violated-directive"]} blocked ${report["blocked-uri"]}`);
}
