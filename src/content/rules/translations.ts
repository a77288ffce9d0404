import { say } from "../../shared/messages/catalogue.ts";
import { ContentError } from "../read/errors.ts";
import type { Content, MissingPage } from "../types.ts";
import { scheduleOf } from "./schedule.ts";
import { isStructureWarning } from "./structure.ts";
import { formatSameValue, identicalValues } from "./untranslated.ts";

/** The pages a published language lacks; a staged language is still being translated and does not count. */
function untranslatedPages(content: Pick<Content, "locales" | "missingPages" | "pages">): MissingPage[] {
  const published = new Set(content.locales.filter((locale) => locale.published).map((locale) => locale.code));
  // A page whose front matter says translations: partial may exist in some languages only, whatever site.yaml says.
  const partial = new Set(
    content.pages.filter((page) => page.meta.translations === "partial").map((page) => page.file),
  );
  return content.missingPages.filter((missing) => published.has(missing.lang) && !partial.has(missing.file));
}

const untranslatedMessage = (page: MissingPage) => say("untranslatedPage", { lang: page.lang, missing: page.missing });

/**
 * Where site.yaml says translations: complete, each page a published language lacks, as the problem it is
 * for that site: npm run build -- --strict refuses it, other builds warn. With "partial" there is none.
 * Given the build's day, a page scheduled for a later one is left out: the rule applies from its day on
 * (scheduledTranslations says it now, as a warning).
 */
export function incompleteTranslations(
  content: Pick<Content, "site" | "locales" | "missingPages" | "pages">,
  today?: string,
): ContentError[] {
  if (content.site.translations !== "complete") return [];
  return untranslatedPages(content)
    .filter((page) => today === undefined || goesLiveOn(content, page.file, today) === undefined)
    .map((page) => new ContentError(page.file, untranslatedMessage(page)));
}

/** The day a page scheduled after `today` goes live, by its file; undefined for a page live today. */
function goesLiveOn(content: Pick<Content, "pages">, file: string, today: string): string | undefined {
  const meta = content.pages.find((page) => page.file === file)?.meta;
  const schedule = meta && scheduleOf(meta, today);
  return schedule?.state === "scheduled" ? schedule.date : undefined;
}

/** The pages scheduled after `today` that incompleteTranslations will refuse on their day, each with that day. */
export function scheduledTranslations(
  content: Pick<Content, "site" | "locales" | "missingPages" | "pages">,
  today: string,
): { day: string; error: ContentError }[] {
  if (content.site.translations !== "complete") return [];
  return untranslatedPages(content).flatMap((page) => {
    const day = goesLiveOn(content, page.file, today);
    return day ? [{ day, error: new ContentError(page.file, untranslatedMessage(page)) }] : [];
  });
}

/** One "!" block of npm run check: a heading and one line per finding. */
export interface WarningBlock {
  heading: string;
  lines: string[];
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What npm run check says about translations (content loaded with its staged languages): the pages that
 * exist in some languages only, one line per page with the languages it lacks; a staged language's gaps;
 * and every value that is the same as the default language's. Blocks without findings are left out.
 */
export function translationWarnings(content: Content): WarningBlock[] {
  const staged = new Set(content.locales.filter((locale) => !locale.published).map((locale) => locale.code));
  const byFile = new Map<string, MissingPage[]>();
  for (const page of content.missingPages) byFile.set(page.file, [...(byFile.get(page.file) ?? []), page]);
  const pages = [...byFile].map(
    ([file, missing]) =>
      `${file}: not in ${missing.map((page) => `${page.lang}${staged.has(page.lang) ? " (staged)" : ""}: ${page.missing}`).join("; ")}`,
  );
  const refused = content.site.translations === "complete" && untranslatedPages(content).length > 0;
  const complete = refused
    ? " (site.yaml says translations: complete, so npm run build -- --strict refuses those of published languages)"
    : "";
  const same = identicalValues(content.folder, content.locales);
  // A staged language's gaps only: a published language's missing heading is structure parity's (its own block).
  const stagedFolders = [...staged].map((lang) => `${content.folder.display(content.folder.root)}/${lang}/`);
  const gaps = content.warnings.filter(
    (warning) => !isStructureWarning(warning) && stagedFolders.some((folder) => warning.file.startsWith(folder)),
  );
  return [
    {
      heading: `${count(pages.length, "page exists", "pages exist")} in some languages only${complete}:`,
      lines: pages,
    },
    {
      heading: `${count(gaps.length, "gap", "gaps")} in staged languages (npm run dev previews them with the default language's text):`,
      lines: gaps.map((warning) => warning.message),
    },
    {
      heading: `${count(same.length, "value is", "values are")} the same as in the default language:`,
      lines: same.map(formatSameValue),
    },
  ].filter((block) => block.lines.length > 0);
}
