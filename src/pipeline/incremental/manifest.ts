import { readdirSync, statSync } from "node:fs";
import { digestOf } from "../../cache/digest.ts";
import { join, relative, resolve } from "node:path";

/**
 * What a successful build leaves for the next one to build on, kept per output folder in the build cache: what
 * its inputs and code were, what it wrote (so a later build can tell that dist/ is still exactly that), what
 * each page was rendered from, and what the terminal was told.
 */
export interface BuildManifest {
  /** codeFingerprint() of the build that wrote it: another code makes everything here void. */
  code: string;
  /** Every input of the build (code, content, git dates, options): equal means the same output. */
  inputs: string;
  /** Each file the build wrote below the output folder, with its size and modification time after the swap. */
  outputs: Record<string, [number, number]>;
  /** What npm run build printed besides its timings, to say again when nothing changed. */
  summary: { pages: number; warnings: string[]; notes: string[] };
  /** The digest of what every page reads besides its own page (see digests.ts). */
  shared: string;
  /** Each page's own digest, by its output file. */
  own: Record<string, string>;
  /** What bundling returned (the stylesheet, the loader, the bundles' names), whose files are in assets/. */
  assets: unknown;
  /** For each page path, the pages that link to one of its #anchors (the link check re-reads those). */
  anchors: Record<string, string[]>;
  /** Each feed's digest (its section's and entries' digests, see feedDigest), by its output file. */
  feeds: Record<string, string>;
  /** Each page's JSON-LD ids, by its output file (the output checks of a page not rendered again use them). */
  jsonLd: Record<string, { defined: string[]; referred: string[] }>;
  /** The files of the bundles (and the copied favicon and default card) in the output's assets/. */
  bundles: string[];
}

/** The folder of one output folder's manifest and page cache, inside the build cache. */
export const stateDir = (cacheDir: string, outDir: string) => join(cacheDir, digestOf(resolve(outDir)).slice(0, 16));

/** Every file below a folder, by its path from there, with its size and modification time. */
export function listOutputs(outDir: string): Record<string, [number, number]> {
  const outputs: Record<string, [number, number]> = {};
  for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const { size, mtimeMs } = statSync(path);
    outputs[relative(outDir, path).split("\\").join("/")] = [size, mtimeMs];
  }
  return outputs;
}

/** Whether the output folder holds exactly what the manifest says its build wrote, untouched since. */
export function outputsIntact(outDir: string, expected: Record<string, [number, number]>): boolean {
  let found: Record<string, [number, number]>;
  try {
    found = listOutputs(outDir);
  } catch {
    return false;
  }
  const names = Object.keys(expected);
  if (Object.keys(found).length !== names.length) return false;
  return names.every((name) => {
    const [size, mtime] = found[name] ?? [-1, -1];
    const [wantSize, wantMtime] = expected[name] ?? [-2, -2];
    return size === wantSize && mtime === wantMtime;
  });
}
