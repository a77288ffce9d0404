import { constants, copyFileSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { ContentFolder } from "../../content/read/folder.ts";
import { lastCommitDates } from "../../content/read/history.ts";
import type { ImageProcessor } from "../images/processor.ts";
import { PUBLISHED_FILE } from "../../content/rules/published.ts";
import { digestOf } from "../../cache/digest.ts";
import { codeFingerprint, contentDigests, hashOfDigests } from "./fingerprint.ts";
import { ASSET_DIR } from "../../host/addresses.ts";
import { readJson, writeJson } from "../../cache/json.ts";
import { type BuildManifest, listOutputs, outputsIntact, stateDir } from "./manifest.ts";
import { PageStore } from "./page-store.ts";

/** Everything a build's output depends on, as one hash: equal inputs give byte-identical output. */
export interface BuildInputs {
  code: string;
  key: string;
  /** The same without content/published.yaml, which a live build adds to (afterPublishing). */
  rest: string;
  /** Each content file's digest, read once: the page cache's keys take them (PageStore.fileDigest). */
  files: ReadonlyMap<string, string>;
}

/**
 * The inputs of a build of `contentDir` with these options: the build's code, every file of the content folder,
 * the git dates its sitemap and feeds show, and the options themselves (site address, drafts, strictness…).
 */
export function buildInputs(
  contentDir: string,
  options: Record<string, unknown>,
  code = codeFingerprint(),
): BuildInputs {
  const folder = new ContentFolder(contentDir);
  const files = contentDigests(folder);
  files.delete(PUBLISHED_FILE);
  const rest = digestOf(
    JSON.stringify({
      code,
      content: hashOfDigests(files),
      git: [...lastCommitDates(contentDir)],
      options,
    }),
  );
  return { code, rest, key: withPublished(rest, folder), files };
}

const withPublished = (rest: string, folder: ContentFolder) =>
  digestOf(JSON.stringify({ rest, published: hashOfDigests(contentDigests(folder, [PUBLISHED_FILE])) }));

/**
 * The inputs once a live build has added its addresses to content/published.yaml: the list only ever names
 * addresses that build answers, so the same output is what the content with the new list makes.
 */
export const afterPublishing = (inputs: BuildInputs, contentDir: string): BuildInputs => ({
  ...inputs,
  key: withPublished(inputs.rest, new ContentFolder(contentDir)),
});

/**
 * The last build's output is kept as hard links in the build cache (its "copy"), beside its manifest: a host that
 * keeps node_modules/.cache between builds but starts each one without dist/ (Netlify, Cloudflare Pages) still
 * has it to build on.
 */
const copyOf = (dir: string) => join(dir, "output");

/** A file of an output into another: a hard link (no bytes copied) where the file system allows one, else a copy. */
export function reuseFile(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to, constants.COPYFILE_FICLONE);
  }
}

/** Every file of one folder into another, as hard links. */
function linkTree(from: string, to: string, files: Iterable<string>): void {
  const made = new Set<string>();
  for (const file of files) {
    const target = join(to, file);
    if (!made.has(dirname(target))) {
      mkdirSync(dirname(target), { recursive: true });
      made.add(dirname(target));
    }
    reuseFile(join(from, file), target);
  }
}

/** The files in the output's assets/ so far: right after bundling, the bundles. */
export function listBundles(temp: string): string[] {
  try {
    return readdirSync(join(temp, ASSET_DIR)).sort();
  } catch {
    return [];
  }
}

/**
 * The last build into `outDir`'s manifest, when it was made by this code and its copy in the cache is still exactly
 * what it wrote; else null. Found once per build: checking the copy reads every file's size and time.
 */
export function lastBuild(cacheDir: string, outDir: string, code: string): BuildManifest | null {
  const dir = stateDir(cacheDir, outDir);
  const manifest = readJson<BuildManifest>(join(dir, "manifest.json"));
  return manifest?.code === code && outputsIntact(copyOf(dir), manifest.outputs) ? manifest : null;
}

/**
 * When the inputs are what the last build into `outDir` was made from, there is nothing to build: its summary,
 * after putting its output back into `outDir` where that is not exactly it any more (a host's fresh checkout, a
 * file changed by hand). Undefined when something changed.
 */
