import { ContentError } from "../read/errors.ts";
import type { YamlSource } from "../read/folder.ts";
import type { Common } from "../schemas/index.ts";

type Menus = Pick<Common, "header" | "footer">;
const MENUS: { path: ["header" | "footer", "nav" | "links"]; of: (common: Menus) => { to: string }[] }[] = [
  { path: ["header", "nav"], of: (common) => common.header.nav },
  { path: ["footer", "nav"], of: (common) => common.footer.nav },
  { path: ["footer", "links"], of: (common) => common.footer.links },
];

/**
 * Menus that lead somewhere else, or in another order, than the default language's: a visitor who switches
 * language expects the same menu in other words. (The loader has made sure both have as many entries.) A
 * warning, not an error: a language may mean it, but usually one file was edited and its twin forgotten.
 */
export function menuDifferences(
  reference: { source: YamlSource; common: Menus },
  other: { source: YamlSource; common: Menus },
): ContentError[] {
  const warnings: ContentError[] = [];
  for (const { path, of } of MENUS) {
    const mine = of(other.common).map((entry) => entry.to);
    const theirs = of(reference.common).map((entry) => entry.to);
    if (mine.join("\n") === theirs.join("\n")) continue;
    const name = path.join(".");
    if ([...mine].sort().join("\n") === [...theirs].sort().join("\n")) {
      warnings.push(
        new ContentError(
          other.source.file,
          `lists the same pages as ${reference.source.file}:${reference.source.lineOf(path)} in another order (${mine.join(", ")} instead of ${theirs.join(", ")}): keep the order of every language's menu the same`,
          { line: other.source.lineOf(path), keyPath: name },
        ),
      );
      continue;
    }
    mine.forEach((to, index) => {
      if (to === theirs[index]) return;
      warnings.push(
        new ContentError(
          other.source.file,
          `"${to}" where ${reference.source.file}:${reference.source.lineOf([...path, index, "to"])} has "${theirs[index]}": every language's menu leads to the same pages in the same order (only the labels are translated)`,
          { line: other.source.lineOf([...path, index, "to"]), keyPath: `${name}[${index}].to` },
        ),
      );
    });
  }
  return warnings;
}
