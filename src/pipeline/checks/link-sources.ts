import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Where in the content a broken link was written: the first line of the page's source files that holds the
 * target as written, or failing that its path or its #anchor alone (a menu's `to: "#contact"` becomes
 * /#contact on other pages), read from `parent`, the content folder's parent, which the sources' names start
 * from, with the link as the author wrote it (the needle found). Undefined when the link comes from code, not content.
 */
export function sourceLine(
  target: string,
  sources: string[],
  parent: string,
): { file: string; line: number; written: string } | undefined {
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
      if (index >= 0) return { file: source, line: index + 1, written: needle };
    }
  }
  return undefined;
}
