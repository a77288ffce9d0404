import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

// The tests' one copy of content/, and what they write into it: files, and pages with their front matter.

/**
 * A throwaway copy of the real content/ folder, for tests that break one file on purpose: its folder named with
 * `prefix`, or, `asContent`, a folder named content/ inside one so named (messages then name files as in the real one).
 */
export function copyOfContent(
  prefix = "content-",
  { asContent = false }: { asContent?: boolean } = {},
): {
  dir: string;
  edit(file: string, change: (text: string) => string): void;
  remove(file: string): void;
  cleanup(): void;
} {
  const made = mkdtempSync(join(tmpdir(), prefix));
  const dir = asContent ? join(made, "content") : made;
  cpSync("content", dir, { recursive: true });
  return {
    dir,
    edit(file, change) {
      const path = join(dir, file);
      const before = readFileSync(path, "utf8");
      const after = change(before);
      if (after === before) throw new Error(`test setup: the edit of ${file} changed nothing`);
      writeFileSync(path, after);
    },
    remove(file) {
      rmSync(join(dir, file));
    },
    cleanup() {
      rmSync(made, { recursive: true, force: true });
    },
  };
}

/**
 * site.yaml with every sample value replaced by something real-looking, as an operator does before going live
 * (content/README.md, "Before going live"): the text a strict build accepts.
 */
export const withRealData = (siteYaml: string): string =>
  siteYaml
    .replace(/leap-ai\.example/g, "leap-ai.de")
    .replace("https://cal.example/leap-ai/strategy-session", "https://cal.com/leap-ai/strategy")
    .replace(/leap[-_]ai[-_]example/g, "leapai")
    .replace(/Musterstraße 1/g, "Torstraße 49")
    .replace(/Max Mustermann/g, "Anna Schmidt")
    .replace("HRB 000000 B", "HRB 245761 B")
    .replace("DE000000000", "DE345678912");

/** A copy of content/ with every sample value replaced (withRealData). */
export function realContent(prefix = "content-") {
  const c = copyOfContent(prefix);
  c.edit("site.yaml", withRealData);
  return c;
}

export type Content = ReturnType<typeof copyOfContent>;

/** Where a build of a copy goes: a folder beside it, which the copy's cleanup() removes too. */
export const outOf = (content: Content) => `${content.dir}-dist`;

/**
 * A fresh copy of content/ with `files` written into it (paths relative to content/) and `remove` taken out;
 * cleanup() removes it and its output (outOf).
 */
export function contentWith(
  files: Record<string, string | Buffer>,
  {
    prefix = "content-",
    remove = [],
    asContent = false,
  }: { prefix?: string; remove?: readonly string[]; asContent?: boolean } = {},
): Content {
  const copy = copyOfContent(prefix, { asContent });
  for (const file of remove) copy.remove(file);
  for (const [file, data] of Object.entries(files)) {
    mkdirSync(dirname(join(copy.dir, file)), { recursive: true });
    writeFileSync(join(copy.dir, file), data);
  }
  const cleanup = copy.cleanup;
  copy.cleanup = () => {
    cleanup();
    rmSync(outOf(copy), { recursive: true, force: true });
  };
  return copy;
}

/**
 * A page's Markdown: front matter, then `body`. Each value is written as YAML text (`date: 2026-11-20`,
 * `tags: [a, b]`); `quoted` writes strings as quoted YAML strings instead, numbers and booleans as they are.
 */
export const page = (
  front: Record<string, string | number | boolean>,
  body = "Some text.",
  { quoted = false }: { quoted?: boolean } = {},
) =>
  `---\n${Object.entries(front)
    .map(([key, value]) => `${key}: ${quoted && typeof value === "string" ? JSON.stringify(value) : value}`)
    .join("\n")}\n---\n\n${body}\n`;
