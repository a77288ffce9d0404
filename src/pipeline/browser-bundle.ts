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
    // esbuild mixes each input's path, relative to the working directory, into its chunk's [hash], and by default
    // follows symbolic links first: a checkout whose node_modules links to another's (every git worktree here) named
    // React, sonner and minisearch by a path out of the checkout ("../../main/node_modules/…"), so the same commit got
    // other bundle names (and CSP hashes) at another depth. Kept as linked, every checkout names them node_modules/….
    preserveSymlinks: true,
  };
}
