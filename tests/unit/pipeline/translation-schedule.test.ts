import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { ContentErrors } from "../../../src/content/read/errors.ts";
import { build } from "../../../src/pipeline/index.ts";
import { realContent } from "../../support/content.ts";
import { TEST_VALIDATION_CACHE } from "../validation-cache.ts";

// Nothing goes live before its original (issue 54): an English article scheduled for 10 December and its German
// translation as "Copy from English" made it (every text copied, no date). The real build, on three days given as
// BUILD_DATE as the nightly publish gives it.
const copy = realContent("translation-schedule-");
const outDir = `${copy.dir}-dist`;
afterAll(() => {
  copy.cleanup();
  rmSync(outDir, { recursive: true, force: true });
});
afterEach(() => {
  delete process.env.BUILD_DATE;
});

const DAY = "2026-12-10";
const english = (date: string) => `---
title: Embargoed launch notes
description: An article scheduled for its day, whose German translation must wait for it.
date: ${date}
tags: [Chatbots]
---

The launch notes, under embargo until their day.
`;
const german = (front = "") => `---
title: Sperrfrist Startnotizen
description: Ein eingeplanter Artikel, dessen deutsche Übersetzung auf seinen Tag warten muss.
tags: [Chatbots]
${front}---

Die Startnotizen, unter Sperrfrist bis zu ihrem Tag.
`;
writeFileSync(join(copy.dir, "en/pages/insights/embargo.md"), english(DAY));
writeFileSync(join(copy.dir, "de/pages/insights/embargo.md"), german());

const buildOn = (day: string, strict = false) => {
  process.env.BUILD_DATE = day;
  return build({ contentDir: copy.dir, outDir, strict, validationCache: TEST_VALIDATION_CACHE });
};

/** Every output file that names the text: pages, lists, the sitemap, the feeds, the search index. */
function filesNaming(text: string): string[] {
  return readdirSync(outDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(html|xml|json|txt)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => readFileSync(path, "utf8").includes(text))
    .map((path) => path.slice(outDir.length + 1))
    .sort();
}

describe("a translation of a scheduled article without a date of its own", () => {
  it("is absent from every output on the days before its original's", async () => {
    for (const day of ["2026-12-08", "2026-12-09"]) {
      await buildOn(day);
      expect(filesNaming("Sperrfrist Startnotizen"), day).toEqual([]);
      expect(filesNaming("einblicke/embargo"), day).toEqual([]);
      expect(filesNaming("Embargoed launch notes"), day).toEqual([]);
      expect(existsSync(join(outDir, "de/einblicke/embargo.html"))).toBe(false);
    }
  }, 240_000);

  it("goes live with its original on its day and after, in the page, the list, the sitemap, the feed and the search", async () => {
    for (const day of [DAY, "2026-12-11"]) {
      await buildOn(day);
      const naming = filesNaming("Sperrfrist Startnotizen");
      expect(naming, day).toContain("de/einblicke/embargo.html");
      expect(naming, day).toContain("de/einblicke.html");
      expect(naming, day).toContain("de/einblicke/feed.xml");
      expect(
        naming.some((file) => file.startsWith("search/")),
        `${day}: ${naming.join(", ")}`,
      ).toBe(true);
      expect(filesNaming("/de/einblicke/embargo"), day).toContain("sitemap.xml");
      // It shows its original's date, which it shares.
      expect(readFileSync(join(outDir, "de/einblicke/embargo.html"), "utf8")).toContain("10. Dezember 2026");
    }
  }, 240_000);
});

describe("a translation with a date of its own", () => {
  it("later than its original's keeps it: it goes live on its own day", async () => {
    writeFileSync(join(copy.dir, "de/pages/insights/embargo.md"), german("date: 2026-12-12\n"));
    await buildOn("2026-12-11");
    expect(existsSync(join(outDir, "insights/embargo.html"))).toBe(true);
    expect(existsSync(join(outDir, "de/einblicke/embargo.html"))).toBe(false);
  }, 240_000);

  it("earlier than its original's is refused by --strict and warned otherwise, naming both files", async () => {
    writeFileSync(join(copy.dir, "de/pages/insights/embargo.md"), german("date: 2026-12-01\n"));
    const name = copy.dir.split("/").pop() ?? "";
    const expected = `${name}/de/pages/insights/embargo.md:5: date: goes live on 2026-12-01 (date), before its original ${name}/en/pages/insights/embargo.md (2026-12-10)`;
    const { warnings } = await buildOn("2026-12-02");
    expect(warnings.map((warning) => warning.message)).toContainEqual(expect.stringContaining(expected));
    const refused = await buildOn("2026-12-02", true).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ContentErrors);
    expect((refused as ContentErrors).errors.map((error) => error.message)).toContainEqual(
      expect.stringContaining(expected),
    );
    // The German words of the same message, for a German reader.
    expect((refused as ContentErrors).errors.map((error) => error.messageIn("de"))).toContainEqual(
      expect.stringContaining("geht am 2026-12-01 online (date), vor dem Original"),
    );
  }, 240_000);
});
