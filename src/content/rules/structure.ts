import { ContentError } from "../read/errors.ts";
import type { Content, Lang, Page } from "../types.ts";
import type { PageMeta } from "../schemas/index.ts";
import { say } from "../../shared/messages/catalogue.ts";
import { scheduleOf } from "./schedule.ts";
import { blockParts } from "../../shared/verdict/blocks.ts";
import { alignParts, missingParts, type Part } from "../../shared/verdict/structure.ts";

export { alignParts, missingParts, type Part, structureOf } from "../../shared/verdict/structure.ts";

// Structure parity between languages: a translation that lacks a heading, a component or a figure of the default
// language's page is most likely incomplete. A warning, not an error: translations may legitimately differ. Where
// site.yaml says translations: complete, npm run build -- --strict refuses it, unless the page's front matter says
// structure: own (it differs on purpose, and is no warning either). The parts and their alignment are shared/verdict's.

/**
 * A campaign page's blocks as parts of its structure, before its text's: "block:hero", named by their place counted
 * from 1, on the line of their entry in the front matter. A translation has the same blocks in the same order.
 */
export function blockPartsOf(meta: Pick<PageMeta, "blocks">, keyLines: Readonly<Record<string, number>>): Part[] {
  return blockParts(meta.blocks ?? [], (index) => keyLines[`blocks[${index}]`] ?? 1);
}

/** How each of these warnings starts (after its file): npm run check lists them in a block of their own. */
export const STRUCTURE_WARNING = "has no counterpart of ";
/** How the warning about a block the translation adds starts. */
export const EXTRA_BLOCK_WARNING = "has a block its original lacks: ";

/**
 * A warning for each heading, component or figure of a default-language page that its translation lacks, on the
 * translation's file and naming the part with its line in the default language's file.
 */
export function structureWarnings(pages: readonly Page[], reference: Lang): ContentError[] {
  const warnings: ContentError[] = [];
  const byKey = new Map(pages.filter((page) => page.lang === reference).map((page) => [page.key, page]));
  // Each page's parts were read with its text (content/pages.ts): a page the build kept is not read again for them.
  const read = (page: Page): Part[] => page.parts;
  for (const page of pages) {
    const source = page.lang === reference || page.meta.structure === "own" ? undefined : byKey.get(page.key);
    if (!source) continue;
    for (const part of missingParts(read(source), read(page)))
      warnings.push(
        new ContentError(
          page.file,
          say("missingPart", { part, at: `${source.file}:${part.line}`, language: reference }),
        ),
      );
    // A block the translation has and its original lacks is a difference too (headings may be added freely).
    const paired = new Set(alignParts(read(source), read(page)).map(([, j]) => j));
    read(page).forEach((part, index) => {
      if (paired.has(index) || !part.kind.startsWith("block:")) return;
      warnings.push(
        new ContentError(
          page.file,
          say("extraBlock", { part, at: `${page.file}:${part.line}`, original: source.file, language: reference }),
          { line: part.line, keyPath: `blocks[${Number(part.text) - 1}]` },
        ),
      );
    });
  }
  return warnings;
}

/** Whether a content warning is one of structureWarnings'. */
export const isStructureWarning = (warning: ContentError) =>
  warning.detail.startsWith(STRUCTURE_WARNING) || warning.detail.startsWith(EXTRA_BLOCK_WARNING);

/**
 * Where site.yaml says translations: complete, the structure warnings npm run build -- --strict refuses: every page
 * that lacks a part of the default language's, unless it says structure: own (then there is no warning). Given the
 * build's day, a page scheduled for a later one is left out: the rule applies from its day on, as for a missing page.
 */
export function structureErrors(content: Pick<Content, "site" | "pages" | "warnings">, today?: string): ContentError[] {
  if (content.site.translations !== "complete") return [];
  const meta = new Map(content.pages.map((page) => [page.file, page.meta]));
  return content.warnings.filter((warning) => {
    if (!isStructureWarning(warning)) return false;
    const page = meta.get(warning.file);
    return today === undefined || !page || scheduleOf(page, today)?.state !== "scheduled";
  });
}
