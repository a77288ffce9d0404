import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { formatProblem } from "../../../src/content/read/errors.ts";
import { headingSlug } from "../../../src/content/markdown/heading-ids.ts";
import { markdownOrigins } from "../../../src/pipeline/checks/markdown-origin.ts";
import { htmlProblem, validateDocument } from "../../../src/pipeline/checks/validate.ts";
import { buildOf, cleanup, siteWith, md } from "./site.ts";

afterAll(cleanup);

// Every heading shape marketing copy uses, in a page with a table of contents, built for real.
const SHAPES = [
  "2026 outlook",
  "5 ways to start",
  "1. Do you have the data?",
  "???",
  "!!!",
  "2026 outlook",
  "日本語の見出し",
  "Обзор рынка",
  "हिन्दी शीर्षक",
  "Über uns",
];
const page = () =>
  md(
    { title: "Headings", description: "Every shape of heading.", toc: "true" },
    SHAPES.map((shape) => `## ${shape}\n\nText under ${shape}.`).join("\n\n"),
  );

describe("heading ids", () => {
  it("builds every heading shape with valid, unique ids the table of contents links to", async () => {
    const built = await buildOf(siteWith({ "en/pages/headings.md": page(), "de/pages/headings.md": page() }));
    expect(built.messages.filter((line) => !line.includes("placeholder"))).toEqual([]);
    expect(built.ok).toBe(true);
    const html = readFileSync(join(built.outDir, "headings.html"), "utf8");
    const ids = [...html.matchAll(/<h2 id="([^"]+)"/g)].map((match) => match[1]).filter((id) => id !== "toc-heading");
    expect(ids).toEqual([
      "h-2026-outlook",
      "h-5-ways-to-start",
      "h-1-do-you-have-the-data",
      "h",
      "h-1",
      "h-2026-outlook-1",
      "日本語の見出し",
      "обзор-рынка",
      "हनद-शरषक",
      "über-uns",
    ]);
    for (const id of ids) expect(html).toContain(`<a href="#${id}">`);
    // The privacy policy's anchors, which menus and other sites link to, stay as they were.
    const privacy = readFileSync(join(built.outDir, "datenschutz.html"), "utf8");
    expect(privacy).toContain('id="embedded-videos"');
    expect(privacy).toContain('id="cookies"');
  });

  it("keeps a phone number in a link on one line, and reports what the checker still finds at the Markdown line", async () => {
    const body = ["Intro.", "Call us on [+49 30 1234 5678](tel:+493012345678)."].join("\n\n");
    const content = siteWith({
      "en/pages/call.md": md({ title: "Call", description: "Call us." }, body),
      "de/pages/call.md": md({ title: "Anruf", description: "Rufen Sie an." }),
    });
    const built = await buildOf(content);
    expect(built.messages).toEqual([]);
    if (!built.ok) return;
    const html = readFileSync(join(built.outDir, "call.html"), "utf8");
    expect(html).toContain(">+49\u00a030\u00a01234\u00a05678</a>");
    // The same page as if the number had kept its spaces: html-validate's own finding, traced back to the text.
    const spaced = html.replace("+49\u00a030\u00a01234\u00a05678", "+49 30 1234 5678");
    const found = (await validateDocument(spaced, "call.html")).map(htmlProblem);
    const traced = markdownOrigins(found, built.result.model, () => spaced).map(formatProblem);
    expect(traced).toEqual([
      `content/en/pages/call.md:8: a phone number in a link must not break across lines: write it without spaces (" " should be replaced with "&nbsp;" (non-breaking space) in telephone number) in call.html [tel-non-breaking]`,
    ]);
  });

  it("gives the same words the same id in every build", () => {
    expect(headingSlug("1. Do you have the data?")).toBe(headingSlug("1. Do you have the data?"));
    expect(headingSlug("Data security")).toBe("data-security");
  });

  it("refuses, at the Markdown line, what the HTML checker would refuse in the built page", async () => {
    const body = ["Intro.", "# A second title", "## Fine", "#### Too deep", "##", "Read [](/datenschutz) first."].join(
      "\n\n",
    );
    const built = await buildOf(
      siteWith({
        "en/pages/broken.md": md({ title: "Broken", description: "Broken headings." }, body),
        "de/pages/broken.md": md({ title: "Kaputt", description: "Kaputte Überschriften." }),
      }),
    );
    expect(built.ok).toBe(false);
    expect(built.messages).toEqual([
      "content/en/pages/broken.md:8: # A second title: a # heading would be a second page title (the title in the front matter is the page's only #): write ## A second title",
      "content/en/pages/broken.md:12: #### Too deep: skips a level below the ## above it: write ### Too deep (headings go one level deeper at a time, so screen readers can outline the page)",
      "content/en/pages/broken.md:14: ##: the heading has no words: write them after the #s, or remove the line",
      "content/en/pages/broken.md:16: the link to /datenschutz has no text: write what it leads to between the brackets, [Our privacy policy](/datenschutz)",
    ]);
    // The same four in German (issue 54): each says the fix in Markdown's words too.
    expect(built.ok === false && built.german).toEqual([
      "content/en/pages/broken.md:8: # A second title: eine Überschrift # wäre ein zweiter Seitentitel (der Titel im Kopf der Seite ist ihr einziges #): ## A second title schreiben",
      "content/en/pages/broken.md:12: #### Too deep: überspringt eine Ebene unter der Überschrift ## darüber: ### Too deep schreiben (Überschriften gehen eine Ebene nach der anderen tiefer, damit Screenreader die Gliederung der Seite zeigen können)",
      "content/en/pages/broken.md:14: ##: die Überschrift hat keine Worte: sie hinter die # schreiben, oder die Zeile entfernen",
      "content/en/pages/broken.md:16: der Link zu /datenschutz hat keinen Text: zwischen die eckigen Klammern schreiben, wohin er führt, [Unsere Datenschutzerklärung](/datenschutz)",
    ]);
  });
});
