import { readFileSync, type Stats } from "node:fs";
import { constants, gzipSync } from "node:zlib";

/** What is worth compressing: text. Images and fonts are compressed already. */
export const COMPRESSIBLE = /\.(html|css|js|mjs|json|svg|xml|txt|webmanifest)$/;

/**
 * gzip of the built files, made on the first request for each and kept while the file stays the same (same
 * path, size and modification time: a rebuild swaps in new files). The build writes no .gz copies: hosts
 * compress themselves (Netlify, Cloudflare Pages, nginx with gzip on), and so does this server. Bounded by
 * bytes, oldest out first, so a long npm run dev session never grows past it.
 */
export class GzipCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly limit = 32 * 1024 * 1024) {}

  get(file: string, stats: Stats): Buffer {
    const key = `${file}\0${stats.size}\0${stats.mtimeMs}`;
    const cached = this.entries.get(key);
    if (cached) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    const gzipped = gzipSync(readFileSync(file), { level: constants.Z_BEST_COMPRESSION });
    this.entries.set(key, gzipped);
    this.bytes += gzipped.length;
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= this.limit) break;
      this.entries.delete(oldest);
      this.bytes -= value.length;
    }
    return gzipped;
  }
}
