import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

// Two output folders compared byte by byte: what "dist/ byte-identical" means in a test.

/** Every file below a folder with its bytes, by its path from there. */
export function tree(dir: string): Map<string, Buffer> {
  return new Map(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => [
        join(entry.parentPath, entry.name).slice(dir.length + 1),
        readFileSync(join(entry.parentPath, entry.name)),
      ]),
  );
}

/** The files that differ between two folders (present in one only, or with other bytes), sorted. */
export function differences(a: string, b: string): string[] {
  const [left, right] = [tree(a), tree(b)];
  return [...new Set([...left.keys(), ...right.keys()])]
    .filter((name) => !left.get(name)?.equals(right.get(name) ?? Buffer.alloc(0)))
    .sort();
}
