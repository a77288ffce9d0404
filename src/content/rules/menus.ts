import { say } from "../../shared/messages/catalogue.ts";
import { MENU_PATHS, menuDifferences as differences } from "../../shared/verdict/menus.ts";
import { ContentError } from "../read/errors.ts";
import type { YamlSource } from "../read/folder.ts";
import type { Common } from "../schemas/index.ts";

type Menus = Pick<Common, "header" | "footer">;

/** A menu's entries' targets, by its key path (shared/verdict/menus.ts names them). */
const targetsOf = (common: Menus, path: string) =>
  (path === "header.nav" ? common.header.nav : path === "footer.nav" ? common.footer.nav : common.footer.links).map(
    (entry) => entry.to,
  );

/**
 * Menus that lead somewhere else, or in another order, than the default language's: a visitor who switches
 * language expects the same menu in other words. (The loader has made sure both have as many entries: a missing
 * one is parity's message.) A warning, not an error: a language may mean it, but usually one file was edited and
 * its twin forgotten. The comparison is shared/verdict/menus.ts's, which the web editor runs too.
 */
export function menuDifferences(
  reference: { source: YamlSource; common: Menus },
  other: { source: YamlSource; common: Menus },
): ContentError[] {
  const warnings: ContentError[] = [];
  for (const menu of MENU_PATHS) {
    const path = menu.split(".");
    for (const difference of differences(menu, targetsOf(reference.common, menu), targetsOf(other.common, menu))) {
      if (difference.kind === "order")
        warnings.push(
          new ContentError(
            other.source.file,
            say("menuOrder", {
              other: `${reference.source.file}:${reference.source.lineOf(path)}`,
              mine: difference.mine.join(", "),
              theirs: difference.theirs.join(", "),
            }),
            { line: other.source.lineOf(path), keyPath: menu },
          ),
        );
      else if (difference.kind === "target")
        warnings.push(
          new ContentError(
            other.source.file,
            say("menuTarget", {
              other: `${reference.source.file}:${reference.source.lineOf([...path, difference.index, "to"])}`,
              mine: difference.mine,
              theirs: difference.theirs,
            }),
            {
              line: other.source.lineOf([...path, difference.index, "to"]),
              keyPath: `${menu}[${difference.index}].to`,
            },
          ),
        );
    }
  }
  return warnings;
}
