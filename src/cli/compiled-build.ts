// npm run build's code compiled into a few ES modules, once per code fingerprint (src/pipeline/incremental/): Node
// then loads it in one read per module, not one TypeScript transform per file through tsx (about 0.3 s of every build).
// Runs under Node's own type stripping, before anything is compiled: plain syntax only (no enums, no parameter properties).
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createHash } from "node:crypto";
import { getCompileCacheDir } from "node:module";
import { dirname, extname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Plugin } from "esbuild";

/** The command compiled, and what it was compiled from (esbuild's metafile, for the test that each input is fingerprinted). */
export const ENTRY = "build.mjs";
export const INPUTS = "inputs.json";

/** Bundles of other fingerprints kept beside the newest: a build still running on older code may load a chunk late. */
const KEPT = 2;

const LOADERS: Record<string, "ts" | "tsx" | "js"> = {
  ".ts": "ts",
  ".mts": "ts",
  ".tsx": "tsx",
  ".mjs": "js",
  ".js": "js",
};

/**
 * Each module keeps its own address: `new URL("./fonts/…", import.meta.url)` must still find the file beside its
 * source, not beside the bundle (fonts, the validation worker, the build thread's bootstrap).
 */
const ownAddress: Plugin = {
  name: "own-import-meta-url",
  setup(bundler) {
    bundler.onLoad({ filter: /\.(ts|mts|tsx|mjs|js)$/ }, (args) => {
      if (args.path.includes("/node_modules/")) return undefined;
      const source = readFileSync(args.path, "utf8");
      return {
        contents: source.replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href)),
        loader: LOADERS[extname(args.path)] ?? "ts",
      };
    });
  },
};

/**
 * The folder of the compiled command for this code in this project: the fingerprint, and the project's own path.
 * The bundle holds its sources' addresses (ownAddress above: fonts, the validation worker, the build thread, which
 * loads its TypeScript from there), so a cache restored into another folder (a CI runner's workspace per run)
 * compiles anew rather than run the code of a folder that may be gone or hold other sources.
 */
export const compiledFolder = (entry: string, code: string, cacheDir: string) =>
  resolve(cacheDir, `${code.slice(0, 32)}-${createHash("sha256").update(resolve(entry)).digest("hex").slice(0, 8)}`);

/**
 * The compiled command for this code (`code`: its fingerprint), compiled now if no earlier build left it in
 * `cacheDir`. Returns the entry module's path. Two builds compiling at once each write their own folder and the
 * first rename wins; the other takes that one.
 */
export async function compiledBuild(entry: string, code: string, cacheDir: string): Promise<string> {
  const dir = compiledFolder(entry, code, cacheDir);
  if (existsSync(join(dir, ENTRY))) return join(dir, ENTRY);
  mkdirSync(cacheDir, { recursive: true });
  const temp = mkdtempSync(join(cacheDir, ".compiling-"));
  try {
    // Loaded only to compile: a build that finds its code compiled does not pay for esbuild's start.
    const { build } = await import("esbuild");
    const result = await build({
      entryPoints: { build: entry },
      outdir: temp,
      outExtension: { ".js": ".mjs" },
      bundle: true,
      splitting: true,
      format: "esm",
      platform: "node",
      target: `node${process.versions.node.split(".")[0]}`,
      packages: "external",
      jsx: "automatic",
      // The compiled code knows which code it is: the build need not hash its sources again.
      define: { COMPILED_CODE: JSON.stringify(code) },
      metafile: true,
      logLevel: "error",
      plugins: [ownAddress],
    });
    const inputs = Object.keys(result.metafile.inputs).sort();
    writeFileSync(join(temp, INPUTS), `${JSON.stringify(inputs)}\n`);
    try {
      renameSync(temp, dir);
    } catch {
      rmSync(temp, { recursive: true, force: true });
    }
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    throw error;
  }
  // Node's compile cache, where compile-cache.mjs (its one home) turned it on: Node gives its folder per Node
  // version, inside it. It names its entries by each file's path, and each new compiled folder is a new path:
  // emptied with every new code, it holds only what the builds since have run, not every version's.
  // One turned on elsewhere (NODE_COMPILE_CACHE naming a folder of its own) is not this build's to empty.
  const found = getCompileCacheDir();
  const compileCache = found && dirname(found);
  const ours = compileCache !== undefined && dirname(compileCache) === resolve(cacheDir);
  pruneOlder(cacheDir, dir, compileCache);
  if (ours) rmSync(compileCache, { recursive: true, force: true });
  return join(dir, ENTRY);
}

function pruneOlder(cacheDir: string, newest: string, compileCache?: string): void {
  // A folder still being written (".compiling-…") belongs to a build running now.
  const others = readdirSync(cacheDir)
    .filter((name) => !name.startsWith("."))
    .map((name) => join(cacheDir, name))
    .filter((dir) => resolve(dir) !== compileCache)
    .filter((dir) => dir !== newest)
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  for (const dir of others.slice(KEPT)) rmSync(dir, { recursive: true, force: true });
}
