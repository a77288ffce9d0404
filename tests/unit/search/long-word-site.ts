import { cpSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** One German word of 50,000 letters, made of real compound parts (a pasted run of text without spaces). */
export const LONG_WORD = "Donaudampfschifffahrtsgesellschaftskapitänsmützenschirm".repeat(1_000).slice(0, 50_000);
export const LONG_PAGE = { path: "/de/einblicke/langes-wort", title: "Ein sehr langes Wort" } as const;

/**
 * A copy of content/ in a new temporary folder (returned) with one German page whose text holds `word` between
 * two sentences: LONG_WORD for the hostile case, a short word for the same page as a site would have it.
 */
export function longWordSite(word: string = LONG_WORD): string {
  const content = join(mkdtempSync(join(tmpdir(), "search-long-word-")), "content");
  cpSync("content", content, { recursive: true });
  writeFileSync(
    join(content, "de/pages/insights/langes-wort.md"),
    [
      "---",
      `title: "${LONG_PAGE.title}"`,
      'description: "Eine Seite mit einem sehr langen Wort."',
      "slug: langes-wort",
      "date: 2026-11-21",
      "---",
      "",
      `Vorher steht ein Satz. ${word} Danach steht noch ein Satz über Beratung.`,
      "",
    ].join("\n"),
  );
  return content;
}
