/**
 * Where the WebKit tests find Safari's engine and its display: Debian's WebKitGTK and Xvfb, never a downloaded
 * browser. Apart from webkit.ts, so that npm test can check for them before anything runs.
 */
import { runnable } from "../e2e/browser.ts";

/** Debian's paths (packages webkit2gtk-driver and xvfb), or others named by these variables. */
export const WEBKIT_TOOLS = {
  driver: process.env.WEBKIT_DRIVER_PATH || "/usr/bin/WebKitWebDriver",
  browser: process.env.MINIBROWSER_PATH || "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
  xvfb: process.env.XVFB_PATH || "/usr/bin/Xvfb",
};

/** One line naming what to install, or undefined when everything the WebKit tests start is there. */
export function missingWebKitTools(): string | undefined {
  const missing = Object.values(WEBKIT_TOOLS).filter((path) => !runnable(path));
  if (missing.length === 0) return undefined;
  return `npm test needs WebKitGTK's WebDriver and Xvfb for the WebKit tests (missing: ${missing.join(", ")}): install them with \`sudo apt-get install webkit2gtk-driver xvfb\` (Debian/Ubuntu), or set WEBKIT_DRIVER_PATH, MINIBROWSER_PATH and XVFB_PATH`;
}
