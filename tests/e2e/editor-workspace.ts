import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type BrowserContext, chromium, expect as baseExpect } from "@playwright/test";
import { CHROMIUM } from "./browser.ts";

/**
 * The editor specs' expect: Sveltia draws an opened entry's fields one after another, and beside the other editor
 * specs (three workers, CI's load) a field took longer than Playwright's 5 s to show its value (stop 60's CI run:
 * editor-site's phone field; editor.spec's title). Every assertion in them waits as long as the editor's own
 * screen is waited for.
 */
export const expect = baseExpect.configure({ timeout: 30_000 });

/** A temporary copy of the site for npm run dev to work on, and a browser profile that outlives a session. */
export type Workspace = {
  site: string;
  profile: string;
  /** A file of the copy, as the editor saved it. */
  read: (file: string) => string;
  remove: () => void;
};

export function workspace(name: string): Workspace {
  const site = mkdtempSync(join(tmpdir(), `${name}-site-`));
  const profile = mkdtempSync(join(tmpdir(), `${name}-profile-`));
  for (const entry of ["content", "src", "tsconfig.json", "package.json"])
    cpSync(entry, join(site, entry), { recursive: true });
  symlinkSync(resolve("node_modules"), join(site, "node_modules"));
  return {
    site,
    profile,
    read: (file) => readFileSync(join(site, file), "utf8"),
    remove: () => {
      rmSync(site, { recursive: true, force: true });
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

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
