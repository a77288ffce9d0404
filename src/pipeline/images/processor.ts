import { createHash, randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { basename, extname, join, resolve } from "node:path";
import pLimit from "p-limit";
import sharp from "sharp";
import { EXPORT_SMALLER, formatBytes, IMAGE_LIMITS } from "../../images/limits.ts";
import { ImageProblem } from "../../images/problem.ts";
import { slugOf } from "../../content/rules/slug.ts";
import { ENCODERS, type Encoded, encode, EXTENSIONS } from "./encode.ts";
import type { ImageSet, ImageVariant } from "../../images/types.ts";

export type { ImageSet, ImageVariant } from "../../images/types.ts";
export { type PictureOptions, pictureHast } from "../../images/markup.ts";

const DEFAULT_WIDTHS = [480, 960, 1440];
const ASSET_DIR = "assets";
/** Bump to re-encode every image, e.g. after a change to how encode() names or crops its files. */
const CACHE_VERSION = 2;
const MANIFEST = "manifest.json";
const FALLBACK_TYPES = { png: "image/png", jpeg: "image/jpeg", svg: "image/svg+xml" } as const;

export interface ImageProcessorOptions {
  /** One folder per source content and options; safe to delete, and to share between concurrent builds. */
  cacheDir: string;
  /** The widths to offer; an image is never scaled up, so a smaller one gets fewer. */
  widths?: number[];
}

/** A file name that is safe in a URL and in srcset (no spaces or commas), as a tag's: "Übersicht Plan.png" -> "uebersicht-plan". */
const fileSlugOf = (file: string): string => slugOf(basename(file, extname(file))) || "image";

const digestOf = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/**
 * A cache entry as its manifest lists it, each file read and held to the digest the manifest records (a few
 * milliseconds for a page's images); or what is wrong with it. Throws where the manifest cannot be read.
 */
async function damageOf(dir: string): Promise<Encoded | string> {
  const entry = JSON.parse(await readFile(join(dir, MANIFEST), "utf8")) as Encoded & {
    sha256?: Record<string, string>;
  };
  if (!entry.sha256 || !Array.isArray(entry.variants)) return "from before digests";
  for (const { file } of entry.variants) {
    const bytes = await readFile(join(dir, file)).catch(() => undefined);
    if (!bytes) return `lacks ${file}`;
    if (digestOf(bytes) !== entry.sha256[file]) return `has ${file} changed since it was encoded`;
  }
  const { sha256: _, ...encoded } = entry;
  return encoded;
}

/**
 * Turns images next to the content into the files a page links: AVIF and WebP at a few widths plus a
 * fallback, under content-hashed names in /assets/. Encoding is the slow part of a build, so results are
 * cached on disk, keyed by the source's bytes and every setting that shapes the output; within one
 * instance, a source referenced from several pages (or copied under another name) is encoded once.
 * One instance per build: it remembers each path's result, so a rebuild after an edit needs a new one
 * (cheap, as the cache holds everything unchanged).
 */
export class ImageProcessor {
  /** Sources this instance encoded, and sources it found already encoded in the cache. */
  readonly counts = { encoded: 0, fromCache: 0 };
  /** One line per damaged cache entry found, dropped and encoded again (the build shows them as warnings). */
  readonly damaged: string[] = [];
  private readonly cacheDir: string;
  private readonly widths: number[];
  private readonly settings: string;
  private readonly bySource = new Map<string, Promise<ImageSet>>();
  private readonly byKey = new Map<string, Promise<Encoded>>();
  private readonly files = new Map<string, string>();
  /** Encodings in flight: two keep both cores busy; more would only add decoded images and encoders to memory. */
  private readonly encoding = pLimit(2);

  constructor(options: ImageProcessorOptions) {
    this.cacheDir = resolve(options.cacheDir);
    this.widths = options.widths ?? DEFAULT_WIDTHS;
    if (this.widths.length === 0 || !this.widths.every((width) => Number.isInteger(width) && width > 0)) {
      throw new Error(`ImageProcessor: widths must be positive whole numbers, got ${JSON.stringify(this.widths)}`);
    }
    this.settings = JSON.stringify({
      version: CACHE_VERSION,
      sharp: sharp.versions.sharp,
      widths: this.widths,
      encoders: ENCODERS,
    });
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
    const key = createHash("sha256").update(this.settings).update(source).digest("hex").slice(0, 32);
    let encoded = this.byKey.get(key);
    if (!encoded) {
      encoded = this.cached(key, source, basename(absolute));
      this.byKey.set(key, encoded);
    }
    const entry = await encoded;
    const name = `${fileSlugOf(absolute)}-${key.slice(0, 8)}`;
    const avif: ImageVariant[] = [];
    const webp: ImageVariant[] = [];
    let fallback: ImageSet["fallback"] | undefined;
    for (const { format, width, file: cached } of entry.variants) {
      const output =
        format === "svg" ? `${ASSET_DIR}/${name}.svg` : `${ASSET_DIR}/${name}-${width}.${EXTENSIONS[format]}`;
      this.files.set(output, join(this.cacheDir, key, cached));
      const variant = { url: `/${output}`, width };
      if (format === "avif") avif.push(variant);
      else if (format === "webp") webp.push(variant);
      else fallback = { ...variant, type: FALLBACK_TYPES[format] };
    }
    if (!fallback)
      throw new Error(`${join(this.cacheDir, key)}: cache entry without a fallback image; delete the folder`);
    return { width: entry.width, height: entry.height, avif, webp, fallback };
  }

  /**
   * The cache entry for `key`, encoding it on a miss. An entry is encoded into a private folder and
   * renamed into place complete, so an interrupted or concurrent build never sees half of one.
   */
  private async cached(key: string, source: Buffer, name: string): Promise<Encoded> {
    const dir = join(this.cacheDir, key);
    const damage = await damageOf(dir).catch((error: NodeJS.ErrnoException) =>
      error.code === "ENOENT" && error.path === join(dir, MANIFEST) ? "missing" : "its manifest cannot be read",
    );
    if (typeof damage !== "string") {
      this.counts.fromCache++;
      return damage;
    }
    // A plain miss is encoded; an entry from before digests is encoded again quietly (the same files); anything
    // else was damaged from outside (a restore, a disk, a tool writing through dist/assets' hard links): said once.
    if (damage !== "missing") {
      if (damage !== "from before digests") this.damaged.push(`the entry of ${name} ${damage}`);
      await rm(dir, { recursive: true, force: true });
    }
    const scratch = `${dir}.${process.pid}-${randomUUID()}.tmp`;
    await mkdir(scratch, { recursive: true });
    try {
      const entry = await this.encoding(() => encode(source, this.widths, scratch));
      const sha256 = Object.fromEntries(
        await Promise.all(
          entry.variants.map(async ({ file }) => [file, digestOf(await readFile(join(scratch, file)))]),
        ),
      );
      await writeFile(join(scratch, MANIFEST), JSON.stringify({ ...entry, sha256 }));
      try {
        await rename(scratch, dir);
      } catch (error) {
        // Another build finished the same entry first (its files are the same), unless the folder lost its manifest.
        if (!["EEXIST", "ENOTEMPTY", "EPERM"].includes((error as NodeJS.ErrnoException).code ?? "")) throw error;
        await readFile(join(dir, MANIFEST)).catch(() => {
          throw new Error(`${dir}: image cache entry without ${MANIFEST}; delete the folder`);
        });
      }
      this.counts.encoded++;
      return entry;
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }
}
