import { afterEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ContentErrors } from "../../../src/content/read/errors.ts";
import { loadContent } from "../../../src/content/load.ts";
import { EN as SPEC_MESSAGES_EN } from "../shared/form/fixtures.ts";
import { copyOfContent } from "../../support/content.ts";

let copy: ReturnType<typeof copyOfContent> | undefined;
afterEach(() => copy?.cleanup());

/** 1-based line of the first line containing `needle`, read from the edited file itself. */
const lineOf = (dir: string, file: string, needle: string) =>
  readFileSync(join(dir, file), "utf8")
    .split("\n")
    .findIndex((text) => text.includes(needle)) + 1;

/** Loads a broken copy and returns the messages the author would read. */
async function errorsAfter(setup: (c: ReturnType<typeof copyOfContent>) => void): Promise<string[]> {
  copy = copyOfContent();
  setup(copy);
  try {
    await loadContent(copy.dir);
  } catch (error) {
    expect(error).toBeInstanceOf(ContentErrors);
    // The copy lives in a folder like /tmp/content-abc123; authors see "content/...".
    return (error as ContentErrors).errors.map((e) => e.message.replace(/content-\w+\//g, "content/"));
  }
  throw new Error("expected the broken content to be rejected");
}

const content = await loadContent();

describe("the real content", () => {
  const langs = content.locales.map((locale) => locale.code);
  const privacy = (lang: string) => content.pages.find((page) => page.key === "privacy" && page.lang === lang);

  it("loads every language of site.yaml", () => {
    expect(langs).toEqual(["en", "de"]);
    for (const lang of langs) {
      expect(content.langs[lang]?.home.services.cards).toHaveLength(4);
      expect(privacy(lang)?.headings.length).toBeGreaterThan(5);
    }
  });

  it("fills the business constants into the English messages exactly as the spec words them", () => {
    const form = content.langs.en?.form;
    expect(form?.errors).toEqual(SPEC_MESSAGES_EN);
    expect(form?.toasts.wait.text).toBe("Please wait 30 seconds before submitting again.");
  });

  it("fills site facts into the legal texts and leaves no placeholder behind", () => {
    const html = [
      content.impressum.sections.map((s) => s.html).join(""),
      privacy("en")?.html,
      privacy("de")?.html,
    ].join("");
    expect(html).toContain(content.site.legal.vatId);
    expect(html).not.toMatch(/\{\{|\}\}/);
  });

  it("puts the footer year and company name into the copyright line", () => {
    expect(content.langs.en?.common.footer.copyright).toBe("© 2024 Leap AI. All rights reserved.");
  });
});

describe("content errors name the file, the line and the key", () => {
  it("malformed YAML: file, line and column", async () => {
    const [message] = await errorsAfter((c) =>
      c.edit("en/home.yaml", (t) => t.replace("  bookMeeting: Book a Meeting", "  bookMeeting: [Book a Meeting")),
    );
    expect(message).toMatch(/^content\/en\/home\.yaml:\d+:\d+: invalid YAML/);
  });

  it("a value of the wrong shape: file, the line it stands on, and key path", async () => {
    const messages = await errorsAfter((c) =>
      c.edit("site.yaml", (t) => t.replace("simulatedDelayMs: 1000", "simulatedDelayMs: soon")),
    );
    const line = lineOf(copy?.dir ?? "", "site.yaml", "simulatedDelayMs: soon");
    expect(messages).toEqual([
      expect.stringMatching(new RegExp(`^content/site\\.yaml:${line}: form\\.simulatedDelayMs: `)),
    ]);
  });

  it("a wrong value deep in a list names its index", async () => {
    const messages = await errorsAfter((c) =>
      c.edit("en/home.yaml", (t) => t.replace("      label: Always On", "      label: 7")),
    );
    const line = lineOf(copy?.dir ?? "", "en/home.yaml", "label: 7");
    expect(messages).toEqual([
      expect.stringMatching(new RegExp(`^content/en/home\\.yaml:${line}: expertise\\.stats\\[1\\]\\.label: `)),
    ]);
  });

  it("an unknown key (a typo) is rejected with its path", async () => {
    const messages = await errorsAfter((c) =>
      c.edit("en/form.yaml", (t) => t.replace("submit: Send Message", "submitt: Send Message")),
    );
    expect(messages.join("\n")).toMatch(/content\/en\/form\.yaml:\d+.*submitt/);
  });

  it("a missing German key names the key and both files", async () => {
    const messages = await errorsAfter((c) =>
      c.edit("de/home.yaml", (t) => t.replace("\n  getInTouch: Kontakt aufnehmen", "")),
    );
    expect(messages).toContainEqual(
      expect.stringMatching(
        /^content\/de\/home\.yaml:\d+: hero\.getInTouch: "hero\.getInTouch" is missing here but exists in content\/en\/home\.yaml:\d+/,
      ),
    );
  });

  it("a list entry one language lacks is a parity error too", async () => {
    const messages = await errorsAfter((c) =>
      c.edit("de/home.yaml", (t) => t.replace("    - Ergebnisorientiert\n", "")),
    );
    expect(messages.join("\n")).toContain("hero.badges[2]");
    expect(messages.join("\n")).toContain("content/en/home.yaml");
  });

  it("a broken front matter reports the line in the Markdown file", async () => {
    const [message] = await errorsAfter((c) =>
      c.edit("en/pages/privacy.md", (t) => t.replace(/^title: .*$/m, "title: [unclosed")),
    );
    expect(message).toMatch(/^content\/en\/pages\/privacy\.md:\d+:\d+: invalid YAML/);
  });

  it("an unknown {{placeholder}} in Markdown names its line", async () => {
    const [message] = await errorsAfter((c) =>
      c.edit("impressum.md", (t) => t.replace("{{legal.vatId}}", "{{legal.vatNumber}}")),
    );
    expect(message).toMatch(/^content\/impressum\.md:\d+: unknown placeholder \{\{legal\.vatNumber\}\}/);
  });

  it("an unknown {placeholder} in page copy is an error, not text on the page", async () => {
    const messages = await errorsAfter((c) =>
      c.edit("de/home.yaml", (t) =>
        t.replace("heading: KI-Leistungen, die sich rechnen", "heading: KI-Leistungen für {firma}"),
      ),
    );
    expect(messages).toEqual(["content/de/home.yaml: unknown placeholder {firma}: nothing fills it in this file"]);
  });

  it("every problem is reported at once, so an author fixes them in one pass", async () => {
    const messages = await errorsAfter((c) => {
      c.edit("site.yaml", (t) => t.replace("copyrightYear: 2024", "copyrightYear: twenty"));
      c.edit("en/common.yaml", (t) => t.replace("skipLink: Skip to main content", "skipLink: ''"));
    });
    expect(messages.some((m) => m.includes("copyrightYear"))).toBe(true);
    expect(messages.some((m) => m.includes("skipLink"))).toBe(true);
  });
});
