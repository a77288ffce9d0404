import type { ContentFolder } from "../read/folder.ts";
import { join, relative } from "node:path";

/**
 * Sample values that must not go live: the reserved .example domains used for URLs and e-mail, and the
 * German "Muster" conventions used for the legal data (Musterstraße, Max Mustermann, HRB 000000).
 */
const PATTERNS: { pattern: RegExp; reason: string }[] = [
  { pattern: /(?:https?:\/\/|\b[\w.+-]+@)[^\s"'>)]*example[^\s"'>)]*/i, reason: "example URL or e-mail address" },
  { pattern: /\bMuster\p{L}*/u, reason: "sample legal data (Muster…)" },
  { pattern: /\b(?:HRB|DE)\s?0{6,}\b/, reason: "sample register or VAT number" },
  { pattern: /\bTODO\b|\bPLATZHALTER\b|\bPLACEHOLDER\b(?!:)/, reason: "marked as to do" },
];

export interface Placeholder {
  file: string;
  line: number;
  text: string;
  reason: string;
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
  const root = folder.root;
  const found: Placeholder[] = [];
  for (const file of filesIn(folder)) {
    if (file.endsWith("README.md")) continue;
    folder
      .bytes(file)
      .toString("utf8")
      .split("\n")
      .forEach((line, index) => {
        if (/^\s*#/.test(line)) return;
        for (const { pattern, reason } of PATTERNS) {
          const match = pattern.exec(line);
          if (match)
            found.push({ file: join("content", relative(root, file)), line: index + 1, text: match[0], reason });
        }
      });
  }
  return found;
}

export const formatPlaceholder = (p: Placeholder) => `${p.file}:${p.line}: placeholder "${p.text}" (${p.reason})`;
