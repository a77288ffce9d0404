import { type BigIntStats, statSync } from "node:fs";
import { digestOf } from "./digest.ts";
import { readJson, writeJson } from "./json.ts";

/**
 * A file modified within this long of the moment its stamp was kept might keep its recorded modification time (the
 * clock the kernel stamps files with ticks coarsely): such a file is read and held to its digest again, as git's
 * "racily clean".
 */
const RACY_NS = 1_000_000_000n;

/** What a file's stamp holds: its size, inode and modification time in nanoseconds. */
export const stampOf = (stat: BigIntStats): string => `${stat.size}:${stat.ino}:${stat.mtimeNs}`;

/** The stamp of the file at `path`, as it is now. */
export const stampAt = (path: string): string => stampOf(statSync(path, { bigint: true }));

/**
 * Whether a file whose stamp is `stamp` now, as it was when it was last read whole, is untouched since: its stamp
 * was kept (at `keptAt`, in nanoseconds) more than RACY_NS after it was last modified. A tool that rewrites a file in
 * place and then sets its old modification time back goes unseen, as by git and make.
 */
export const untouched = (stamp: string, was: string | undefined, keptAt: bigint): boolean =>
  stamp === was && BigInt(stamp.split(":")[2] ?? "0") + RACY_NS < keptAt;

/**
 * Files' digests kept in one JSON file with their stamps, as git keeps its index: a file untouched since it was last
 * read is not read again. Each run keeps only the files it asked about, so a file gone is forgotten. A cache that
 * cannot be written still answers; its files are read whole each time.
 */
export class StampedDigests {
  private readonly file: string;
  private readonly kept: Record<string, [string, string]>;
  private readonly keptAt: bigint;
  private readonly next: Record<string, [string, string]> = {};
  private read = 0;

  // Plain syntax (no parameter properties): npm run build's start reads this file with Node's own type stripping.
  constructor(file: string) {
    this.file = file;
    this.kept = readJson<Record<string, [string, string]>>(file) ?? {};
    let keptAt = 0n;
    try {
      keptAt = statSync(file, { bigint: true }).mtimeNs;
    } catch {
      // none kept yet: every file is read
    }
    this.keptAt = keptAt;
  }

  /** The digest of the file `name` whose stat (lstat) is `stat` now: the kept one while it is untouched, else of read(). */
  digest(name: string, stat: BigIntStats, read: () => Buffer): string {
    const stamp = stampOf(stat);
    const kept = this.kept[name];
    let digest = kept?.[1];
    if (digest === undefined || !untouched(stamp, kept?.[0], this.keptAt)) {
      digest = digestOf(read());
      this.read += 1;
    }
    this.next[name] = [stamp, digest];
    return digest;
  }

  /** Keeps this run's stamps for the next, when it read a file or some kept file is gone. */
  save(): void {
    if (this.read === 0 && Object.keys(this.next).length === Object.keys(this.kept).length) return;
    try {
      writeJson(this.file, this.next);
    } catch {
      // a read-only cache: the next run reads every file again
    }
  }
}
