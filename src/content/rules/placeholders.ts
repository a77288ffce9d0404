import { readdirSync, readFileSync, statSync } from "node:fs";
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

const filesIn = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesIn(path) : /\.(ya?ml|md)$/.test(name) ? [path] : [];
  });

/** Every placeholder value left in content/, with file and line; YAML comments are skipped. */
export function findPlaceholders(root = "content"): Placeholder[] {
  const found: Placeholder[] = [];
  for (const file of filesIn(root)) {
    if (file.endsWith("README.md")) continue;
    readFileSync(file, "utf8")
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
