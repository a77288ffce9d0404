import { digestOf } from "../../cache/digest.ts";
import type { ContentFolder } from "../../content/read/folder.ts";
import { lstatSync, readdirSync, readFileSync, readlinkSync, statSync } from "node:fs";
import { StampedDigests } from "../../cache/stamps.ts";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

/** The project's own folder, found from this file (src/pipeline/incremental/), not from where a command runs. */
export const PROJECT = fileURLToPath(new URL("../../..", import.meta.url));

/** What the build's own code is made of besides src/ (its command too, src/cli/): its dependencies, exactly as locked. */
export const CODE_FILES = ["package-lock.json", "package.json"];

/**
 * Files a command writes into src/ from the content (src/receiver/hosts/rules.generated.js, by npm run receiver --
 * --prepare): data, not the build's code, and rewritten while builds run.
 */
const GENERATED = /\.generated\.[a-z]+$/;

/** Every file below `dir` (sorted, with forward slashes), or none when it does not exist. */
export function filesBelow(dir: string): string[] {
  try {
    return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import("node:fs").Dirent[])
      .filter((entry) => entry.isFile())
      .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split("\\").join("/"))
      .sort();
  } catch {
    return [];
  }
}

/**
 * Each file's digest (sha256 of its bytes, hex), by its name; a file that cannot be read is left out. With `stamps`,
 * a file untouched since the last run that kept them is not read again (cache/stamps.ts).
 */
export function fileDigests(
  dir: string,
  files: readonly string[] = filesBelow(dir),
  stamps?: StampedDigests,
): Map<string, string> {
  const digests = new Map<string, string>();
  for (const file of files) {
    const path = join(dir, file);
    try {
      digests.set(
        file,
        stamps
          ? stamps.digest(path, statSync(path, { bigint: true }), () => readFileSync(path))
          : digestOf(readFileSync(path)),
      );
    } catch {
      // gone since it was listed
    }
  }
  return digests;
}

/**
 * Each content file's digest by its name below the folder (with /), read through the content folder as every read
 * of content is (a file a link leads outside is refused, not read); `only` names the files, else every one below.
 * With `stamps`, a file (not a link) untouched since the last run that kept them is not read again.
 */
export function contentDigests(
  folder: ContentFolder,
  only?: readonly string[],
  stamps?: StampedDigests,
): Map<string, string> {
  const names =
    only ??
    folder
      .list(folder.root, { recursive: true })
      // A link is read as what it leads to, or refused, by both builds: it counts, with where it leads.
      .filter((entry) => entry.isFile() || entry.isSymbolicLink())
      .map((entry) => relative(folder.root, join(entry.parentPath, entry.name)).split("\\").join("/"))
      .sort();
  const digests = new Map<string, string>();
  for (const name of names) {
    const path = join(folder.root, name);
    try {
      const stat = lstatSync(path, { bigint: true });
      if (stat.isSymbolicLink()) {
        const kind = folder.kind(path);
        const link = Buffer.from(`link to ${readlinkSync(path)}: ${kind}\0`);
        digests.set(name, digestOf(kind === "file" ? Buffer.concat([link, folder.bytes(path)]) : link));
      } else
        digests.set(name, stamps ? stamps.digest(path, stat, () => folder.bytes(path)) : digestOf(folder.bytes(path)));
    } catch {
      // gone since it was listed
    }
  }
  return digests;
}

/** A hash of each file's name and bytes, in a stable order. */
export function treeHash(dir: string, files: readonly string[] = filesBelow(dir)): string {
  return hashOfDigests(fileDigests(dir, files));
}

/** The tree hash of files whose digests are known (fileDigests). */
export function hashOfDigests(digests: ReadonlyMap<string, string>): string {
  let listed = "";
  for (const [file, digest] of digests) listed += `${file}\0${digest}\0`;
  return digestOf(listed);
}

/**
 * The build's own code: every file of src/ (components, styles, assets), the locked dependencies and Node's
 * version. A change to any of them empties every incremental cache: what was rendered or parsed before may
 * no longer be what this code would make.
 */
export function codeFingerprint(project = PROJECT, stampsFile?: string): string {
  // With stampsFile, a file untouched since the last build read it is not read again (cache/stamps.ts).
  const stamps = stampsFile === undefined ? undefined : new StampedDigests(stampsFile);
  const src = fileDigests(
    join(project, "src"),
    filesBelow(join(project, "src")).filter((file) => !GENERATED.test(file)),
    stamps,
  );
  const code = digestOf(
    `${hashOfDigests(src)}${hashOfDigests(fileDigests(project, CODE_FILES, stamps))}${process.version}`,
  );
  stamps?.save();
  return code;
}
