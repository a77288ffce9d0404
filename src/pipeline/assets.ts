import { digestOf } from "../cache/digest.ts";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, extname, join } from "node:path";
import type * as esbuild from "esbuild";
import type { Assets } from "../components/context.ts";
import { ASSET_DIR } from "../host/addresses.ts";
import { browserBundle } from "./browser-bundle.ts";
import sharp from "sharp";

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
      if (stripped === source)
        throw new Error(`${path}: sonner's style injection was not found; check this plugin against the new version`);
      return { contents: stripped, loader: "js" };
    });
  },
};

/**
 * What bundling made: what every page links to (components' Assets: the stylesheet inlined into every <head>, the
 * favicons as data: URLs, the og-image and its pixel size), and what the host policy allows them by.
 */
export interface BuiltAssets extends Omit<Assets, "loader" | "devClient" | "previews"> {
  /** The stylesheet's CSP source ('sha256-…'), the only inline style the policy allows. */
  styleHash: string;
  /** The loader, inlined into every page as a module script: no request before the first paint. */
  loader: string;
  /** The loader's CSP source, the only inline script the policy allows. */
  loaderHash: string;
  /**
   * The campaign blocks' stylesheet (blockStylesheet is its address): written into assets/ by the site-files step
   * only when a page has blocks, so a site without campaign pages has no file it would never use.
   */
  blockStyles: { file: string; css: string };
}

/** The site's link-preview card, for pages without an image of their own. */
const OG_IMAGE = "src/assets/og-image.png";
/** The vector favicon pages carry, and the source of /favicon.ico. */
export const FAVICON_SVG = "src/assets/favicon.svg";
/** The site's stylesheet, inlined into every page (and read for its colours and breakpoints). */
export const SITE_CSS = "src/styles/site.css";

async function pixelSize(file: string): Promise<{ width: number; height: number }> {
  const { width, height } = await sharp(file).metadata();
  return { width, height };
}

/** Copies a file to dist/assets under a name carrying its content hash, so it can be cached forever. */
function copyHashed(source: string, outDir: string): string {
  const hash = digestOf(readFileSync(source), "base64url").slice(0, 10);
  const name = `${basename(source, extname(source))}-${hash}${extname(source)}`;
  copyFileSync(source, join(outDir, ASSET_DIR, name));
  return `/${ASSET_DIR}/${name}`;
}

/** The CSP source for an inline element's exact text. */
const cspHash = (text: string) => `'sha256-${digestOf(text, "base64")}'`;

const svgDataUrl = (file: string) => `data:image/svg+xml,${encodeURIComponent(readFileSync(file, "utf8").trim())}`;

/** What every esbuild run of the site's assets shares: the browser's configuration, written into assets/. */
function commonOptions(assetDir: string, dev: boolean): esbuild.BuildOptions {
  return {
    ...browserBundle(dev),
    outdir: assetDir,
    entryNames: "[name]-[hash]",
    assetNames: "[name]-[hash]",
    // Asset URLs must be absolute: the stylesheet is inlined into pages at every depth.
    publicPath: `/${ASSET_DIR}/`,
    metafile: true,
  };
}

/**
 * The form's guard (client/form-guard.ts: the fill token and the proof-of-work solver): its own file, which the island
 * fetches on the first touch of a form that sends to the site's own receiver.
 */
const formGuardOptions = (assetDir: string, dev: boolean): esbuild.BuildOptions => ({
  ...commonOptions(assetDir, dev),
  entryPoints: { "form-guard": "src/client/form-guard.ts" },
  write: true,
});

/** The esbuild options of the form island; npm run bench reads its metafile to show what the island carries. */
export const islandOptions = (
  assetDir: string,
  dev: boolean,
  formGuard = `/${ASSET_DIR}/form-guard.js`,
): esbuild.BuildOptions => ({
  ...commonOptions(assetDir, dev),
  entryPoints: { "form-island": "src/client/form-island.tsx" },
  define: { ...commonOptions(assetDir, dev).define, __FORM_GUARD__: JSON.stringify(formGuard) },
  external: [`/${ASSET_DIR}/form-guard*`],
  write: true,
  plugins: [sonnerWithoutStyleInjection],
});

/** The esbuild options of the stylesheets: the site's (inlined into pages) and the toasts' (fetched with the island). */
export const styleOptions = (assetDir: string, dev: boolean): esbuild.BuildOptions => ({
  ...commonOptions(assetDir, dev),
  entryPoints: { site: SITE_CSS, toasts: "src/styles/toasts.css", search: SEARCH_CSS, blocks: BLOCKS_CSS },
  write: false,
});

/** The campaign blocks' stylesheet, linked by pages made of blocks (components/blocks/). */
export const BLOCKS_CSS = "src/styles/blocks.css";

/** The search dialog's stylesheet, fetched with its code when someone searches (search/browser/). */
export const SEARCH_CSS = "src/styles/search.css";
/** The search dialog's stylesheet among the style build's files. */
export const SEARCH_STYLES = /^search-.*\.css$/;

/** The toasts' stylesheet among the style build's files. */
export const TOAST_STYLES = /^toasts-.*\.css$/;

