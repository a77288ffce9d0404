import { accessSync, constants } from "node:fs";
import type { LaunchOptions } from "@playwright/test";

/** Debian's Chromium unless CHROMIUM_PATH names another Chromium-based browser; never a downloaded one. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/**
 * Debian's old headless shell (package chromium-headless-shell), unless CHROMIUM_SHELL_PATH names another: the same
 * Blink, V8 and version as CHROMIUM_PATH without a browser window's machinery, the build Playwright itself runs
 * headless tests in. A context and a page load cost it about a third of the CPU (docs/performance.md), and on the
 * two-core CI machine the browser tests are bound by CPU.
 */
export const CHROMIUM_SHELL_PATH = process.env.CHROMIUM_SHELL_PATH || "/usr/lib/chromium/chromium-headless-shell";

/** Launch options for every browser the project starts (tests, screenshots, audit, bench); the flags keep it from calling home on a closed network. */
export const CHROMIUM: LaunchOptions = {
  executablePath: CHROMIUM_PATH,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

/** Whether `path` is a file this user may run (a browser the tests would start). */
export function runnable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Whether the headless shell is missing (npm test then says so in one line, and runs the tests in CHROMIUM). */
export const missingShell = (): boolean => !runnable(CHROMIUM_SHELL_PATH);

/**
 * The Playwright tests' browser: the headless shell where it is installed, else CHROMIUM. A test of the browser's
 * own behaviour that the shell lacks (a link opened in a new tab) asks for CHROMIUM itself.
 */
export const TEST_CHROMIUM: LaunchOptions = missingShell()
  ? CHROMIUM
  : { ...CHROMIUM, executablePath: CHROMIUM_SHELL_PATH };
