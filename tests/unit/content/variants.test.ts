import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ContentErrors } from "../../../src/content/read/errors.ts";
import { loadContent } from "../../../src/content/load.ts";
import { copyOfContent } from "../../support/content.ts";

// Text that follows a setting: the privacy policy's "contact form" blocks, through the real loader.
let copy: ReturnType<typeof copyOfContent> | undefined;
afterEach(() => copy?.cleanup());

const lineOf = (dir: string, file: string, needle: string) =>
  readFileSync(join(dir, file), "utf8")
    .split("\n")
    .findIndex((text) => text.includes(needle)) + 1;

async function privacyHtml(delivery: string) {
  copy = copyOfContent();
  if (delivery !== "simulated")
    copy.edit("site.yaml", (text) => text.replace("delivery: simulated", `delivery: ${delivery}`));
  const content = await loadContent(copy.dir);
  const html = (lang: string) =>
    content.pages.find((page) => page.key === "privacy" && page.lang === lang)?.html ?? "(no page)";
  return { en: html("en"), de: html("de") };
}

async function errorsAfter(change: (text: string) => string): Promise<string[]> {
  copy = copyOfContent();
  copy.edit("en/pages/privacy.md", change);
  const dir = copy.dir;
  try {
    await loadContent(dir);
  } catch (error) {
    expect(error).toBeInstanceOf(ContentErrors);
    return (error as ContentErrors).errors.map((e) => e.message.replace(/content-\w+\//g, "content/"));
  }
  throw new Error("expected the broken content to be rejected");
}

describe("the privacy policy's contact form paragraphs", () => {
  it("simulated: says nothing is transmitted, in both languages, and not a word of the delivery case", async () => {
    const { en, de } = await privacyHtml("simulated");
    expect(en).toContain("the form does not transmit messages to a server");
    expect(en).toContain("Should messages ever be delivered to a server");
    expect(en).not.toContain("our own receiver for contact messages");
    expect(de).toContain("übermittelt das Formular keine Nachrichten an einen Server");
    expect(de).not.toContain("unseren eigenen Empfänger");
    // The markers are notes for the author, never part of the page.
    expect(en + de).not.toContain("contact form:");
  });

  it("/api/contact: says where messages go and what the receiver keeps, in both languages, and not the simulated case", async () => {
    const { en, de } = await privacyHtml("/api/contact");
    expect(en).toContain("our own receiver for contact messages");
    expect(en).toContain("for 24 hours");
    expect(en).toContain("one-way hash");
    expect(en).not.toContain("does not transmit messages");
    expect(en).not.toContain("Should messages ever be delivered");
    expect(de).toContain("unseren eigenen Empfänger für Kontaktnachrichten");
    expect(de).toContain("Einweg-Hash");
    expect(de).not.toContain("übermittelt das Formular keine Nachrichten");
    expect(de).not.toContain("Sollten Nachrichten künftig");
  });

  it("another form back-end's URL counts as delivery too", async () => {
    const { en } = await privacyHtml("https://formspree.io/f/abcdwxyz");
    expect(en).not.toContain("does not transmit messages");
  });

  it("a block without its delivery case is refused at its first line, saying what to write", async () => {
    const messages = await errorsAfter((text) => {
      const start = text.indexOf("<!-- contact form: delivery -->");
      const end = text.indexOf("<!-- contact form: end -->");
      return text.slice(0, start) + text.slice(end);
    });
    const line = lineOf(copy?.dir ?? "", "en/pages/privacy.md", "<!-- contact form: simulated -->");
    expect(messages).toEqual([
      `content/en/pages/privacy.md:${line}: the "contact form" block has no "delivery" case: write what the page says then, after <!-- contact form: delivery -->`,
    ]);
  });

  it("a misspelt case, a block left open and a stray end are each refused with their line", async () => {
    const misspelt = await errorsAfter((text) =>
      text.replace("<!-- contact form: delivery -->", "<!-- contact form: delivered -->"),
    );
    const line = lineOf(copy?.dir ?? "", "en/pages/privacy.md", "<!-- contact form: delivered -->");
    expect(misspelt).toEqual([
      `content/en/pages/privacy.md:${line}: "delivered" is not a case of "contact form": write simulated, delivery, end`,
    ]);

    const open = await errorsAfter((text) => {
      const last = text.lastIndexOf("<!-- contact form: end -->");
      return text.slice(0, last) + text.slice(last + "<!-- contact form: end -->".length);
    });
    const lines = readFileSync(join(copy?.dir ?? "", "en/pages/privacy.md"), "utf8").split("\n");
    const lastOpen = lines.findLastIndex((text) => text.includes("<!-- contact form: simulated -->")) + 1;
    expect(open).toEqual([
      `content/en/pages/privacy.md:${lastOpen}: the "contact form" block is never closed: end it with <!-- contact form: end -->`,
    ]);

    const stray = await errorsAfter((text) => `${text}\n<!-- contact form: end -->\n`);
    const strayLine = readFileSync(join(copy?.dir ?? "", "en/pages/privacy.md"), "utf8").split("\n").length - 1;
    expect(stray).toEqual([
      `content/en/pages/privacy.md:${strayLine}: <!-- contact form: end --> closes nothing: no "contact form" block is open`,
    ]);
  });

  it("other comments stay notes, whatever their colons", async () => {
    const { en } = await (async () => {
      copy = copyOfContent();
      copy.edit("en/pages/privacy.md", (text) => `${text}\n<!-- note: end -->\n\nStill here.\n`);
      const content = await loadContent(copy.dir);
      return { en: content.pages.find((page) => page.key === "privacy" && page.lang === "en")?.html ?? "" };
    })();
    expect(en).toContain("Still here.");
  });
});
