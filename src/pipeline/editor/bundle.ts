import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** Where the editor's files live in the output; every URL the rewrite writes points here. */
export const ADMIN_DIR = "admin";
export const ADMIN_SCRIPT = "sveltia-cms.js";

/** Hosts the published bundle loads from at run time; none of them may be named in dist/admin/ (a test checks). */
const CDN_HOSTS = ["unpkg.com", "cdn.jsdelivr.net"];

// The package exports only its entry (npm/index.js); its root is two folders up.
const packageRoot = () => dirname(dirname(createRequire(import.meta.url).resolve("@sveltia/cms")));

/** The package version the rewrite was written against: a new one is taken deliberately (docs/editor-choice.md). */
function packageVersion(root: string): string {
  return (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }).version;
}

/**
 * Replaces every match of pattern, insisting on the expected count: a bundle whose shape changed must stop
 * the build, not silently fetch from a CDN again.
 */
function replaceExactly(
  text: string,
  pattern: RegExp,
  count: number,
  replacement: (match: string, ...groups: string[]) => string,
  what: string,
  version: string,
): string {
  let found = 0;
  const result = text.replace(pattern, (match, ...groups: string[]) => {
    found += 1;
    return replacement(match, ...groups);
  });
  if (found !== count)
    throw new Error(
      `@sveltia/cms ${version}: expected ${count} ${what} in its bundle, found ${found}; see docs/editor-choice.md before updating the editor`,
    );
  return result;
}

interface RewrittenBundle {
  script: string;
  /** File name in the package's npm/assets -> file name under /admin/fonts/. */
  fonts: Map<string, string>;
}

/**
 * Rewriting the 2 MB script is done once per package version and rewrite code, and kept beside the image cache.
 */

/**
 * The published single-file bundle with its CDN URLs pointed at this site: UI translations at
 * /admin/locales/, fonts at /admin/fonts/ (both from the same package), and the loaders of widgets
 * the site does not configure (code highlighting, maps, image encoders) at a path that answers 404.
 */
function rewrittenBundle(root: string): RewrittenBundle {
  const version = packageVersion(root);
  let script = readFileSync(join(root, "dist", ADMIN_SCRIPT), "utf8");
  script = replaceExactly(
    script,
    /`\$\{\w+\}@\$\{\w+\}\/locales`/g,
    1,
    () => `\`/${ADMIN_DIR}/locales\``,
    "UI translation URL",
    version,
  );
  const assets = readdirSync(join(root, "npm", "assets"));
  const fonts = new Map<string, string>();
  script = replaceExactly(
    script,
    /https:\/\/cdn\.jsdelivr\.net\/fontsource\/fonts\/([a-z0-9-]+)(?::vf)?@[\d.]+\/([a-z0-9-]+)\.woff2/g,
    3,
    (_match, family = "", subset = "") => {
      const file = `${family}-${subset}.woff2`;
      const shipped = assets.find((name) => name.startsWith(`${family}-${subset}-`) && name.endsWith(".woff2"));
      if (!shipped) throw new Error(`@sveltia/cms ${version}: the font ${file} is not in npm/assets`);
      fonts.set(shipped, file);
      return `/${ADMIN_DIR}/fonts/${file}`;
    },
    "CDN font URLs",
    version,
  );
  for (const host of CDN_HOSTS) script = script.replaceAll(`https://${host}/`, `/${ADMIN_DIR}/unavailable/${host}/`);
  return { script, fonts };
}

/** The rewritten script and the font names, from the cache or made and cached now. */
function cachedBundle(root: string, cacheDir: string): { script: string; fonts: Map<string, string> } {
  const key = createHash("sha256")
    .update(packageVersion(root))
    .update(readFileSync(fileURLToPath(import.meta.url)))
    .digest("hex")
    .slice(0, 16);
  const dir = join(cacheDir, key);
  const files = { script: join(dir, ADMIN_SCRIPT), fonts: join(dir, "fonts.json") };
  if (!Object.values(files).every((file) => existsSync(file))) {
    const { script, fonts } = rewrittenBundle(root);
    mkdirSync(dir, { recursive: true });
    // Written under temporary names and renamed, so a build stopped halfway never leaves half a file to reuse.
    const put = (file: string, data: string | Buffer) => {
      writeFileSync(`${file}.tmp`, data);
      renameSync(`${file}.tmp`, file);
    };
    put(files.script, script);
    put(files.fonts, JSON.stringify([...fonts]));
  }
  return { ...files, fonts: new Map(JSON.parse(readFileSync(files.fonts, "utf8")) as [string, string][]) };
}

/** UI languages shipped: English (the fallback) and every language of the site that the editor speaks. */
function uiLocales(root: string, siteLanguages: readonly string[]): string[] {
  return readdirSync(join(root, "locales")).filter((file) => {
    const code = file.replace(/\.json$/, "");
    return (
      code.startsWith("en") || siteLanguages.some((language) => code === language || code.startsWith(`${language}-`))
    );
  });
}

/** Writes the editor's script, its UI translations and its fonts under out/admin/. */
/** The editor's script, fonts and UI translations under out/admin/; `cacheDir` keeps the rewritten script between builds. */
export function writeEditorBundle(out: string, siteLanguages: readonly string[], cacheDir: string): void {
  const root = packageRoot();
  const { script, fonts } = cachedBundle(root, cacheDir);
  const dir = join(out, ADMIN_DIR);
  mkdirSync(join(dir, "fonts"), { recursive: true });
  mkdirSync(join(dir, "locales"), { recursive: true });
  copyFileSync(script, join(dir, ADMIN_SCRIPT));
  for (const [shipped, file] of fonts) copyFileSync(join(root, "npm", "assets", shipped), join(dir, "fonts", file));
  for (const file of uiLocales(root, siteLanguages))
    copyFileSync(join(root, "locales", file), join(dir, "locales", file));
}
