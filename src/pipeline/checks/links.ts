import { existsSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { didYouMean } from "../../content/read/suggest.ts";
import { ownCopy } from "../html/own-copy.ts";
import { attributeOf, startTags } from "../html/reader.ts";

export interface BrokenLink {
  /** The built page that holds the link (dist/'s file): the report names its content file instead. */
  file: string;
  element: string;
  target: string;
  /** Why it is broken, in an author's words: addresses, never dist/'s files or markup. */
  reason: string;
}

/** Why a link to a path that no file answers is broken (the report adds the page it most likely meant). */
export const NO_SUCH_FILE = "no page or file of the site has this address";

/** A built page's address, as visitors and authors write it: de/index.html is /de/, datenschutz.html /datenschutz. */
export const addressOf = (file: string) => `/${file.replace(/(^|\/)index\.html$/, "$1").replace(/\.html$/, "")}`;

/** URL prefix of the dev server's own endpoints (live reload), which exist only under npm run dev. */
export const DEV_PREFIX = "/__dev/";

/** The elements whose href or src the check follows. */
const LINKING: ReadonlySet<string> = new Set(["a", "link", "script", "img", "source"]);

const ids = (html: string) => new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => ownCopy(match[1] ?? "")));

/**
 * The file a clean URL resolves to, the way the local server and the documented hosts resolve it: the query
 * is not part of the path, and nothing outside outDir is ever a target (/%2e%2e/package.json is not a page).
 */
export function fileForPath(outDir: string, path: string): string | undefined {
  let clean: string;
  try {
    clean = decodeURIComponent(path.split("?")[0] ?? "").replace(/^\/+/, "");
  } catch {
    return undefined;
  }
  const root = resolve(outDir);
  const candidates =
    clean === "" || clean.endsWith("/") ? [`${clean}index.html`] : [clean, `${clean}.html`, `${clean}/index.html`];
  return candidates
    .map((candidate) => relative(root, resolve(root, candidate)))
    .find((candidate) => {
      if (candidate.startsWith("..") || candidate.startsWith(sep)) return false;
      const full = join(root, candidate);
      return existsSync(full) && statSync(full).isFile();
    })
    ?.split(sep)
    .join("/");
}

const decodes = (text: string) => {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
};

/**
 * Every internal href and src in the written pages must resolve to a file in outDir, and every #anchor
 * to an id in that file. External, mailto: and tel: links are left to their owners. `under`: a folder whose files
 * stand beneath outDir's (the site a scheduled page goes live on is its pages over today's output).
 */
export function checkLinks(outDir: string, files: string[], under?: string): BrokenLink[] {
  // Every page links the same header and footer paths: resolve each once.
  const targets = new Map<string, { dir: string; file: string } | undefined>();
  const fileFor = (path: string) => {
    if (!targets.has(path)) {
      const found = [outDir, ...(under ? [under] : [])]
        .map((dir) => ({ dir, file: fileForPath(dir, path) }))
        .find((candidate) => candidate.file !== undefined);
      targets.set(ownCopy(path), found && { dir: found.dir, file: found.file ?? "" });
    }
    return targets.get(path);
  };
  const idsOf = new Map<string, Set<string | undefined>>();
  const idsIn = ({ dir, file }: { dir: string; file: string }) => {
    const key = join(dir, file);
    if (!idsOf.has(key)) idsOf.set(key, ids(readFileSync(key, "utf8")));
    return idsOf.get(key) ?? new Set();
  };
  const broken: BrokenLink[] = [];
  for (const file of files) {
    const html = readFileSync(join(outDir, file), "utf8");
    for (const { text: element } of startTags(html, LINKING)) {
      const target = attributeOf(element, "href") ?? attributeOf(element, "src");
      if (target === undefined) continue;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")) continue;
      // Served by the dev server itself, never part of a production build.
      if (target.startsWith(DEV_PREFIX)) continue;
      const [pathPart = "", hash] = target.split("#");
      if (!decodes(target)) {
        broken.push({ file, element, target, reason: "malformed %-encoding (write %25 for a literal %)" });
        continue;
      }
      const pagePath = pathPart === "" || pathPart.startsWith("?") ? `/${file}` : pathPart;
      if (!pagePath.startsWith("/")) {
        broken.push({ file, element, target, reason: "a relative address breaks on the 404 page; start it with /" });
        continue;
      }
      const resolved = pathPart === "" || pathPart.startsWith("?") ? { dir: outDir, file } : fileFor(pagePath);
      if (!resolved) {
        broken.push({ file, element, target, reason: NO_SUCH_FILE });
      } else if (hash !== undefined && hash !== "" && !idsIn(resolved).has(decodeURIComponent(hash))) {
        const meant = didYouMean(
          decodeURIComponent(hash),
          [...idsIn(resolved)].filter((id) => id !== undefined),
        );
        broken.push({
          file,
          element,
          target,
          reason: `${resolved.file === file && resolved.dir === outDir ? "this page" : `the page ${addressOf(resolved.file)}`} has no heading or element with id "${hash}"${meant ? `; did you mean #${meant}?` : ""}`,
        });
      }
    }
  }
  return broken;
}
