import { constants, copyFileSync, linkSync, mkdirSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { ContentFolder } from "../../content/read/folder.ts";
import { lastCommitDates } from "../../content/read/history.ts";
import { PUBLISHED_FILE } from "../../content/rules/published.ts";
import { digestOf } from "../../cache/digest.ts";
import { StampedDigests } from "../../cache/stamps.ts";
import { codeFingerprint, contentDigests, hashOfDigests } from "./fingerprint.ts";
import { ASSET_DIR } from "../../host/addresses.ts";
import { readJson } from "../../cache/json.ts";
import { type BuildManifest, outputsIntact, stateDir } from "./manifest.ts";

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
  /** Where the content files' stamps are kept (cache/stamps.ts): else every file is read. */
  stampsFile?: string,
): BuildInputs {
  const folder = new ContentFolder(contentDir);
  const stamps = stampsFile === undefined ? undefined : new StampedDigests(stampsFile);
  const files = contentDigests(folder, undefined, stamps);
  stamps?.save();
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
export const copyOf = (dir: string) => join(dir, "output");

/** A file of an output into another: a hard link (no bytes copied) where the file system allows one, else a copy. */
export function reuseFile(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to, constants.COPYFILE_FICLONE);
  }
}

/** Every file of one folder into another, as hard links. */
export function linkTree(from: string, to: string, files: Iterable<string>): void {
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
 * The last build into `outDir`'s manifest, when it was made by this code; else null. Whether its copy in the cache
 * is still exactly what it wrote is asked apart (copyIntact), only by a build that takes something from the copy:
 * checking it reads every file's size and time, and a build that finds nothing changed never needs it.
 */
export function lastBuild(cacheDir: string, outDir: string, code: string): BuildManifest | null {
  const manifest = readJson<BuildManifest>(join(stateDir(cacheDir, outDir), "manifest.json"));
  return manifest?.code === code ? manifest : null;
}

/** Whether the cache's copy of the last build into `outDir` is still exactly what its manifest says it wrote. */
export const copyIntact = (cacheDir: string, outDir: string, manifest: BuildManifest): boolean =>
  outputsIntact(copyOf(stateDir(cacheDir, outDir)), manifest.outputs);
