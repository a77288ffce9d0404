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
