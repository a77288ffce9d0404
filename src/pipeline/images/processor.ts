import { writeFileSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { basename, extname, join, resolve } from "node:path";
import pLimit from "p-limit";
import sharp from "sharp";
import { EXPORT_SMALLER, formatBytes, IMAGE_LIMITS } from "../../images/limits.ts";
import { ImageProblem } from "../../images/problem.ts";
import { slugOf } from "../../content/rules/slug.ts";
import { type CacheEntry, CacheStore } from "../../cache/store.ts";
import { ASSET_DIR } from "../../host/addresses.ts";
import { type Encoded, encode, EXTENSIONS } from "./encode.ts";
import type { ImageSet, ImageVariant } from "../../images/types.ts";

export type { ImageSet, ImageVariant } from "../../images/types.ts";
export { type PictureOptions, pictureHast } from "../../images/markup.ts";

const DEFAULT_WIDTHS = [480, 960, 1440];
/** In each entry, beside the files: what encode() said about them. */
const ENCODED = "encoded.json";
/**
 * The code that fills the cache: the encoder (its settings, resizing and cropping), the SVG allowlist, and sharp
 * with the libraries it bundles. A change to any of them is another key, so another name for every image.
 */
const ENCODER_CODE = {
  sources: ["encode.ts", "svg.ts", "svg-allowlist.ts"].map((file) => new URL(`./${file}`, import.meta.url)),
  packages: ["sharp"],
  from: import.meta.url,
  values: [sharp.versions],
};
const FALLBACK_TYPES = { png: "image/png", jpeg: "image/jpeg", svg: "image/svg+xml" } as const;

export interface ImageProcessorOptions {
  /** One folder per source content and options; safe to delete, and to share between concurrent builds. */
  cacheDir: string;
  /** The widths to offer; an image is never scaled up, so a smaller one gets fewer. */
  widths?: number[];
}

/** A file name that is safe in a URL and in srcset (no spaces or commas), as a tag's: "Übersicht Plan.png" -> "uebersicht-plan". */
const fileSlugOf = (file: string): string => slugOf(basename(file, extname(file))) || "image";

/**
 * Turns images next to the content into the files a page links: AVIF and WebP at a few widths plus a
 * fallback, under content-hashed names in /assets/. Encoding is the slow part of a build, so results are
 * cached on disk (cache/store.ts), keyed by the source's bytes, the widths and the encoder's code, and named for
 * that key, so other bytes always get another name; within one
 * instance, a source referenced from several pages (or copied under another name) is encoded once.
 * One instance per build: it remembers each path's result, so a rebuild after an edit needs a new one
 * (cheap, as the cache holds everything unchanged).
 */
export class ImageProcessor {
  /** Sources this instance encoded, and sources it found already encoded in the cache. */
  readonly counts = { encoded: 0, fromCache: 0 };
  private readonly cache: CacheStore;
  private readonly widths: number[];
  private readonly bySource = new Map<string, Promise<ImageSet>>();
  private readonly byKey = new Map<string, Promise<Encoded>>();
  private readonly files = new Map<string, string>();
  /** Encodings in flight: two keep both cores busy; more would only add decoded images and encoders to memory. */
  private readonly encoding = pLimit(2);

  constructor(options: ImageProcessorOptions) {
    this.widths = options.widths ?? DEFAULT_WIDTHS;
    if (this.widths.length === 0 || !this.widths.every((width) => Number.isInteger(width) && width > 0)) {
      throw new Error(`ImageProcessor: widths must be positive whole numbers, got ${JSON.stringify(this.widths)}`);
    }
    this.cache = new CacheStore(options.cacheDir, ENCODER_CODE);
  }

  /** One line per damaged cache entry found, dropped and encoded again (the build shows them as warnings). */
  get damaged(): string[] {
    return this.cache.damaged;
  }

  /**
   * The set for one source file. A missing, unreadable, refused or oversized file fails with an
   * ImageProblem, which names no file: the caller knows which page, line and key use it.
   */
  process(sourcePath: string): Promise<ImageSet> {
    const absolute = resolve(sourcePath);
    let set = this.bySource.get(absolute);
    if (!set) {
      set = this.load(absolute);
      this.bySource.set(absolute, set);
    }
    return set;
  }

  /**
   * Every file the build must write, for the sources processed so far: output path relative to dist
   * ("assets/diagram-1a2b3c4d-480.avif") -> the cached file to copy there.
   */
  outputs(): Map<string, string> {
    return new Map(this.files);
  }

  /**
   * Another thread encodes too (the build's second thread, which has its own processor): one encoding at a time
   * here, so that two at most are in flight in all, each holding its decoded image and its AVIF encoder.
   */
  shareCores(): void {
    this.encoding.concurrency = 1;
  }

  /** Files another thread's processor produced for this build (same cache folder), to be written with these. */
  adopt(outputs: Iterable<[string, string]>): void {
    for (const [file, cached] of outputs) this.files.set(file, cached);
  }

  private async load(absolute: string): Promise<ImageSet> {
    let source: Buffer;
    try {
      // A file too large to be an image a page needs is not even read.
      const { size } = await stat(absolute);
      if (size > IMAGE_LIMITS.maxFileBytes) {
        throw new ImageProblem(
          `is ${formatBytes(size)}; an image file may have at most ${formatBytes(IMAGE_LIMITS.maxFileBytes)} (${EXPORT_SMALLER})`,
        );
      }
      source = await readFile(absolute);
    } catch (error) {
      if (error instanceof ImageProblem) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      throw new ImageProblem(code === "ENOENT" ? "is missing" : `cannot be read (${code ?? "unknown error"})`);
    }
    const cached = this.cache.entry(
      "image",
      Buffer.concat([Buffer.from(`${this.widths.join(",")}\0`), source]),
      basename(absolute),
    );
    let encoded = this.byKey.get(cached.key);
    if (!encoded) {
      encoded = this.cached(cached, source);
      this.byKey.set(cached.key, encoded);
    }
    const entry = await encoded;
    const name = `${fileSlugOf(absolute)}-${cached.key.slice(0, 8)}`;
    const avif: ImageVariant[] = [];
    const webp: ImageVariant[] = [];
    let fallback: ImageSet["fallback"] | undefined;
    for (const { format, width, file } of entry.variants) {
      const output =
        format === "svg" ? `${ASSET_DIR}/${name}.svg` : `${ASSET_DIR}/${name}-${width}.${EXTENSIONS[format]}`;
      this.files.set(output, cached.path(file));
      const variant = { url: `/${output}`, width };
      if (format === "avif") avif.push(variant);
      else if (format === "webp") webp.push(variant);
      else fallback = { ...variant, type: FALLBACK_TYPES[format] };
    }
    if (!fallback) throw new Error(`${cached.dir}: cache entry without a fallback image; delete the folder`);
    return { width: entry.width, height: entry.height, avif, webp, fallback };
  }

  /** What the entry holds, its files vouched for by their digests (cache/store.ts); encoded on a miss. */
  private async cached(cached: CacheEntry, source: Buffer): Promise<Encoded> {
    const files = cached.read();
    const kept = files?.get(ENCODED);
    if (kept) {
      this.counts.fromCache++;
      return JSON.parse(kept.toString("utf8")) as Encoded;
    }
    const entry = await cached.fill((scratch) =>
      this.encoding(async () => {
        const encoded = await encode(source, this.widths, scratch);
        writeFileSync(join(scratch, ENCODED), JSON.stringify(encoded));
        return encoded;
      }),
    );
    this.counts.encoded++;
    return entry;
  }
}
