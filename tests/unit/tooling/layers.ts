// The layering rules, read from the rooms' own READMEs: each folder of src/ that is a room says on a line of its
// README which rooms it may import ("May import: `content/`, `shared/`." or "May import: nothing."). A room may
// always import its own files and its own sub-rooms. The rule is written once, where a newcomer reads it.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";

export interface SourceFile {
  /** Relative to the project, with forward slashes: "src/content/load.ts". */
  path: string;
  text: string;
}

export interface Room {
  /** "content", "pipeline/checks". */
  name: string;
  mayImport: string[];
}

export interface Violation {
  file: string;
  imports: string;
  why: string;
}

const MAY_IMPORT = /^\**May import:?\**:?\s*(.*)$/im;

/** A room's rule from its README's "May import:" line; undefined where the README has none. */
export function ruleOf(readme: string): string[] | undefined {
  // The rule is the line's first sentence; what follows explains it.
  const line = MAY_IMPORT.exec(readme)?.[1]?.split(/\.(?:\s|$)/)[0];
  if (line === undefined) return undefined;
  return [...line.matchAll(/`([a-z-]+(?:\/[a-z-]+)*)\/?`/g)].map((match) => match[1] ?? "");
}

/** Every room of src/: each folder whose README.md has a "May import:" line. */
export function roomsOf(root: string, folders: readonly string[]): Room[] {
  return folders.flatMap((name) => {
    const readme = join(root, "src", name, "README.md");
    const mayImport = existsSync(readme) ? ruleOf(readFileSync(readme, "utf8")) : undefined;
    return mayImport ? [{ name, mayImport }] : [];
  });
}

/** The room a file of src/ is in: the deepest room folder above it. */
export function roomOfFile(path: string, rooms: readonly Room[]): Room | undefined {
  const inSrc = path.replace(/^src\//, "");
  return [...rooms]
    .sort((a, b) => b.name.length - a.name.length)
    .find((room) => inSrc === room.name || inSrc.startsWith(`${room.name}/`));
}

export interface ImportEdge {
  specifier: string;
  /** import type / export type: erased before anything runs or ships. */
  typeOnly: boolean;
}

/** The relative module specifiers a file imports, statically or dynamically. */
export function importsOf(text: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  const statement = /^\s*(import|export)\s+(type\s+)?(?:[^"'`;]*?\s+from\s+)?["'](\.{1,2}\/[^"']+)["']/gm;
  for (const match of text.matchAll(statement))
    edges.push({ specifier: match[3] ?? "", typeOnly: match[2] !== undefined });
  for (const match of text.matchAll(/\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g))
    edges.push({ specifier: match[1] ?? "", typeOnly: /typeof\s+$/.test(text.slice(0, match.index)) });
  return edges;
}

/** Where a specifier leads from a file, as a project path; .js names the .ts file it is compiled from. */
export function resolveImport(from: string, specifier: string, exists: (path: string) => boolean): string {
  const path = normalize(join(dirname(from), specifier))
    .split("\\")
    .join("/");
  if (exists(path)) return path;
  const ts = path.replace(/\.js$/, ".ts");
  return exists(ts) ? ts : path;
}

/** Every import of a src/ file that its room's README does not allow. */
export function layerViolations(files: readonly SourceFile[], rooms: readonly Room[]): Violation[] {
  const known = new Set(files.map((file) => file.path));
  const violations: Violation[] = [];
  for (const file of files) {
    const from = roomOfFile(file.path, rooms);
    if (!from) {
      violations.push({
        file: file.path,
        imports: "",
        why: "is in no room: its folder needs a README with May import:",
      });
      continue;
    }
    for (const { specifier } of importsOf(file.text)) {
      const target = resolveImport(file.path, specifier, (path) => known.has(path));
      if (!target.startsWith("src/")) {
        violations.push({ file: file.path, imports: target, why: "reaches outside src/" });
        continue;
      }
      const to = roomOfFile(target, rooms);
      if (!to || to === from) continue;
      const own = to.name.startsWith(`${from.name}/`);
      if (own || from.mayImport.includes(to.name)) continue;
      violations.push({
        file: file.path,
        imports: target,
        why: `src/${from.name}/ may import ${from.mayImport.map((name) => `${name}/`).join(", ") || "nothing"} (its README), not ${to.name}/`,
      });
    }
  }
  return violations;
}

/** A browser file: one in src/client/ or in a folder named browser/ (the house's one rule, Biome's too). */
export const isBrowserFile = (path: string): boolean => /^src\/(client\/|(.+\/)?browser\/)/.test(path);

/**
 * What may ship to the browser besides browser files: the components the form island renders
 * (components/ContactForm.tsx, whose schema types are erased) and the pure logic of shared/.
 */
export const mayShip = (path: string): boolean => isBrowserFile(path) || /^src\/(components|shared)\//.test(path);

/**
 * What ships to the browser: every file the entry points reach through imports that are not type-only. It must
 * stay inside what `allowed` accepts.
 */
export function shippedOutside(
  files: readonly SourceFile[],
  entries: readonly string[],
  allowed: (path: string) => boolean,
): Violation[] {
  const byPath = new Map(files.map((file) => [file.path, file]));
  const seen = new Set<string>();
  const violations: Violation[] = [];
  const visit = (path: string, from: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    if (!allowed(path))
      violations.push({
        file: from,
        imports: path,
        why: "ships to the browser, which may only run browser files (client/, */browser/), components/ and shared/",
      });
    const file = byPath.get(path);
    if (!file) return;
    for (const edge of importsOf(file.text).filter((candidate) => !candidate.typeOnly))
      visit(
        resolveImport(path, edge.specifier, (candidate) => byPath.has(candidate)),
        path,
      );
  };
  for (const entry of entries) visit(entry, entry);
  return violations;
}
