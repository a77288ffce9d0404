import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A throwaway copy of the real content/ folder, for tests that break one file on purpose (its folder named with `prefix`). */
export function copyOfContent(prefix = "content-"): {
  dir: string;
  edit(file: string, change: (text: string) => string): void;
  remove(file: string): void;
  cleanup(): void;
} {
  const dir = mkdtempSync(join(tmpdir(), prefix));
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
      rmSync(dir, { recursive: true, force: true });
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
