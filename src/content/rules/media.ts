import { basename, dirname, extname, join, relative, resolve, sep } from "node:path";
import type { ContentFolder } from "../read/folder.ts";
import { didYouMean } from "../read/suggest.ts";

/**
 * content/media/: images that are the same in every language, kept once. A page names one from the content
 * root, like a site address (/media/diagram.png), so the same line works in every language's file; an image
 * next to the page (./diagram.png) is that page's own.
 */
export const MEDIA_FOLDER = "media";
const MEDIA_PREFIX = "/media/";

export const isShared = (src: string) => src.startsWith(MEDIA_PREFIX);

/** Where an image a page names lives, and whether it is there. "outside" also covers a /media/ path that leaves content/media/. */
export interface ImageLocation {
  path: string;
  /** Where the image was looked for next to the page, when the path is another language's (a shared one). */
  instead?: string;
  shared: boolean;
  where: "inside" | "outside" | "missing";
}

/**
 * `written` as the author wrote it (decoded): ./name.png next to the page in pageDir, /media/name.png in content/media/.
 * A translation shares its original's images: ./name.png missing next to a page is taken from the same place in
 * another language's folder (the default language's first), which is what "Copy from English" leaves a translation
 * with; an image of that name next to the page is its own and comes first.
 */
export function locateImage(
  written: string,
  pageDir: string,
  folder: ContentFolder,
  /** The site's language codes, the default first: the order other languages' folders are looked in. */
  languages: readonly string[] = [],
): ImageLocation {
  const mediaDir = join(folder.root, MEDIA_FOLDER);
  const shared = isShared(written);
  const path = shared ? resolve(mediaDir, `.${written.slice(MEDIA_PREFIX.length - 1)}`) : resolve(pageDir, written);
  if (shared && !path.startsWith(resolve(mediaDir) + sep)) return { path, shared, where: "outside" };
  const kind = folder.kind(path);
  const where = kind === "file" ? "inside" : kind === "outside" ? "outside" : "missing";
  const borrowed = where === "missing" ? inOtherLanguage({ path, shared, where }, folder, languages) : undefined;
  return borrowed ? { path: borrowed, instead: path, shared, where: "inside" } : { path, shared, where };
}

/**
 * Where another language's folder has the image a page misses next to it (content/en/pages/x.png for
 * content/de/pages/x.png), the default language's folder first. Undefined when none has it, or when the path
 * leads outside content/.
 */
function inOtherLanguage(
  location: ImageLocation,
  folder: ContentFolder,
  languages: readonly string[],
): string | undefined {
  const [language, ...rest] = relative(resolve(folder.root), location.path).split(sep);
  if (location.shared || !language || rest.length === 0 || language.startsWith("..")) return undefined;
  const rank = (code: string) => (languages.includes(code) ? languages.indexOf(code) : languages.length);
  return folder
    .list(folder.root)
    .filter((entry) => entry.isDirectory() && entry.name !== language && entry.name !== MEDIA_FOLDER)
    .map((entry) => entry.name)
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((other) => join(folder.root, other, ...rest))
    .find((path) => folder.kind(path) === "file");
}

/** The end of a "missing" message: where the file should be, and the file there the author most likely meant. */
export function missingWhere(location: ImageLocation, written: string, folder: ContentFolder): string {
  const where = location.shared ? "no such file in content/media/" : "no such file next to this page";
  const meant = meantImage(location.path, written, folder);
  return meant ? `${where}; did you mean ${meant}?` : where;
}

/**
 * The file beside a missing image's path that the author most likely meant, written as they wrote the missing one
 * ("./diagram.png" for ./diagramm.png), or undefined (no such folder either: nothing to suggest).
 */
export function meantImage(path: string, written: string, folder: ContentFolder): string | undefined {
  const neighbours = folder.list(dirname(path)).map((entry) => entry.name);
  const meant = didYouMean(basename(path), neighbours);
  return meant && `${written.slice(0, written.length - basename(written).length)}${meant}`;
}

/** The end of an "outside" message for a path that leads out of content/. */
export const OUTSIDE_CONTENT =
  "is outside the content folder: an image must be a file inside content/, e.g. next to this page";

/** The end of an "outside" message for a /media/ path that leads out of content/media/. */
export const OUTSIDE_MEDIA =
  "is outside content/media/: a shared image is written /media/ and its path inside content/media/";

/**
 * What using an image uses with it: its phone variant (name.narrow.png, chosen by the build) and the SVG
 * drawings an author keeps beside a diagram (name.svg, name.narrow.svg; see content/README.md).
 */
function belongingTo(path: string): string[] {
  const extension = extname(path);
  const stem = join(dirname(path), basename(path, extension));
  return [path, `${stem}.narrow${extension}`, `${stem}.svg`, `${stem}.narrow.svg`];
}

/** The files in content/media/ no page uses (nor belong to an image a page uses), as messages name them. */
export function unusedMedia(content: ContentFolder, used: Iterable<string>): string[] {
  const folder = join(content.root, MEDIA_FOLDER);
  const taken = new Set([...used].flatMap((path) => belongingTo(resolve(path))));
  return content
    .list(folder, { recursive: true })
    .filter((entry) => entry.isFile() && !entry.name.startsWith("."))
    .map((entry) => resolve(entry.parentPath, entry.name))
    .filter((path) => !taken.has(path))
    .map((path) => content.display(path))
    .sort();
}

/** The warning npm run check and npm run build print: one line per file, after a line saying what to do. */
export function unusedMediaLines(files: string[]): string[] {
  if (files.length === 0) return [];
  const count = files.length === 1 ? "1 file in content/media/ is" : `${files.length} files in content/media/ are`;
  return [
    `! ${count} used by no page (use it with ![…](/media/name.png), or delete it):`,
    ...files.map((file) => `  ${file}`),
  ];
}
