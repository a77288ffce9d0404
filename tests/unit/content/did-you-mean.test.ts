import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ContentErrors } from "../../../src/content/read/errors.ts";
import { loadContent } from "../../../src/content/load.ts";
import { didYouMean } from "../../../src/content/read/suggest.ts";
import { copyOfContent } from "../../support/content.ts";

let copy: ReturnType<typeof copyOfContent> | undefined;
afterEach(() => copy?.cleanup());

async function problems(dir: string): Promise<string[]> {
  const error = await loadContent(dir).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ContentErrors)) throw new Error(`expected content errors, got ${String(error)}`);
  return error.errors.map((e) => e.message.replace(/content-\w+\//g, "content/"));
}

const lineOf = (dir: string, file: string, needle: string) =>
  readFileSync(join(dir, file), "utf8")
    .split("\n")
    .findIndex((line) => line.includes(needle)) + 1;

describe("did you mean", () => {
  it("a misspelt key in a YAML file names the key the schema allows there", async () => {
    copy = copyOfContent();
    copy.edit("en/home.yaml", (text) => text.replace("  description: >-", "  descripton: >-"));
    copy.edit("en/home.yaml", (text) => text.replace("  subheadline:", "  subheadlin:"));
    const messages = await problems(copy.dir);
    expect(messages).toContainEqual(
      `content/en/home.yaml:${lineOf(copy.dir, "en/home.yaml", "descripton:")}: meta.descripton: is not a key here: did you mean "description"?`,
    );
    expect(messages).toContainEqual(
      `content/en/home.yaml:${lineOf(copy.dir, "en/home.yaml", "subheadlin:")}: hero.subheadlin: is not a key here: did you mean "subheadline"?`,
    );
  });

  it("a misspelt key is said once, as the key it misspells that is not written yet (issue 54)", async () => {
    copy = copyOfContent();
    copy.edit("de/common.yaml", (text) => text.replace("  bookMeetingShort:", "  bookMeetingKurz:"));
    // Neither "bookMeeting" (written on the line above) nor a missing bookMeetingShort, nor parity's "missing in en".
    expect(await problems(copy.dir)).toEqual([
      `content/de/common.yaml:${lineOf(copy.dir, "de/common.yaml", "bookMeetingKurz:")}: header.bookMeetingKurz: is not a key here: did you mean "bookMeetingShort"?`,
    ]);
  });

  it("a misspelt value of a choice whose schema words its own message is named too (issue 54: translations: parital)", async () => {
    copy = copyOfContent();
    copy.edit("site.yaml", (text) => text.replace(/^translations: .*$/m, "translations: parital"));
    const line = lineOf(copy.dir, "site.yaml", "translations: parital");
    expect(await problems(copy.dir)).toContainEqual(
      `content/site.yaml:${line}: translations: must be "complete" or "partial" (not "parital"): did you mean "partial"?`,
    );
    copy.edit("site.yaml", (text) => text.replace("translations: parital", "translations: sometimes"));
    expect(await problems(copy.dir)).toContainEqual(
      `content/site.yaml:${line}: translations: must be "complete" or "partial"`,
    );
  });

  it("a misspelt key in a page's front matter, and one too far from any key to guess", async () => {
    copy = copyOfContent();
    copy.edit("en/pages/privacy.md", (text) =>
      text.replace("description:", "descripton:").replace("toc: true", "toc: true\ncolour: blue"),
    );
    const messages = await problems(copy.dir);
    expect(messages).toContainEqual(
      `content/en/pages/privacy.md:${lineOf(copy.dir, "en/pages/privacy.md", "descripton:")}: descripton: is not a key here: did you mean "description"?`,
    );
    expect(messages).toContainEqual(
      `content/en/pages/privacy.md:${lineOf(copy.dir, "en/pages/privacy.md", "colour:")}: colour: is not a key here: remove it, or see content/README.md for the keys this file takes`,
    );
  });

  it("a menu entry leading nowhere names the page it most likely means", async () => {
    copy = copyOfContent();
    copy.edit("de/common.yaml", (text) => text.replace("to: privacy }", "to: privcy }"));
    const messages = await problems(copy.dir);
    expect(messages).toEqual([
      expect.stringMatching(
        new RegExp(
          `^content/de/common\\.yaml:${lineOf(copy.dir, "de/common.yaml", "to: privcy")}: footer\\.nav\\[\\d\\]\\.to: "privcy" is no page: did you mean "privacy"\\?$`,
        ),
      ),
    ]);
  });

  it("suggests only what is near enough to be a typo", () => {
    expect(didYouMean("descripton", ["title", "description"])).toBe("description");
    expect(didYouMean("Titel", ["title", "description"])).toBe("title");
    expect(didYouMean("ab", ["cd", "title"])).toBeUndefined();
    expect(didYouMean("colour", ["title", "toc", "nav"])).toBeUndefined();
    expect(didYouMean("/abut", ["/", "/about", "/de/"])).toBe("/about");
  });
});
