import { createHash } from "node:crypto";
import { sourceKey } from "../cache-keys/source-key.ts";
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
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

/** What the bundle is made of: its sources, the yaml library's version and esbuild's. */
const sourceKeyOfBundle = (browser: esbuild.BuildOptions) =>
  sourceKey({
    sources: [new URL("./browser", import.meta.url)],
    packages: ["yaml", "esbuild"],
    from: import.meta.url,
    values: [browser],
  }).slice(0, 16);

/**
 * Writes /admin/site-editor.js. It holds no content (that comes as data in the page), so it is bundled once per
 * change of its sources and kept in `cacheDir`: npm run dev rebuilds after every save.
 */
export async function writeSiteScript(dir: string, cacheDir: string, browser: esbuild.BuildOptions): Promise<string[]> {
  const cached = join(cacheDir, `site-editor-${sourceKeyOfBundle(browser)}.js`);
  const digest = `${cached}.sha256`;
  const damaged: string[] = [];
  const digestOf = (bytes: Buffer | Uint8Array) => createHash("sha256").update(bytes).digest("hex");
  // Held to the digest written beside it: a script damaged from outside is bundled again, never published.
  const recorded = existsSync(digest) ? readFileSync(digest, "utf8") : undefined;
  if (existsSync(cached) && recorded !== digestOf(readFileSync(cached))) {
    if (recorded !== undefined)
      damaged.push(`the editor's site script ${basename(cached)} has changed since it was bundled`);
    rmSync(cached, { force: true });
  }
  if (!existsSync(cached)) {
    // Loaded only to bundle: most builds find the script in the cache.
    const { build } = await import("esbuild");
    const { outputFiles } = await build(siteScriptBuild(browser));
    const bytes = outputFiles[0]?.contents ?? new Uint8Array();
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(`${digest}.tmp`, digestOf(bytes));
    renameSync(`${digest}.tmp`, digest);
    writeFileSync(`${cached}.tmp`, bytes);
    renameSync(`${cached}.tmp`, cached);
  }
  copyFileSync(cached, join(dir, SITE_SCRIPT));
  return damaged;
}
