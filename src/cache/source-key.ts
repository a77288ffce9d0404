import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export interface SourceKeyParts {
  /** The code's files, or folders (every file in them, by name), as URLs: `new URL("./draw.tsx", import.meta.url)`. */
  sources?: readonly URL[];
  /** npm packages whose installed version counts, resolved from `from` (the caller's import.meta.url). */
  packages?: readonly string[];
  from?: string;
  /** Anything else that shapes what is cached: settings, a mode, a library's runtime versions. */
  values?: readonly unknown[];
}

function filesOf(source: URL): string[] {
  const path = fileURLToPath(source);
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .sort()
    .map((name) => join(path, name));
}

/**
 * The version of the package `from` would load: its manifest in the first node_modules folder Node's lookup
 * tries that has it. Not `require.resolve("<name>/package.json")`, which a package whose "exports" leave out its
 * manifest (@orama/stemmers) refuses.
 */
function installedVersion(name: string, from: string): string {
  for (const dir of createRequire(from).resolve.paths(name) ?? []) {
    const manifest = join(dir, name, "package.json");
    if (existsSync(manifest))
      return `${name}@${(JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version}`;
  }
  throw new Error(`sourceKey: the package ${name} is not installed where ${from} would load it`);
}

/**
 * A hex SHA-256 of everything that made a cache's entries: the same code, packages and values give the same key,
 * and a change to any one of them a new one. Each part is framed by its kind and length, so no two different
 * lists of parts can hash alike.
 */
export function sourceKey({ sources = [], packages = [], from, values = [] }: SourceKeyParts): string {
  const hash = createHash("sha256");
  const part = (kind: string, bytes: string | Buffer) =>
    hash.update(`${kind}:${Buffer.byteLength(bytes)}:`).update(bytes);
  for (const source of sources) for (const file of filesOf(source)) part("source", readFileSync(file));
  if (packages.length > 0 && from === undefined)
    throw new Error("sourceKey: packages need `from`, the calling module's URL");
  for (const name of packages) part("package", installedVersion(name, from ?? ""));
  for (const value of values) part("value", JSON.stringify(value) ?? "undefined");
  return hash.digest("hex");
}
