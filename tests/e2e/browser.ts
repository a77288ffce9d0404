import type { LaunchOptions } from "@playwright/test";

/** Debian's Chromium unless CHROMIUM_PATH names another Chromium-based browser; never a downloaded one. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

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
