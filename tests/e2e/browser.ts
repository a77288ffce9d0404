import type { LaunchOptions } from "@playwright/test";

/** Debian's Chromium, never a downloaded browser; the flags keep it from calling home on a closed network. */
export const CHROMIUM: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
};
