import type * as esbuild from "esbuild";

/**
 * The one esbuild configuration for code that runs in the browser: the site's bundles (assets.ts), the editor's site
 * script (handed to editor/ by the build) and the dev server's scripts. The other is the compiled build's, for Node
 * (src/cli/compiled-build.ts).
 */
export function browserBundle(dev: boolean): esbuild.BuildOptions {
  return {
    bundle: true,
    format: "esm",
    minify: !dev,
    sourcemap: dev ? "inline" : false,
    target: ["es2022", "chrome111", "firefox114", "safari16.4"],
    define: { "process.env.NODE_ENV": JSON.stringify(dev ? "development" : "production") },
    jsx: "automatic",
    legalComments: "none",
    logLevel: "silent",
  };
}
