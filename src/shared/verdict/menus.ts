// Menu list parity: every language's header and footer menus lead to the same pages in the same order (only the
// labels are translated). The build (content/rules/parity.ts for a missing entry, content/rules/menus.ts for the
// targets) and the web editor judge the same lists with these functions.

/** The menus a language's common.yaml holds, by their key path. */
export const MENU_PATHS = ["header.nav", "footer.nav", "footer.links"] as const;
export type MenuPath = (typeof MENU_PATHS)[number];

/** A menu as far as parity goes: where each entry leads. */
export type MenuTargets = readonly string[];

export type MenuDifference =
  /** The entry at `index` is in one language's menu and not in the other's. */
  | { kind: "missing"; menu: MenuPath; index: number; in: "reference" | "other" }
  /** Both list the same targets, in another order. */
  | { kind: "order"; menu: MenuPath; mine: MenuTargets; theirs: MenuTargets }
  /** The entry at `index` leads elsewhere than the reference's. */
  | { kind: "target"; menu: MenuPath; index: number; mine: string; theirs: string };

/** The differences between a language's menu and the default language's (the reference). */
export function menuDifferences(menu: MenuPath, theirs: MenuTargets, mine: MenuTargets): MenuDifference[] {
  if (theirs.length !== mine.length) {
    const longer = theirs.length > mine.length ? "reference" : "other";
    const from = Math.min(theirs.length, mine.length);
    const to = Math.max(theirs.length, mine.length);
    return Array.from({ length: to - from }, (_, i) => ({ kind: "missing", menu, index: from + i, in: longer }));
  }
  if (mine.join("\n") === theirs.join("\n")) return [];
  if ([...mine].sort().join("\n") === [...theirs].sort().join("\n")) return [{ kind: "order", menu, mine, theirs }];
  return mine.flatMap((to, index) =>
    to === theirs[index] ? [] : [{ kind: "target" as const, menu, index, mine: to, theirs: theirs[index] ?? "" }],
  );
}
