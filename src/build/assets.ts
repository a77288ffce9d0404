import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import { basename, extname, join, resolve } from "node:path";
import * as esbuild from "esbuild";
import { subsetInter } from "./font.ts";

/**
 * sonner injects its stylesheet as a runtime <style> element, which a strict Content-Security-Policy
 * would have to allow by hash. Its CSS is bundled into site.css instead (the same file sonner ships,
 * src/styles/site.css imports it), so the policy allows no inline style at all and the island is ~3 KB
 * (gzip) smaller. The build fails loudly if a sonner update changes how it injects styles.
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
  css: string;
  font: string;
  script: string;
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

/**
 * Bundles the one stylesheet (with its font) and the client scripts: a tiny loader plus a lazily
 * imported island chunk. All names carry content hashes.
 */
export async function buildAssets(outDir: string, { dev = false } = {}): Promise<BuiltAssets> {
  mkdirSync(join(outDir, ASSET_DIR), { recursive: true });
  const result = await esbuild.build({
    entryPoints: { site: "src/styles/site.css", main: "src/client/main.ts" },
    outdir: join(outDir, ASSET_DIR),
    entryNames: "[name]-[hash]",
    chunkNames: "[name]-[hash]",
    assetNames: "[name]-[hash]",
    bundle: true,
    splitting: true,
    format: "esm",
    minify: !dev,
    sourcemap: dev ? "inline" : false,
    target: ["es2022", "chrome111", "firefox114", "safari16.4"],
    loader: { ".woff2": "file" },
    define: { "process.env.NODE_ENV": JSON.stringify(dev ? "development" : "production") },
    jsx: "automatic",
    legalComments: "none",
    metafile: true,
    write: true,
    logLevel: "silent",
    plugins: [sonnerWithoutStyleInjection, subsetFontFile(await subsetInter())],
  });
  const outputs = Object.entries(result.metafile.outputs);
  const find = (predicate: (file: string, entry?: string) => boolean) => {
    const match = outputs.find(([file, meta]) => predicate(file, meta.entryPoint));
    if (!match) throw new Error("esbuild did not produce an expected asset");
    return `/${ASSET_DIR}/${basename(match[0])}`;
  };
  return {
    css: find((file) => file.endsWith(".css")),
    font: find((file) => file.endsWith(".woff2")),
    script: find((_file, entry) => entry === "src/client/main.ts"),
    faviconSvg: copyHashed("src/assets/favicon.svg", outDir),
    faviconPng: copyHashed("src/assets/favicon.png", outDir),
    ogImage: copyHashed("src/assets/og-image.png", outDir),
  };
}
