import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { type BrowserContext, chromium, expect as baseExpect } from "@playwright/test";
import { CHROMIUM, CHROMIUM_PATH } from "./browser.ts";
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
    headless = true,
  }: { locale?: string; height?: number; foreign?: (url: string) => void; headless?: boolean } = {},
): Promise<BrowserContext> {
  const browser = await chromium.launchPersistentContext(profile, {
    ...CHROMIUM,
    headless,
    // The author's language for the browser's own drawing too (a date field's order of day and month), not only
    // for what the page reads (Playwright's locale): a German author's browser is a German one.
    args: [...(CHROMIUM.args ?? []), `--lang=${locale}`],
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

/**
 * Whether the author's browser draws its date fields in `locale`'s order (TT.MM.JJJJ for de-DE). Chromium draws them
 * in its own interface language, and takes --lang only when that language's strings are installed: Debian's
 * chromium package ships en-US.pak alone (the rest are in chromium-l10n), so without them every date field is
 * MM/DD/YYYY whatever --lang, LANG or Playwright's locale say (measured: "11102026" typed made 2026-11-10 under each).
 */
export function drawsDatesIn(locale: string): boolean {
  const lib = existsSync("/usr/lib/chromium/locales") ? "/usr/lib/chromium" : dirname(CHROMIUM_PATH);
  return locale === "en-US" || existsSync(join(lib, "locales", `${locale.split("-")[0]}.pak`));
}
