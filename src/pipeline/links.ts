import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

export interface BrokenLink {
  file: string;
  element: string;
  target: string;
  reason: string;
}

/** URL prefix of the dev server's own endpoints (live reload), which exist only under npm run dev. */
export const DEV_PREFIX = "/__dev/";

const ids = (html: string) => new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]));

/** The file a clean URL resolves to, the way the local server and the documented hosts resolve it. */
export function fileForPath(outDir: string, path: string): string | undefined {
  const clean = decodeURIComponent(path).replace(/^\/+/, "");
  const candidates = clean === "" || clean.endsWith("/") ? [`${clean}index.html`] : [clean, `${clean}.html`, `${clean}/index.html`];
  return candidates.find((candidate) => {
    const full = join(outDir, candidate);
    return existsSync(full) && statSync(full).isFile();
  });
}

/**
 * Every internal href and src in the written pages must resolve to a file in outDir, and every #anchor
 * to an id in that file. External, mailto: and tel: links are left to their owners.
 */
export function checkLinks(outDir: string, files: string[]): BrokenLink[] {
  const idsOf = new Map<string, Set<string | undefined>>();
  const idsIn = (file: string) => {
    if (!idsOf.has(file)) idsOf.set(file, ids(readFileSync(join(outDir, file), "utf8")));
    return idsOf.get(file) ?? new Set();
  };
  const broken: BrokenLink[] = [];
  for (const file of files) {
    const html = readFileSync(join(outDir, file), "utf8");
    for (const match of html.matchAll(/<(a|link|script|img|source)\b[^>]*?\s(href|src)="([^"]*)"[^>]*>/g)) {
      const [element = "", , , target = ""] = match;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")) continue;
      // Served by the dev server itself, never part of a production build.
      if (target.startsWith(DEV_PREFIX)) continue;
      const [pathPart = "", hash] = target.split("#");
      const pagePath = pathPart === "" ? `/${file}` : pathPart;
      if (!pagePath.startsWith("/")) {
        broken.push({ file, element, target, reason: "relative URLs break on the 404 page; start with /" });
        continue;
      }
      const resolved = pathPart === "" ? file : fileForPath(outDir, pagePath);
      if (!resolved) {
        broken.push({ file, element, target, reason: "no such file in dist/" });
      } else if (hash !== undefined && hash !== "" && !idsIn(resolved).has(decodeURIComponent(hash))) {
        broken.push({ file, element, target, reason: `no id="${hash}" in ${resolved}` });
      }
    }
  }
  return broken;
}
