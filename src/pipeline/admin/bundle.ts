import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** Where the editor's files live in the output; every URL the rewrite writes points here. */
export const ADMIN_DIR = "admin";
export const ADMIN_SCRIPT = "sveltia-cms.js";

/** Hosts the published bundle loads from at run time; none of them may be named in dist/admin/ (a test checks). */
export const CDN_HOSTS = ["unpkg.com", "cdn.jsdelivr.net"];

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
function replaceExactly(text: string, pattern: RegExp, count: number, replacement: (match: string, ...groups: string[]) => string, what: string, version: string): string {
  let found = 0;
  const result = text.replace(pattern, (match, ...groups: string[]) => {
    found += 1;
    return replacement(match, ...groups);
  });
  if (found !== count) throw new Error(`@sveltia/cms ${version}: expected ${count} ${what} in its bundle, found ${found}; see docs/editor-choice.md before updating the editor`);
  return result;
}

interface RewrittenBundle {
  script: string;
  /** File name in the package's npm/assets -> file name under /admin/fonts/. */
  fonts: Map<string, string>;
}

let cached: RewrittenBundle | undefined;

/**
 * The published single-file bundle with its CDN URLs pointed at this site: UI translations at
 * /admin/locales/, fonts at /admin/fonts/ (both from the same package), and the loaders of widgets
 * the site does not configure (code highlighting, maps, image encoders) at a path that answers 404.
 */
function rewrittenBundle(root: string): RewrittenBundle {
  if (cached) return cached;
  const version = packageVersion(root);
  let script = readFileSync(join(root, "dist", ADMIN_SCRIPT), "utf8");
  script = replaceExactly(script, /`\$\{\w+\}@\$\{\w+\}\/locales`/g, 1, () => `\`/${ADMIN_DIR}/locales\``, "UI translation URL", version);
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
  cached = { script, fonts };
  return cached;
}

/** UI languages shipped: English (the fallback) and every language of the site that the editor speaks. */
function uiLocales(root: string, siteLanguages: readonly string[]): string[] {
  return readdirSync(join(root, "locales")).filter((file) => {
    const code = file.replace(/\.json$/, "");
    return code.startsWith("en") || siteLanguages.some((language) => code === language || code.startsWith(`${language}-`));
  });
}

/** Writes the editor's script, its UI translations and its fonts under out/admin/. */
export function writeEditorBundle(out: string, siteLanguages: readonly string[]): void {
  const root = packageRoot();
  const { script, fonts } = rewrittenBundle(root);
  const dir = join(out, ADMIN_DIR);
  mkdirSync(join(dir, "fonts"), { recursive: true });
  mkdirSync(join(dir, "locales"), { recursive: true });
  writeFileSync(join(dir, ADMIN_SCRIPT), script);
  for (const [shipped, file] of fonts) copyFileSync(join(root, "npm", "assets", shipped), join(dir, "fonts", file));
  for (const file of uiLocales(root, siteLanguages)) copyFileSync(join(root, "locales", file), join(dir, "locales", file));
}
