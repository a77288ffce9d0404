import { constants, copyFileSync, existsSync, linkSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { lastCommitDates } from "../../content/history.ts";
import type { ImageProcessor } from "../images/processor.ts";
import { codeFingerprint, digestOf, treeHash } from "./fingerprint.ts";
import { type BuildManifest, listOutputs, outputsIntact, readJson, stateDir, writeJson } from "./manifest.ts";
import { PageStore } from "./page-store.ts";

/** Everything a build's output depends on, as one hash: equal inputs give byte-identical output. */
export interface BuildInputs {
  code: string;
  key: string;
}

/**
 * The inputs of a build of `contentDir` with these options: the build's code, every file of the content folder,
 * the git dates its sitemap and feeds show, and the options themselves (site address, drafts, strictness…).
 */
export function buildInputs(contentDir: string, options: Record<string, unknown>): BuildInputs {
  const code = codeFingerprint();
  const key = digestOf({
    code,
    content: treeHash(contentDir),
    git: [...lastCommitDates(contentDir)],
    options,
  });
  return { code, key };
}

/** What the last build into `outDir` told the terminal, when its inputs were these and dist/ is still its output. */
export function unchangedBuild(
  cacheDir: string,
  outDir: string,
  inputs: BuildInputs,
): BuildManifest["summary"] | undefined {
  const manifest = readJson<BuildManifest>(join(stateDir(cacheDir, outDir), "manifest.json"));
  if (!manifest || manifest.inputs !== inputs.key || manifest.code !== inputs.code) return undefined;
  return outputsIntact(outDir, manifest.outputs) ? manifest.summary : undefined;
}

/**
 * A build that reuses what the last build into the same folder made, where nothing it was made from changed:
 * loaded pages (PageStore), rendered pages (by their digests), the bundles, and the checks of the pages that
 * were not rendered again. Everything is void when the build's code changed, and when dist/ is not what that
 * build wrote.
 */
export class Incremental {
  readonly previous?: BuildManifest;
  private readonly dir: string;

  constructor(
    cacheDir: string,
    private readonly outDir: string,
    readonly inputs: BuildInputs,
  ) {
    this.dir = stateDir(cacheDir, outDir);
    const manifest = readJson<BuildManifest>(join(this.dir, "manifest.json"));
    if (manifest?.code === inputs.code && outputsIntact(outDir, manifest.outputs)) this.previous = manifest;
  }

  pageStore(processor: ImageProcessor): PageStore {
    return new PageStore(join(this.dir, "pages.json"), this.inputs.code, processor);
  }

  /**
   * The bundles of the last build, put into the new output's assets/ from the last one's: the same code makes
   * the same ones. Undefined (bundle anew) when there was no last build or a file of it is gone.
   */
  keptBundles<Assets>(temp: string): Assets | undefined {
    const previous = this.previous;
    if (!previous?.bundles.every((file) => existsSync(join(this.outDir, ASSET_DIR, file)))) return undefined;
    mkdirSync(join(temp, ASSET_DIR), { recursive: true });
    for (const file of previous.bundles) reuseFile(join(this.outDir, ASSET_DIR, file), join(temp, ASSET_DIR, file));
    return previous.assets as Assets;
  }

  /** The last build's file for a page whose shared and own digests are what they were, else undefined. */
  reusable(file: string, shared: string, own: string): string | undefined {
    const previous = this.previous;
    if (!previous || previous.shared !== shared || previous.own[file] !== own) return undefined;
    const path = join(this.outDir, file);
    return existsSync(path) ? path : undefined;
  }

  /** Whether every page that is not rendered again passed its checks in a build that read the same shared data. */
  sameShared(shared: string): boolean {
    return this.previous?.shared === shared;
  }

  /** After the swap: what this build wrote and read, for the next one. */
  record(manifest: Omit<BuildManifest, "code" | "inputs" | "outputs">): void {
    writeJson(join(this.dir, "manifest.json"), {
      ...manifest,
      code: this.inputs.code,
      inputs: this.inputs.key,
      outputs: listOutputs(this.outDir),
    } satisfies BuildManifest);
  }
}

/** A file of the last output into the new one: a hard link (no bytes copied) where the file system allows one. */
export function reuseFile(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to, constants.COPYFILE_FICLONE);
  }
}

/** The output's asset folder. */
const ASSET_DIR = "assets";

/** The files in the output's assets/ so far: right after bundling, the bundles. */
export function listBundles(temp: string): string[] {
  try {
    return readdirSync(join(temp, ASSET_DIR)).sort();
  } catch {
    return [];
  }
}
