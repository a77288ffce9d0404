import { readFileSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { digestOf } from "../../cache/digest.ts";
import type { Page } from "../../content/types.ts";
import { writeJson } from "../../cache/json.ts";
import { ASSET_DIR } from "../../host/addresses.ts";
import type { ImageProcessor } from "../images/processor.ts";
import { pageShape } from "./digests.ts";
import { type BuildInputs, copyIntact, copyOf, lastBuild, linkTree } from "./index.ts";
import { type BuildManifest, listOutputs, outputsIntact, stateDir } from "./manifest.ts";
import { PageStore } from "./page-store.ts";

/**
 * The one reuse rule, which every question below asks: a part of the last build's output is this build's part when
 * the last build was made by this code with its copy in the cache intact (lastBuild, copyIntact), and the digest of
 * what the part is made of is the one that build recorded for it (the whole output, found in place, needs no copy). The parts, and what each is made of (digests.ts):
 * - the whole output (step 0): every input, the build's input key;
 * - a page: the shared digest and its own;
 * - a feed: the shared digest and its entries' own;
 * - the checks of the pages not rendered again: the shared digest;
 * - the bundles: the code alone.
 * npm run dev asks it of one saved page against the page before (onlyOwnChanged).
 */
const same = (recorded: string | undefined, now: string): boolean => recorded !== undefined && recorded === now;

/**
 * The reuse rule's question for one page that changed: did anything change that other pages see? When not, its own
 * page alone is rendered and checked again (npm run dev), as an incremental build renders only it.
 */
export const onlyOwnChanged = (before: Page, after: Page): boolean =>
  same(digestOf(JSON.stringify(pageShape(before))), digestOf(JSON.stringify(pageShape(after))));

/** What a build that found nothing changed says again: the last build's summary, and whether dist/ was restored. */
export type Unchanged = BuildManifest["summary"] & { restored: boolean };

/**
 * A build that reuses what the last build into the same folder made, where nothing it was made from changed:
 * the whole output (unchanged), loaded pages (PageStore), rendered pages, feeds, the bundles, and the checks of the
 * pages that were not rendered again. Everything is void when the build's code changed, and when the cache's copy
 * of the last output is not what that build wrote.
 */
export class Incremental {
  private readonly dir: string;
  /** The last build's manifest by this code, its copy not yet checked; `previous` once the copy is found intact. */
  private readonly recorded?: BuildManifest;
  private checked?: BuildManifest | null;

  constructor(
    private readonly cacheDir: string,
    private readonly outDir: string,
    readonly inputs: BuildInputs,
    /** The last build's manifest where the caller already looked for it (lastBuild). */
    recorded = lastBuild(cacheDir, outDir, inputs.code),
  ) {
    this.dir = stateDir(cacheDir, outDir);
    this.recorded = recorded ?? undefined;
  }

  /** The last build's manifest, when its copy in the cache is exactly what it wrote: what may be taken from it. */
  get previous(): BuildManifest | undefined {
    if (this.checked === undefined)
      this.checked = this.recorded && copyIntact(this.cacheDir, this.outDir, this.recorded) ? this.recorded : null;
    return this.checked ?? undefined;
  }

  /**
   * Step 0: when the inputs are what the last build into `outDir` was made from, there is nothing to build: its
   * summary, after putting its output back into `outDir` where that is not exactly it any more (a host's fresh
   * checkout, a file changed by hand). Undefined when something changed.
   */
  async unchanged(
    /** Puts a new output in place atomically, as a build does (swap.ts), with what `write` writes into its folder. */
    restore: (write: (temp: string) => void) => Promise<void>,
  ): Promise<Unchanged | undefined> {
    const recorded = this.recorded;
    if (!recorded || !same(recorded.inputs, this.inputs.key)) return undefined;
    // outDir is exactly what that build wrote: nothing is taken from the copy, so it need not be checked.
    if (outputsIntact(this.outDir, recorded.outputs)) return { ...recorded.summary, restored: false };
    const previous = this.previous;
    if (!previous) return undefined;
    await restore((temp) => linkTree(copyOf(this.dir), temp, Object.keys(previous.outputs)));
    return { ...previous.summary, restored: true };
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
    if (!previous || !this.sameShared(shared) || !same(previous.own[file], own) || !(file in previous.outputs))
      return undefined;
    return join(copyOf(this.dir), file);
  }

  /** The last build's text of a feed whose shared digest and own digest are what they were, else undefined. */
  reusableFeed(file: string, shared: string, digest: string): string | undefined {
    if (!this.sameShared(shared) || !same(this.previous?.feeds?.[file], digest)) return undefined;
    try {
      return readFileSync(join(copyOf(this.dir), file), "utf8");
    } catch {
      return undefined;
    }
  }

  /** Whether every page that is not rendered again passed its checks in a build that read the same shared data. */
  sameShared(shared: string): boolean {
    return same(this.previous?.shared, shared);
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
