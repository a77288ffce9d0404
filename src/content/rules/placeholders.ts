import type { ContentFolder } from "../read/folder.ts";
import { join, relative, resolve } from "node:path";
import type { Said } from "../../shared/messages/catalogue.ts";
import { keyAtPosition } from "../read/yaml-keys.ts";

/**
 * Sample values that must not go live: the reserved .example domains used for URLs and e-mail, and the
 * German "Muster" conventions used for the legal data (Musterstraße, Max Mustermann, HRB 000000).
 */
const PATTERNS: { pattern: RegExp; reason: string; de: string }[] = [
  {
    pattern: /(?:https?:\/\/|\b[\w.+-]+@)[^\s"'>)]*example[^\s"'>)]*/i,
    reason: "example URL or e-mail address",
    de: "Beispiel-URL oder -E-Mail-Adresse",
  },
  {
    pattern: /\bMuster\p{L}*/u,
    reason: "sample legal data (Muster…)",
    de: "Beispielangaben der Rechtsdaten (Muster…)",
  },
  {
    pattern: /\b(?:HRB|DE)\s?0{6,}\b/,
    reason: "sample register or VAT number",
    de: "Beispiel-Registernummer oder -USt-IdNr.",
  },
  {
    pattern: /\bTODO\b|\bPLATZHALTER\b|\bPLACEHOLDER\b(?!:)/,
    reason: "marked as to do",
    de: "als zu erledigen markiert",
  },
];

/** A placeholder's reason in every message language (its English is the one Placeholder carries). */
export function placeholderReason(reason: string): Said {
  return { en: reason, de: PATTERNS.find((row) => row.reason === reason)?.de ?? reason };
}

export interface Placeholder {
  file: string;
  line: number;
  text: string;
  reason: string;
  /** The key path of the value it stands in (`company.email`), in a YAML file or a page's front matter. */
  key?: string;
}

/** Every YAML and Markdown file below the content folder, a file a link leads to included, in name order. */
const filesIn = (folder: ContentFolder): string[] =>
  folder
    .list(folder.root, { recursive: true })
    .filter((entry) => /\.(ya?ml|md)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => folder.kind(path) === "file")
    .sort();

/** Every placeholder value left in content/, with file and line; YAML comments are skipped. */
export function findPlaceholders(folder: ContentFolder): Placeholder[] {
  return [...placeholdersByFile(folder).values()].flat();
}

/** The placeholders of each file findPlaceholders reads (none: an empty list), by its path, in name order. */
export function placeholdersByFile(folder: ContentFolder): Map<string, Placeholder[]> {
  return new Map(
    filesIn(folder)
      .filter((file) => !file.endsWith("README.md"))
      .map((file) => [file, scan(folder, file)]),
  );
}

/**
 * The placeholders of one file, or undefined for a file findPlaceholders does not read (gone, not YAML or
 * Markdown, a README): npm run dev's worker reads again only the files a save changed.
 */
export function placeholdersIn(folder: ContentFolder, file: string): Placeholder[] | undefined {
  if (!/\.(ya?ml|md)$/.test(file) || file.endsWith("README.md") || folder.kind(file) !== "file") return undefined;
  return scan(folder, file);
}

type KeyAt = (line: number, column: number) => string | undefined;

/** The key at a place: anywhere in a YAML file, in a Markdown file's front matter (between its --- lines). */
function keysOf(file: string, lines: string[]): KeyAt {
  if (!file.endsWith(".md")) return keyAtPosition(lines.join("\n"));
  const end = lines[0]?.trimEnd() === "---" ? lines.findIndex((line, i) => i > 0 && line.trimEnd() === "---") : -1;
  if (end < 0) return () => undefined;
  const inFrontMatter = keyAtPosition(lines.slice(1, end).join("\n"));
  return (line, column) => (line > 1 && line <= end ? inFrontMatter(line - 1, column) : undefined);
}

function scan(folder: ContentFolder, file: string): Placeholder[] {
  const found: Placeholder[] = [];
  const lines = folder.bytes(file).toString("utf8").split("\n");
  let keyAt: KeyAt | undefined;
  lines.forEach((line, index) => {
    if (/^\s*#/.test(line)) return;
    for (const { pattern, reason } of PATTERNS) {
      const match = pattern.exec(line);
      if (!match) continue;
      keyAt ??= keysOf(file, lines);
      const key = keyAt(index + 1, match.index + 1);
      found.push({
        file: join("content", relative(folder.root, file)),
        line: index + 1,
        text: match[0],
        reason,
        ...(key ? { key } : {}),
      });
    }
  });
  return found;
}

export const formatPlaceholder = (p: Placeholder) => `${p.file}:${p.line}: placeholder "${p.text}" (${p.reason})`;

/**
 * The placeholders of a content folder, kept per file, for npm run dev's worker: a save changes one file of a
 * thousand, and reading them all took about a second on the 1,000-page bench site (on a loaded machine) before every
 * reply. `find()` reads every file; `find(changed)` only the files named (saved, added or deleted), as the watcher
 * names them, and gives what `find()` would.
 */
export class KeptPlaceholders {
  private byFile?: Map<string, Placeholder[]>;

  find(folder: ContentFolder, changed?: readonly string[]): Placeholder[] {
    if (changed === undefined || this.byFile === undefined)
      this.byFile = new Map([...placeholdersByFile(folder)].map(([file, found]) => [resolve(file), found]));
    else
      for (const file of changed.map((path) => resolve(path))) {
        const found = placeholdersIn(folder, file);
        if (found) this.byFile.set(file, found);
        else this.byFile.delete(file);
      }
    const byFile = this.byFile;
    return [...byFile.keys()].sort().flatMap((file) => byFile.get(file) ?? []);
  }
}
