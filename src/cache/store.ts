import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { scratchOf, writeFileAtomic } from "./atomic.ts";
import { digestOf } from "./digest.ts";
import { type SourceKeyParts, sourceKey } from "./source-key.ts";
import { stampAt, untouched } from "./stamps.ts";

/** Beside an entry's files: each file's digest, written last, so an entry without it was never finished. */
const DIGESTS = "digests.json";
/** The file readJson and writeJson keep a value in. */
const VALUE = "value.json";
/**
 * Beside the digests: each file's size, inode and modification time when it was last held to its digest, so
 * vouch() can trust a file that has not been touched since without reading it (as git trusts its index).
 */
const STAMPS = "stamps.json";
/**
 * One cache on disk, as Hugo's filecache: a folder of entries, each keyed by the code that fills it (`code`, made
 * into a source key once) and by what it was made from (`entry(name, key)`). A change to either gives another
 * entry, so nothing is ever versioned by hand. Safe to delete, and to share between builds running at once.
 */
export class CacheStore {
  /** One line per damaged entry found (dropped, to be made again): the build shows each once, as a warning. */
  readonly damaged: string[] = [];
  readonly dir: string;
  private readonly code: string;

  constructor(dir: string, code: SourceKeyParts) {
    this.dir = resolve(dir);
    this.code = sourceKey(code);
  }

  /**
   * The entry `name` (a word for what it holds: "image", "card") made from `key` by this store's code; `about` says
   * what it was made from in a damage report ("rag-agent.png"), which otherwise names the entry's folder.
   */
  entry(name: string, key: string | Uint8Array = "", about?: string): CacheEntry {
    if (!/^[a-z0-9-]+$/.test(name))
      throw new Error(`CacheStore: an entry's name is a word, got ${JSON.stringify(name)}`);
    const full = digestOf(Buffer.concat([Buffer.from(`${this.code}\0${name}\0`), Buffer.from(key)]));
    const folder = `${name}-${full.slice(0, 32)}`;
    return new CacheEntry(join(this.dir, folder), full, (what) => {
      const line = `the entry ${about === undefined ? folder : `of ${about}`} ${what}`;
      if (!this.damaged.includes(line)) this.damaged.push(line);
    });
  }
}

/** One entry: a folder of files, held to their digests on every read, written whole or not at all. */
export class CacheEntry {
  constructor(
    /** The entry's folder. */
    readonly dir: string,
    /** 64 hex digits of the code's source key, the name and the key: what a built file's name carries. */
    readonly key: string,
    private readonly report: (what: string) => void,
  ) {}

  /** Where one of its files is (to copy into dist/ once read() has vouched for it). */
  path(file: string): string {
    return join(this.dir, file);
  }

  /**
   * The entry's files, each held to its digest; undefined on a miss. An entry damaged from outside (a restore, a
   * disk, a tool writing through dist/'s hard links) is reported once, removed, and counts as a miss: never used.
   */
  read(): Map<string, Buffer> | undefined {
    let digests: Record<string, string>;
    try {
      digests = JSON.parse(readFileSync(join(this.dir, DIGESTS), "utf8")) as Record<string, string>;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR") return undefined;
      return this.damage("its digests cannot be read");
    }
    const files = new Map<string, Buffer>();
    for (const [file, digest] of Object.entries(digests)) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(join(this.dir, file));
      } catch {
        return this.damage(`lacks ${file}`);
      }
      if (digestOf(bytes) !== digest) return this.damage(`has ${file} changed since it was made`);
      files.set(file, bytes);
    }
    return files;
  }

  /**
   * Puts the files in place as one entry: written into a scratch folder with their digests and renamed whole, so
   * an interrupted or concurrent build never sees half of one. Where another build finished the same entry first,
   * its files (made by the same code from the same input) stay.
   */
  write(files: Readonly<Record<string, string | Uint8Array>>): void {
    const scratch = scratchOf(this.dir);
    try {
      mkdirSync(scratch, { recursive: true });
      for (const [file, bytes] of Object.entries(files)) writeFileSync(join(scratch, file), bytes);
      this.place(scratch);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }

  /** As write(), for a maker that writes its files into a folder itself (an encoder): `make` gets the scratch folder. */
  async fill<T>(make: (scratch: string) => Promise<T>): Promise<T> {
    const scratch = scratchOf(this.dir);
    try {
      mkdirSync(scratch, { recursive: true });
      const made = await make(scratch);
      this.place(scratch);
      return made;
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }

  /** Every file the maker left in `scratch`, held by its digest, and the folder renamed into place. */
  private place(scratch: string): void {
    const digests: Record<string, string> = {};
    for (const file of readdirSync(scratch).sort()) digests[file] = digestOf(readFileSync(join(scratch, file)));
    writeFileSync(join(scratch, DIGESTS), JSON.stringify(digests));
    try {
      renameSync(scratch, this.dir);
    } catch (error) {
      if (!["EEXIST", "ENOTEMPTY", "EPERM"].includes((error as NodeJS.ErrnoException).code ?? "")) throw error;
    }
  }

  /**
   * The digest of one of the entry's files, held to it, without reading it when its stamp says it is untouched
   * since it was last read whole (a card's address needs its digest, not its bytes); undefined on a miss or
   * damage, as read(). Otherwise the entry is read whole, and its stamps renewed. A tool that rewrites a file in
   * place and then sets its old modification time back goes unseen here, as by git and make.
   */
  vouch(file: string): string | undefined {
    let digest: string | undefined;
    let stamps: Record<string, string> = {};
    let stampedAt = 0n;
    try {
      digest = (JSON.parse(readFileSync(join(this.dir, DIGESTS), "utf8")) as Record<string, string>)[file];
      stamps = JSON.parse(readFileSync(join(this.dir, STAMPS), "utf8")) as Record<string, string>;
      stampedAt = statSync(join(this.dir, STAMPS), { bigint: true }).mtimeNs;
    } catch {
      // no digests: read() says whether that is a miss or damage; no stamps: the entry is read whole
    }
    const stamp = stamps[file];
    if (digest !== undefined && stamp !== undefined) {
      try {
        if (untouched(stampAt(this.path(file)), stamp, stampedAt)) return digest;
      } catch {
        // gone: read() reports it
      }
    }
    const files = this.read();
    if (files === undefined || !files.has(file)) return undefined;
    try {
      const renewed: Record<string, string> = {};
      for (const name of files.keys()) renewed[name] = stampAt(this.path(name));
      writeFileAtomic(join(this.dir, STAMPS), JSON.stringify(renewed));
    } catch {
      // a read-only cache still serves; its files are read whole each time
    }
    return digest ?? digestOf(files.get(file) as Buffer);
  }

  /** A value kept as JSON in the entry, held to its digest like any file; undefined on a miss. */
  readJson<T>(): T | undefined {
    const bytes = this.read()?.get(VALUE);
    return bytes === undefined ? undefined : (JSON.parse(bytes.toString("utf8")) as T);
  }

  writeJson(value: unknown): void {
    this.write({ [VALUE]: JSON.stringify(value) });
  }

  private damage(what: string): undefined {
    this.report(what);
    rmSync(this.dir, { recursive: true, force: true });
    return undefined;
  }
}
