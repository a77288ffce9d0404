import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { constants, gzipSync } from "node:zlib";

const COMPRESSIBLE = /\.(html|css|js|svg|xml|txt)$/;

/**
 * Writes a .gz twin of every text file, so servers that serve precompressed files (sirv here, nginx
 * with gzip_static) send compressed bytes without compressing per request. CDNs that compress on
 * their own ignore them.
 */
export function precompress(dir: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      precompress(path);
    } else if (COMPRESSIBLE.test(name) && !existsSync(`${path}.gz`)) {
      // A .gz twin already there was written by its producer from a cache (admin/bundle.ts).
      const bytes = readFileSync(path);
      const gzipped = gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION });
      if (gzipped.length < bytes.length) writeFileSync(`${path}.gz`, gzipped);
    }
  }
}
