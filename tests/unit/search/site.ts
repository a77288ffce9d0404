// A temporary copy of the real content with the pages search must find and the ones it must never find in a live
// build: a German article full of compounds, umlauts and ß; a draft; a scheduled and an expired page. Shared by the
// unit tests (tests/unit/search/) and the browser tests (tests/e2e/search.spec.ts, tests/webkit/search.test.ts).
import { cpSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The build's day for these pages: the scheduled one is later, the expired one's expiry earlier. */
export const TODAY = "2026-11-27";

export const PAGES = {
  compounds: {
    path: "/de/einblicke/kundenservice-chatbot",
    title: "Kundenservice-Chatbot mit Wissensmanagement: eine Übersicht",
  },
  /** A long page whose only mention of its word comes far past the start that the index stores as its excerpt. */
  deep: {
    path: "/de/einblicke/langer-bericht",
    title: "Ein langer Bericht",
    word: "Zwiebelturm",
    start: "Dieser Bericht beginnt",
    markup: "<b>fett</b>",
  },
  draft: { path: "/de/einblicke/zauberentwurf", title: "Zauberentwurf", word: "Zauberentwurf" },
  scheduled: { path: "/de/einblicke/zauberplan", title: "Zauberplan", word: "Zauberplan" },
  expired: { path: "/de/einblicke/zauberalt", title: "Zauberalt", word: "Zauberalt" },
} as const;

const page = (front: string[], body: string) => `---\n${front.join("\n")}\n---\n\n${body}\n`;

/** Copies content/ to a new temporary folder, adds the pages above, and returns the folder. */
export function searchSite(): string {
  const work = mkdtempSync(join(tmpdir(), "search-site-"));
  const content = join(work, "content");
  cpSync("content", content, { recursive: true });
  const insights = join(content, "de/pages/insights");
  writeFileSync(
    join(insights, "kundenservice-chatbot.md"),
    page(
      [
        `title: "${PAGES.compounds.title}"`,
        'description: "Wie ein Chatbot im Kundenservice aus dem Wissensmanagement antwortet."',
        "slug: kundenservice-chatbot",
        "date: 2026-11-20",
      ],
      "Ein Chatbot im Kundenservice beantwortet Fragen aus dem Wissensmanagement des Unternehmens. " +
        "Unsere RAG-Agenten lesen dabei mit, und der Weg zur Filiale in der Hauptstraße steht auch darin.",
    ),
  );
  // Over 600 characters before the word; beside it, text that looks like markup (a code span's "<b>fett</b>").
  writeFileSync(
    join(insights, "langer-bericht.md"),
    page(
      [
        `title: "${PAGES.deep.title}"`,
        'description: "Ein Bericht über vieles."',
        "slug: langer-bericht",
        "date: 2026-11-10",
      ],
      `${PAGES.deep.start} ruhig. ${"Absatz um Absatz folgt hier Text über Beratung, Planung und Umsetzung. ".repeat(9)}` +
        `\n\nZum Schluss steht \`${PAGES.deep.markup}\` neben dem ${PAGES.deep.word} im Dorf, und danach noch ein Satz.`,
    ),
  );
  const hidden = (name: string, extra: string[], word: string) =>
    writeFileSync(
      join(insights, `${name}.md`),
      page(
        [`title: ${word}`, `description: "Eine Seite, die die Suche nicht finden darf: ${word}."`, ...extra],
        `${word} steht hier, und nur hier.`,
      ),
    );
  hidden("zauberentwurf", ["draft: true", "date: 2026-11-01"], PAGES.draft.word);
  hidden("zauberplan", ["date: 2099-01-01"], PAGES.scheduled.word);
  hidden("zauberalt", ["date: 2026-01-01", "expiryDate: 2026-06-01"], PAGES.expired.word);
  return content;
}
