import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, extname, join, resolve } from "node:path";
import * as esbuild from "esbuild";
import { subsetInter } from "./font.ts";

/**
 * sonner injects its stylesheet as a runtime <style> element, which a strict Content-Security-Policy
 * would have to allow by hash. Its CSS ships as a file instead (src/styles/toasts.css imports the one
 * sonner publishes; the loader adds it with the island), so the policy allows no inline style but the
 * page's own stylesheet, and the island is ~3 KB (gzip) smaller. The build fails loudly if a sonner
 * update changes how it injects styles.
 */
const sonnerWithoutStyleInjection: esbuild.Plugin = {
  name: "sonner-without-style-injection",
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]sonner[\\/]dist[\\/]index\.mjs$/ }, ({ path }) => {
      const source = readFileSync(path, "utf8");
      const stripped = source.replace(/\n__insertCSS\("(?:[^"\\]|\\.)*"\);/, "\n");
      if (stripped === source) throw new Error(`${path}: sonner's style injection was not found; check this plugin against the new version`);
      return { contents: stripped, loader: "js" };
    });
  },
};

/** Resolves url("font:inter") in the stylesheet to the subset font file. */
const subsetFontFile = (file: string): esbuild.Plugin => ({
  name: "subset-font",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^font:inter$/ }, () => ({ path: resolve(file) }));
  },
});

export interface BuiltAssets {
  /** The whole stylesheet, inlined into every page's <head>: the first paint waits for nothing but the HTML. */
  stylesheet: string;
  /** The stylesheet's CSP source ('sha256-…'), the only inline style the policy allows. */
  styleHash: string;
  font: string;
  script: string;
  /** A data: URL, so no page load spends a request on the favicon. */
  faviconSvg: string;
  faviconPng: string;
  ogImage: string;
}

const ASSET_DIR = "assets";

/** Copies a file to dist/assets under a name carrying its content hash, so it can be cached forever. */
function copyHashed(source: string, outDir: string): string {
  const hash = createHash("sha256").update(readFileSync(source)).digest("base64url").slice(0, 10);
  const name = `${basename(source, extname(source))}-${hash}${extname(source)}`;
  copyFileSync(source, join(outDir, ASSET_DIR, name));
  return `/${ASSET_DIR}/${name}`;
}

/** The CSP source for an inline element's exact text. */
const cspHash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

const svgDataUrl = (file: string) => `data:image/svg+xml,${encodeURIComponent(readFileSync(file, "utf8").trim())}`;

/**
 * Bundles the stylesheet (with its font), the form island, and the tiny loader that imports the island
 * when the form nears the viewport. Separate builds rather than code splitting: esbuild's splitting put
 * its CommonJS helpers (needed by React in the island) in a shared chunk that the loader then imported
 * too, a second request before the first paint for code the loader never runs.
 */
export async function buildAssets(outDir: string, { dev = false } = {}): Promise<BuiltAssets> {
  const assetDir = join(outDir, ASSET_DIR);
  mkdirSync(assetDir, { recursive: true });
  const common: esbuild.BuildOptions = {
    outdir: assetDir,
    entryNames: "[name]-[hash]",
    assetNames: "[name]-[hash]",
    // Asset URLs must be absolute: the stylesheet is inlined into pages at every depth.
    publicPath: `/${ASSET_DIR}/`,
    bundle: true,
    format: "esm",
    minify: !dev,
    sourcemap: dev ? "inline" : false,
    target: ["es2022", "chrome111", "firefox114", "safari16.4"],
    define: { "process.env.NODE_ENV": JSON.stringify(dev ? "development" : "production") },
    jsx: "automatic",
    legalComments: "none",
    metafile: true,
    logLevel: "silent",
  };
  /** The name of the one file a build wrote whose name matches. */
  const outputOf = (result: esbuild.BuildResult, name: RegExp) => {
    const file = Object.keys(result.metafile?.outputs ?? {})
      .map((path) => basename(path))
      .find((file) => name.test(file));
    if (!file) throw new Error(`esbuild produced no file matching ${name}`);
    return file;
  };

  const [styles, island] = await Promise.all([
    esbuild.build({
      ...common,
      entryPoints: { site: "src/styles/site.css", toasts: "src/styles/toasts.css" },
      loader: { ".woff2": "file" },
      write: false,
      plugins: [subsetFontFile(await subsetInter())],
    }),
    esbuild.build({ ...common, entryPoints: { "form-island": "src/client/form-island.tsx" }, write: true, plugins: [sonnerWithoutStyleInjection] }),
  ]);
  const loader = await esbuild.build({
    ...common,
    entryPoints: { main: "src/client/main.ts" },
    // The loader imports the island by its hashed name, relative to itself, and adds the toasts' stylesheet.
    define: {
      ...common.define,
      __FORM_ISLAND__: JSON.stringify(`./${outputOf(island, /\.js$/)}`),
      __TOAST_STYLES__: JSON.stringify(`/${ASSET_DIR}/${outputOf(styles, /^toasts-.*\.css$/)}`),
    },
    external: ["./form-island-*"],
    write: true,
  });

  // The font and the toasts' stylesheet are written; the site's stylesheet is kept for the pages.
  let stylesheet = "";
  for (const file of styles.outputFiles) {
    if (/^site-.*\.css$/.test(basename(file.path))) stylesheet = file.text.trim();
    else writeFileSync(file.path, file.contents);
  }
  return {
    stylesheet,
    styleHash: cspHash(stylesheet),
    font: `/${ASSET_DIR}/${outputOf(styles, /\.woff2$/)}`,
    script: `/${ASSET_DIR}/${outputOf(loader, /\.js$/)}`,
    faviconSvg: svgDataUrl("src/assets/favicon.svg"),
    faviconPng: copyHashed("src/assets/favicon.png", outDir),
    ogImage: copyHashed("src/assets/og-image.png", outDir),
  };
}
