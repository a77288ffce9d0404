import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/**
 * Where in the content a broken link was written: the first line of the page's source files that holds the
 * target as written, or failing that its path or its #anchor alone (a menu's `to: "#contact"` becomes
 * /#contact on other pages). Returns "file:line", or undefined when the link comes from code, not content.
 */
export function sourceLine(target: string, sources: string[], contentDir: string): string | undefined {
  const parent = dirname(resolve(contentDir));
  const [path = "", hash] = target.split("#");
  const needles = [target, path, hash === undefined ? "" : `#${hash}`].filter(
    (needle) => needle !== "" && needle !== "/",
  );
  for (const needle of needles) {
    for (const source of sources) {
      let lines: string[];
      try {
        lines = readFileSync(join(parent, source), "utf8").split("\n");
      } catch {
        continue;
      }
      const index = lines.findIndex((line) => line.includes(needle));
      if (index >= 0) return `${source}:${index + 1}`;
    }
  }
  return undefined;
}
