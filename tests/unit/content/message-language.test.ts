import { afterEach, describe, expect, it } from "vitest";
import { loadContent } from "../../../src/content/load.ts";
import { ContentFolder } from "../../../src/content/read/folder.ts";
import { commandLineLanguage } from "../../../src/content/read/language.ts";
import { describeFailure } from "../../../src/pipeline/report.ts";
import { copyOfContent } from "../../support/content.ts";

// The command line speaks the author's language (issue 54): LANG's where the catalogue has it, else site.yaml's
// default language. The real loader's refusal of a German file, said in German.
let copy: ReturnType<typeof copyOfContent> | undefined;
afterEach(() => copy?.cleanup());

describe("the command line's language", () => {
  it("is LANG's where the catalogue has it, else site.yaml's default language", () => {
    copy = copyOfContent();
    const folder = new ContentFolder(copy.dir);
    expect(commandLineLanguage(folder, "de_DE.UTF-8")).toBe("de");
    expect(commandLineLanguage(folder, "C.UTF-8")).toBe("en");
    expect(commandLineLanguage(folder, "fr_FR.UTF-8")).toBe("en");
    expect(commandLineLanguage(folder, undefined)).toBe("en");
    // A site whose default language is German.
    copy.edit("site.yaml", (text) =>
      text.replace("{ code: en, default: true,", "{ code: en,").replace("{ code: de,", "{ code: de, default: true,"),
    );
    expect(commandLineLanguage(new ContentFolder(copy.dir), "C.UTF-8")).toBe("de");
  });

  it("says the loader's problems in German for a German author, counting list entries from 1 and naming the tab", async () => {
    copy = copyOfContent();
    copy.edit("de/common.yaml", (text) => text.replace("  bookMeetingShort:", "  bookMeetingKurz:"));
    copy.edit("en/home.yaml", (text) => text.replace(/(badges:\n(\s+- .*\n){2})\s+- .*\n/, "$1"));
    const error = await loadContent(copy.dir).catch((caught: unknown) => caught);
    const said = describeFailure(error, { language: "de" }).replaceAll(copy.dir.split("/").pop() ?? "", "content");
    expect(said.split("\n")[0]).toBe("Probleme im Inhalt:");
    expect(said).toContain('header.bookMeetingKurz: ist hier kein Schlüssel: war "bookMeetingShort" gemeint?');
    expect(said).toMatch(
      /hero\.badges\[2\]: "hero\.badges\[2\]" \(hero\.badges, Eintrag 3\) fehlt hier, steht aber in content\/de\/home\.yaml:\d+: im Reiter Englisch ergänzen/,
    );
    expect(describeFailure(error).split("\n")[0]).toBe("Content problems:");
  });
});
