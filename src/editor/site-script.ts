import { CacheStore } from "../cache/store.ts";
import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type * as esbuild from "esbuild";

/** The site's additions to the editor (browser/main.ts), bundled: /admin/site-editor.js. */
export const SITE_SCRIPT = "site-editor.js";

const BROWSER_DIR = fileURLToPath(new URL("./browser", import.meta.url));
const ENTRY = join(BROWSER_DIR, "main.ts");

/**
 * How site-editor.js is bundled: the build's one configuration for browser code (handed in, so the editor never
 * imports the build), as a classic script. npm run bench -- --editor measures the same bundle.
 */
export const siteScriptBuild = (browser: esbuild.BuildOptions) =>
  ({ ...browser, entryPoints: [ENTRY], format: "iife", write: false }) satisfies esbuild.BuildOptions;

/**
 * What the bundle is made of: its sources (browser/ and the shared/ code it imports: the messages catalogue, the
 * verdict's rules), the yaml library's version and esbuild's, and the options. Without shared/ here a changed
 * message kept the bundle of the old one.
 */
const bundleCode = (browser: esbuild.BuildOptions) => ({
  sources: [new URL("./browser", import.meta.url), new URL("../shared", import.meta.url)],
  packages: ["yaml", "esbuild"],
  from: import.meta.url,
  values: [browser],
});

/**
 * Writes /admin/site-editor.js. It holds no content (that comes as data in the page), so it is bundled once per
 * change of its sources and kept in `cacheDir` (cache/store.ts holds it to its digest: a script damaged from outside
 * is bundled again, never published): npm run dev rebuilds after every save. Returns the damaged entries found.
 */
export async function writeSiteScript(dir: string, cacheDir: string, browser: esbuild.BuildOptions): Promise<string[]> {
  const cache = new CacheStore(cacheDir, bundleCode(browser));
  const entry = cache.entry("site-editor");
  if (!entry.read()?.has(SITE_SCRIPT)) {
    // Loaded only to bundle: most builds find the script in the cache.
    const { build } = await import("esbuild");
    const { outputFiles } = await build(siteScriptBuild(browser));
    entry.write({ [SITE_SCRIPT]: outputFiles[0]?.contents ?? new Uint8Array() });
  }
  copyFileSync(entry.path(SITE_SCRIPT), join(dir, SITE_SCRIPT));
  return cache.damaged;
}
