import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { basename, join, relative } from "node:path";
import { FOLDER_MODE, makeReadable } from "../pipeline/readable.ts";

/**
 * The layout under --root: `dist` (what nginx's `root` names) is a symbolic link to one folder of `releases/`.
 * A new output is copied into a release of its own and made readable, then the link is replaced in one rename,
 * so a request gets either the whole old site or the whole new one, never a mix; the previous release is kept
 * for a rollback (`ln -sfn releases/<name> dist`).
 */
export const LIVE = "dist";
export const RELEASES = "releases";
/** A release being copied: never the link's target, removed by the next publish if a run stopped half-way. */
const PARTIAL = ".partial";

/** The release the live link points to; undefined before the first publish. */
export function liveRelease(root: string): string | undefined {
  const live = join(root, LIVE);
  if (!existsSync(live) || !lstatSync(live).isSymbolicLink()) return undefined;
  return basename(readlinkSync(live));
}

/**
 * Before the first publish, `dist` may be a folder the operator copied by hand (the old recipe): it becomes a
 * release of its own, so that it is the previous release and the link can take its place.
 */
export function adoptHandCopiedOutput(root: string): string | undefined {
  const live = join(root, LIVE);
  if (!existsSync(live) || lstatSync(live).isSymbolicLink()) return undefined;
  const name = "copied-by-hand";
  ensureFolder(join(root, RELEASES));
  renameSync(live, join(root, RELEASES, name));
  switchTo(root, name);
  return name;
}

/** Whether two output folders hold the same files with the same bytes. */
export function sameOutput(a: string, b: string): boolean {
  const files = (dir: string) =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
      .sort();
  const left = files(a);
  const right = files(b);
  return (
    left.length === right.length &&
    left.every((file, i) => file === right[i] && readFileSync(join(a, file)).equals(readFileSync(join(b, file))))
  );
}

/** `outDir` copied into a new release named `name` (or name-2, …), readable by any web server; its name. */
export function newRelease(root: string, outDir: string, name: string): string {
  const releases = join(root, RELEASES);
  ensureFolder(releases);
  let unique = name;
  for (let n = 2; existsSync(join(releases, unique)); n++) unique = `${name}-${n}`;
  const partial = join(releases, `${unique}${PARTIAL}`);
  rmSync(partial, { recursive: true, force: true });
  cpSync(outDir, partial, { recursive: true });
  makeReadable(partial);
  renameSync(partial, join(releases, unique));
  return unique;
}

/** Points the live link at release `name` in one rename: the old link is replaced, never missing. */
export function switchTo(root: string, name: string): void {
  const next = join(root, `.${LIVE}-next`);
  rmSync(next, { force: true });
  // Relative, so that the whole root can move.
  symlinkSync(join(RELEASES, name), next);
  renameSync(next, join(root, LIVE));
}

/** Removes every release but `keep` (the live one and the previous), and any a stopped run left half-copied. */
export function prune(root: string, keep: readonly (string | undefined)[]): void {
  const releases = join(root, RELEASES);
  for (const name of readdirSync(releases))
    if (!keep.includes(name)) rmSync(join(releases, name), { recursive: true, force: true });
}

/** A folder of the layout, which nginx's workers must be able to enter whatever the umask. */
export function ensureFolder(dir: string): void {
  if (existsSync(dir)) return;
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, FOLDER_MODE);
}