/**
 * Bundles the stylesheet, the form island, and the tiny loader that imports the island when the form
 * nears the viewport and makes the language switch instant. Separate builds rather than code splitting: esbuild's splitting put
 * its CommonJS helpers (needed by React in the island) in a shared chunk that the loader then imported
 * too, a second request before the first paint for code the loader never runs.
 */
export async function buildAssets(outDir: string, { dev = false } = {}): Promise<BuiltAssets> {
  // Loaded here, not with the module: an incremental build keeps the last build's bundles and never needs it.
  const esbuild = await import("esbuild");
  const assetDir = join(outDir, ASSET_DIR);
  mkdirSync(assetDir, { recursive: true });
  const common = commonOptions(assetDir, dev);
  /** The name of the one file a build wrote whose name matches. */
  const outputOf = (result: esbuild.BuildResult, name: RegExp) => {
    const file = Object.keys(result.metafile?.outputs ?? {})
      .map((path) => basename(path))
      .find((file) => name.test(file));
    if (!file) throw new Error(`esbuild produced no file matching ${name}`);
    return file;
  };

  // The video player's click handler is fetched only by pages with a video (the loader asks for it there).
  const videoPlayer = { ...common, entryPoints: { "video-player": "src/client/video.ts" }, write: true };
  // The search dialog, its engine and its words, fetched when someone focuses or opens the search control; it adds
  // its own stylesheet, which the loader then need not name.
  const searchDialog = (styles: esbuild.BuildResult) => ({
    ...common,
    entryPoints: { "search-dialog": "src/search/browser/dialog.ts" },
    define: { ...common.define, __SEARCH_STYLES__: JSON.stringify(`/${ASSET_DIR}/${outputOf(styles, SEARCH_STYLES)}`) },
    write: true,
  });
  // The language switch, prefetching, the menu's handling and the search control's listener: fetched by every page
  // right after its first paint, out of the first window's 14 KB (client/enhance.ts).
  const enhancer = (search: esbuild.BuildResult) => ({
    ...common,
    entryPoints: { enhance: "src/client/enhance.ts" },
    define: { ...common.define, __SEARCH_DIALOG__: JSON.stringify(`/${ASSET_DIR}/${outputOf(search, /\.js$/)}`) },
    external: [`/${ASSET_DIR}/search-dialog-*`],
    write: true,
  });
  const [[styles, enhance], island, video] = await Promise.all([
    esbuild.build(styleOptions(assetDir, dev)).then(async (styles) => {
      const search = await esbuild.build(searchDialog(styles));
      return [styles, await esbuild.build(enhancer(search))] as const;
    }),
    esbuild
      .build(formGuardOptions(assetDir, dev))
      .then((guard) => esbuild.build(islandOptions(assetDir, dev, `/${ASSET_DIR}/${outputOf(guard, /\.js$/)}`))),
    esbuild.build(videoPlayer),
  ]);
  const loader = await esbuild.build({
    ...common,
    entryPoints: { main: "src/client/main.ts" },
    // Inline, the loader resolves imports against the page's URL: the island and the toasts' stylesheet by absolute path.
    define: {
      ...common.define,
      __FORM_ISLAND__: JSON.stringify(`/${ASSET_DIR}/${outputOf(island, /\.js$/)}`),
      __TOAST_STYLES__: JSON.stringify(`/${ASSET_DIR}/${outputOf(styles, TOAST_STYLES)}`),
      __VIDEO_PLAYER__: JSON.stringify(`/${ASSET_DIR}/${outputOf(video, /\.js$/)}`),
      __ENHANCE__: JSON.stringify(`/${ASSET_DIR}/${outputOf(enhance, /\.js$/)}`),
    },
    external: [`/${ASSET_DIR}/form-island-*`, `/${ASSET_DIR}/video-player-*`, `/${ASSET_DIR}/enhance-*`],
    sourcemap: false,
    write: false,
  });
  const loaderCode = loader.outputFiles[0]?.text.trim() ?? "";
  // Inside <script> the text must never close the element; esbuild escapes it in strings, this makes sure.
  if (/<\/script|<!--/i.test(loaderCode))
    throw new Error("the loader's code contains </script or <!--; it cannot be inlined");

  // The toasts' stylesheet is written; the site's stylesheet is kept for the pages.
  let stylesheet = "";
  let blockStyles = { file: "", css: "" };
  for (const file of styles.outputFiles ?? []) {
    if (/^site-.*\.css$/.test(basename(file.path))) stylesheet = file.text.trim();
    else if (/^blocks-.*\.css$/.test(basename(file.path)))
      blockStyles = { file: `${ASSET_DIR}/${basename(file.path)}`, css: file.text };
    else writeFileSync(file.path, file.contents);
  }
  return {
    stylesheet,
    styleHash: cspHash(stylesheet),
    blockStylesheet: `/${blockStyles.file}`,
    blockStyles,
    loader: loaderCode,
    loaderHash: cspHash(loaderCode),
    faviconSvg: svgDataUrl(FAVICON_SVG),
    faviconPng: copyHashed("src/assets/favicon.png", outDir),
    ogImage: copyHashed(OG_IMAGE, outDir),
    ogImageSize: await pixelSize(OG_IMAGE),
  };
}
