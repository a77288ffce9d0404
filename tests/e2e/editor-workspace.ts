import { type BrowserContext, chromium, expect as baseExpect } from "@playwright/test";
import { CHROMIUM } from "./browser.ts";
import { EDITOR_WAIT } from "./editor-site-copy.ts";

export { EDITOR_WAIT, type Workspace, workspace } from "./editor-site-copy.ts";

/** The editor specs' expect: every assertion waits EDITOR_WAIT. */
export const expect = baseExpect.configure({ timeout: EDITOR_WAIT });

/**
 * Debian's Chromium on the workspace's profile, as an author's browser keeps it between visits. Every request to
 * another origin than the dev server's is aborted and handed to `foreign`.
 */
export async function authorsBrowser(
  profile: string,
  origin: string,
  {
    locale = "en-US",
    height = 2000,
    foreign = () => {},
  }: { locale?: string; height?: number; foreign?: (url: string) => void } = {},
): Promise<BrowserContext> {
  const browser = await chromium.launchPersistentContext(profile, {
    ...CHROMIUM,
    locale,
    // The editor draws a form's fields as they scroll into view: a tall window shows a page's whole form, so each
    // field can be found by its label, as an author finds it by scrolling.
    viewport: { width: 1280, height },
  });
  await browser.route("**/*", (route) => {
    if (new URL(route.request().url()).origin === origin) return route.continue();
    foreign(route.request().url());
    return route.abort();
  });
  return browser;
}
