import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ContentErrors } from "../../../src/content/read/errors.ts";
import { loadContent } from "../../../src/content/load.ts";
import { copyOfContent } from "../../support/content.ts";

// The invisible-character rule on values as YAML and Markdown decode them (issue 29): an escape in a quoted YAML
// value or a character reference in Markdown is refused with the same message, file and line as the character itself.
let copy: ReturnType<typeof copyOfContent> | undefined;
afterEach(() => copy?.cleanup());

async function messages(file: string, change: (text: string) => string): Promise<string[]> {
  copy = copyOfContent("checks-content-");
  copy.edit(file, change);
  const dir = copy.dir;
  return loadContent(dir).then(
    () => [],
    (error: unknown) => {
      if (!(error instanceof ContentErrors)) throw error;
      return error.errors.map((e) => e.message.replace(dir.split("/").pop() ?? "", "content"));
    },
  );
}
const lineOf = (file: string, needle: string) =>
  readFileSync(join(copy?.dir ?? "", file), "utf8")
    .split("\n")
    .findIndex((line) => line.includes(needle)) + 1;
const refused = (name: string) =>
  `invisible character ${name}: delete it (it never belongs in copy, and can make text read differently from how it is stored)`;

describe("values as decoded", () => {
  it.each([
    ["en/home.yaml", /headline: .*/, 'headline: "Ctrl \\x01 title"', "U+0001 (control character)", "hero.headline"],
    [
      "de/home.yaml",
      /headline: .*/,
      'headline: "KI \\u202E Lösungen"',
      "U+202E (right-to-left override)",
      "hero.headline",
    ],
    ["site.yaml", /name: Leap AI/, 'name: "Leap\\u200BAI"', "U+200B (zero-width space)", "company.name"],
    ["en/common.yaml", /skipLink: .*/, 'skipLink: "Skip\\x0Cto content"', "U+000C (control character)", "skipLink"],
    ["impressum.md", /^title: .*/m, 'title: "Impressum \\uFFFE"', "U+FFFE (noncharacter, not allowed in XML)", "title"],
    ["en/pages/privacy.md", /^title: .*/m, 'title: "Privacy \\x00"', "U+0000 (control character)", "title"],
  ])(
    "%s: an escape in a quoted value is refused with file, line, column and key",
    async (file, pattern, value, name, key) => {
      const found = await messages(file, (text) => text.replace(pattern, value));
      const line = lineOf(file, value.split(":")[0] === "name" ? 'name: "Leap' : value);
      const column = (readFileSync(join(copy?.dir ?? "", file), "utf8").split("\n")[line - 1] ?? "").indexOf('"') + 1;
      expect(found).toEqual([`content/${file}:${line}:${column}: ${key}: ${refused(name)}`]);
    },
  );

  it.each([
    ["&#12;", "U+000C (control character)"],
    ["&#x200B;", "U+200B (zero-width space)"],
    ["&#x202E;", "U+202E (right-to-left override)"],
    ["&#x2066;", "U+2066 (left-to-right isolate)"],
  ])("Markdown: the reference %s is refused at its own line and column", async (reference, name) => {
    const file = "en/pages/insights/rag-agents.md";
    const found = await messages(file, (text) => `${text}\nA last paragraph,\nwith ${reference} in its second line.\n`);
    const line = lineOf(file, `with ${reference}`);
    expect(found).toEqual([`content/${file}:${line}:6: ${refused(name)}`]);
  });

  it("Markdown: a reference in a link's address and in a component's attribute is refused too", async () => {
    const file = "en/pages/insights/rag-agents.md";
    const link = await messages(file, (text) => `${text}\n[A link](https://example.org/&#x202E;gpj.exe)\n`);
    expect(link).toEqual([
      `content/${file}:${lineOf(file, "[A link]")}:30: ${refused("U+202E (right-to-left override)")}`,
    ]);
    copy?.cleanup();
    const attribute = await messages(file, (text) => `${text}\n::cta[Book]{to="home&#x7;"}\n`);
    expect(attribute).toEqual([
      `content/${file}:${lineOf(file, "::cta[Book]")}:21: ${refused("U+0007 (control character)")}`,
    ]);
  });

  it("the characters that stay allowed still load: soft hyphen, no-break space, emoji, escapes of ordinary letters", async () => {
    const found = await messages("en/home.yaml", (text) =>
      text.replace(/headline: .*/, 'headline: "Leap\\u00ADing \\u00A0 into \\U0001F680 the Future \\x41I"'),
    );
    expect(found).toEqual([]);
  });

  // Found by the output property test (seed -607533837): the company's name "A \n<" built pages with trailing
  // whitespace, which their validation refused on every page, far from site.yaml.
  it.each([
    ["site.yaml", /name: Leap AI/, 'name: "A \\n<"', 'name: "A', "company.name"],
    ["en/home.yaml", /headline: .*/, 'headline: "Two\t\\r\\nlines"', 'headline: "Two', "hero.headline"],
    [
      "de/home.yaml",
      /headline: .*/,
      "headline: |\n    Zeile mit Leerzeichen   \n    und eine zweite",
      "headline: |",
      "hero.headline",
    ],
  ])(
    "%s: a space before a line break inside a value is refused with file, line and key",
    async (file, pattern, value, needle, key) => {
      const found = await messages(file, (text) => text.replace(pattern, value));
      const line = lineOf(file, needle);
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(
        new RegExp(
          `^content/${file.replace(".", "\\.")}:${line}:\\d+: ${key.replace(".", "\\.")}: a space before a line break inside the value: delete the space`,
        ),
      );
    },
  );

  it("a line break alone, as a folded or literal block writes one, still loads", async () => {
    const found = await messages("en/home.yaml", (text) =>
      text.replace(/headline: .*/, "headline: |\n    First line\n    second line"),
    );
    expect(found).toEqual([]);
  });
});
