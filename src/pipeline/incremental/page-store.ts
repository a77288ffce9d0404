import { digestOf } from "../../cache/digest.ts";
import { readFileSync } from "node:fs";
import type { Page, PageCache } from "../../content/types.ts";
import type { ImageProcessor } from "../images/processor.ts";
import { readJson, writeJson } from "../../cache/json.ts";

interface Entry {
  page: Page;
  /**
   * Every image file the page shows, each one's phone variant, and the files it would show instead of shared ones
   * (Page.shadowed), by path: its bytes' hash, or null where absent.
   */
  images: Record<string, string | null>;
}

interface Stored {
  code: string;
  entries: Record<string, Entry>;
}

const hashOf = (path: string): string | null => {
  try {
    return digestOf(readFileSync(path));
  } catch {
    return null;
  }
};

/** The phone variant the content loader looks for beside an image (name.narrow.png). */
const narrowOf = (path: string) => path.replace(/(\.[^./\\]+)$/, ".narrow$1");

/**
 * The loaded pages of the last build, kept in one file of the build cache. A page is taken from it only while
 * every image it shows is still the file it was made from (an image's address is the hash of its bytes); its
 * images are then handed to this build's image processor again, so they are written with it. Written back
 * with only the pages this build used, so a deleted page does not linger.
 */
export class PageStore implements PageCache {
  private readonly entries: Record<string, Entry>;
  private readonly used = new Map<string, Entry>();
  /** Pages taken from the store, and pages loaded anew, in this build. */
  readonly counts = { kept: 0, loaded: 0 };

  constructor(
    private readonly file: string,
    private readonly code: string,
    private readonly processor: ImageProcessor,
    /** The content files' digests as the build's inputs read them (buildInputs). */
    private readonly digests: ReadonlyMap<string, string> = new Map(),
  ) {
    const stored = readJson<Stored>(file);
    this.entries = stored?.code === code ? stored.entries : {};
  }

  async get(key: string): Promise<Page | undefined> {
    const entry = this.entries[key];
    if (!entry) return undefined;
    if (!Object.entries(entry.images).every(([path, hash]) => hashOf(path) === hash)) return undefined;
    if (!entry.page.imagesLeftOut)
      for (const [path, hash] of Object.entries(entry.images)) if (hash !== null) await this.processor.process(path);
    this.used.set(key, entry);
    this.counts.kept++;
    return entry.page;
  }

  fileDigest(relativePath: string): string | undefined {
    return this.digests.get(relativePath);
  }

  set(key: string, page: Page): void {
    const paths = [...page.images.flatMap((path) => [path, narrowOf(path)]), ...(page.shadowed ?? [])];
    this.used.set(key, { page, images: Object.fromEntries(paths.map((path) => [path, hashOf(path)])) });
    this.counts.loaded++;
  }

  save(): void {
    writeJson(this.file, { code: this.code, entries: Object.fromEntries(this.used) } satisfies Stored);
  }
}