export async function unchangedBuild(
  cacheDir: string,
  outDir: string,
  inputs: BuildInputs,
  /** Puts a new output in place atomically, as a build does (swap.ts), with what `write` writes into its folder. */
  restore: (write: (temp: string) => void) => Promise<void>,
  manifest = lastBuild(cacheDir, outDir, inputs.code),
): Promise<(BuildManifest["summary"] & { restored: boolean }) | undefined> {
  const dir = stateDir(cacheDir, outDir);
  if (!manifest || manifest.inputs !== inputs.key) return undefined;
  if (outputsIntact(outDir, manifest.outputs)) return { ...manifest.summary, restored: false };
  await restore((temp) => linkTree(copyOf(dir), temp, Object.keys(manifest.outputs)));
  return { ...manifest.summary, restored: true };
}

/**
 * A build that reuses what the last build into the same folder made, where nothing it was made from changed:
 * loaded pages (PageStore), rendered pages (by their digests), the bundles, and the checks of the pages that
 * were not rendered again. Everything is void when the build's code changed, and when the cache's copy of the
 * last output is not what that build wrote.
 */
export class Incremental {
  readonly previous?: BuildManifest;
  private readonly dir: string;

  constructor(
    cacheDir: string,
    private readonly outDir: string,
    readonly inputs: BuildInputs,
    /** The last build's manifest where the caller already looked for it (lastBuild). */
    previous = lastBuild(cacheDir, outDir, inputs.code),
  ) {
    this.dir = stateDir(cacheDir, outDir);
    this.previous = previous ?? undefined;
  }

  pageStore(processor: ImageProcessor): PageStore {
    return new PageStore(join(this.dir, "pages.json"), this.inputs.code, processor, this.inputs.files);
  }

  /**
   * The bundles of the last build, put into the new output's assets/ from the last one's: the same code makes
   * the same ones. Undefined (bundle anew) when there was no last build.
   */
  keptBundles<Assets>(temp: string): Assets | undefined {
    const previous = this.previous;
    if (!previous) return undefined;
    linkTree(
      copyOf(this.dir),
      temp,
      previous.bundles.map((file) => `${ASSET_DIR}/${file}`),
    );
    return previous.assets as Assets;
  }

  /** The last build's file for a page whose shared and own digests are what they were, else undefined. */
  reusable(file: string, shared: string, own: string): string | undefined {
    const previous = this.previous;
    if (!previous || previous.shared !== shared || previous.own[file] !== own || !(file in previous.outputs))
      return undefined;
    return join(copyOf(this.dir), file);
  }

  /** The last build's text of a feed whose digest is what it was, else undefined. */
  reusableFeed(file: string, digest: string): string | undefined {
    if (this.previous?.feeds?.[file] !== digest) return undefined;
    try {
      return readFileSync(join(copyOf(this.dir), file), "utf8");
    } catch {
      return undefined;
    }
  }

  /** Whether every page that is not rendered again passed its checks in a build that read the same shared data. */
  sameShared(shared: string): boolean {
    return this.previous?.shared === shared;
  }

  /**
   * The cache's copy brought up to date in place: the files this build took from it are the same files (hard
   * links), so only those written anew are linked and those gone removed. Without its manifest meanwhile, a copy
   * left half done (the process stopped) is never taken for a build's output.
   */
  private updateCopy(outputs: Record<string, [number, number]>, before: Record<string, [number, number]>): void {
    const copy = copyOf(this.dir);
    rmSync(join(this.dir, "manifest.json"), { force: true });
    for (const file of Object.keys(before)) if (!(file in outputs)) rmSync(join(copy, file), { force: true });
    const changed = Object.keys(outputs).filter((file) => {
      const [size, mtime] = outputs[file] ?? [];
      const [sizeBefore, mtimeBefore] = before[file] ?? [];
      return size !== sizeBefore || mtime !== mtimeBefore;
    });
    for (const file of changed) rmSync(join(copy, file), { force: true });
    linkTree(this.outDir, copy, changed);
  }

  /** After the swap: a copy of what this build wrote, and what it was made from, for the next one. */
  record(manifest: Omit<BuildManifest, "code" | "inputs" | "outputs">, inputs = this.inputs): void {
    const outputs = listOutputs(this.outDir);
    if (this.previous) this.updateCopy(outputs, this.previous.outputs);
    else {
      const next = `${copyOf(this.dir)}-next`;
      rmSync(next, { recursive: true, force: true });
      linkTree(this.outDir, next, Object.keys(outputs));
      rmSync(copyOf(this.dir), { recursive: true, force: true });
      renameSync(next, copyOf(this.dir));
    }
    writeJson(join(this.dir, "manifest.json"), {
      ...manifest,
      code: inputs.code,
      inputs: inputs.key,
      outputs,
    } satisfies BuildManifest);
  }
}
