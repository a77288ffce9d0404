import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { ContentError, ContentErrors } from "../../../src/content/read/errors.ts";
import { renderMarkdown } from "../../../src/content/markdown/render.ts";
import { ContentFolder } from "../../../src/content/read/folder.ts";

const dir = mkdtempSync(join(tmpdir(), "markdown-"));
// The folder stands in for content/: images must be inside it.
const place = { dir, folder: new ContentFolder(dir) };
writeFileSync(join(dir, "diagram.png"), "not read here: only its existence matters to the Markdown step");
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const FILE = "content/en/pages/test.md";

/** The messages an author reads for this Markdown, which starts on line 5 of its file. */
async function problems(markdown: string): Promise<string[]> {
  try {
    await renderMarkdown(markdown, { file: FILE, firstLine: 5, place });
  } catch (error) {
    if (error instanceof ContentErrors) return error.errors.map((e) => e.message);
    if (error instanceof ContentError) return [error.message];
    throw error;
  }
  return [];
}

describe("Markdown refuses what could run code or bypass the checks, with file and line", () => {
  it.each([
    ["[a](javascript:alert(1))", "javascript"],
    ["[a](JavaScript:alert(1))", "javascript"],
    ["[a](jav&#x61;script:alert(1))", "javascript"],
    ["[a](&#106;avascript:alert(1))", "javascript"],
    ["[a](java&#9;script:alert(1))", "javascript"],
    ["[a](vbscript:msgbox(1))", "vbscript"],
    ["[a](data:text/html;base64,PHNjcmlwdD4=)", "data"],
    ["<javascript:alert(1)>", "javascript"],
    ["[a][x]\n\n[x]: javascript:alert(1)", "javascript", 9],
  ])("%s", async (markdown, scheme, line = 7) => {
    const [message] = await problems(`Intro.\n\n${markdown}`);
    expect(message).toMatch(new RegExp(`^content/en/pages/test\\.md:${line}: a link to "${scheme}:" is refused`));
  });

  it("keeps https:, mailto:, tel:, site paths and anchors", async () => {
    const { html } = await renderMarkdown(
      "[a](https://example.org) [b](mailto:a@b.example) [c](tel:+4930) [d](/datenschutz#cookies) [e](#top)",
      { file: FILE, firstLine: 1 },
    );
    expect(html).toContain('href="https://example.org"');
    expect(html).toContain('href="mailto:a@b.example"');
    expect(html).toContain('href="/datenschutz#cookies"');
  });

  it("refuses raw HTML instead of dropping the author's text; comments are notes and go", async () => {
    expect(await problems("Text.\n\n<details><summary>More</summary>Hidden</details>\n")).toEqual([
      "content/en/pages/test.md:7: raw HTML (<details…) is not allowed in Markdown: it would bypass the site's checks; write it in Markdown instead",
    ]);
    expect(await problems("A <b>bold</b> word.")).toHaveLength(2);
    const { html } = await renderMarkdown("Before.\n\n<!-- a note for editors -->\n\nAfter.", {
      file: FILE,
      firstLine: 1,
    });
    expect(html).toBe("<p>Before.</p>\n<p>After.</p>");
  });

  it("a malformed %-encoding in a link is an author error, not a crash", async () => {
    expect(await problems("[a](/x%zz)")).toEqual([
      'content/en/pages/test.md:5: "/x%zz" has a malformed %-encoding (a % must be followed by two hex digits; write %25 for a literal %)',
    ]);
  });

  it("images: alt text required, a file next to the page required, rendered by the build's renderer", async () => {
    expect(await problems("![](./diagram.png)")).toEqual([
      expect.stringMatching(/^content\/en\/pages\/test\.md:5: the image \.\/diagram\.png has no alt text/),
    ]);
    expect(await problems("![Flow](./missing.png)")).toEqual([
      "content/en/pages/test.md:5: the image ./missing.png is missing: no such file next to this page",
    ]);
    expect(await problems("![Flow](https://cdn.example/x.png)")).toEqual([
      expect.stringMatching(/must be a file next to this page/),
    ]);
    expect(await problems("![Flow](data:image/png;base64,AAAA)")).toEqual([
      expect.stringMatching(/must be a file next to this page/),
    ]);
    const seen: string[] = [];
    const { html } = await renderMarkdown("One.\n\n![How requests flow](./diagram.png)", {
      file: FILE,
      firstLine: 10,
      place,
      image: async (image) => {
        seen.push(`${image.alt} ${image.line} ${image.index} ${image.path === join(dir, "diagram.png")}`);
        return { type: "element", tagName: "picture", properties: {}, children: [] };
      },
    });
    expect(seen).toEqual(["How requests flow 12 0 true"]);
    expect(html).toBe("<p>One.</p>\n<p><picture></picture></p>");
  });

  it("tables, block quotes, lists and headings with anchors", async () => {
    const { html, headings } = await renderMarkdown(
      "## Costs and benefits\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n\n> Quote\n\n- one\n- two",
      { file: FILE, firstLine: 1 },
    );
    expect(html).toContain('<h2 id="costs-and-benefits">Costs and benefits</h2>');
    expect(html).toContain("<table>");
    expect(html).toContain("<blockquote>");
    expect(headings).toEqual([{ id: "costs-and-benefits", text: "Costs and benefits" }]);
  });

  it("property: any text is either refused with a ContentError or yields no javascript:, vbscript: or data: URL", async () => {
    const pieces = fc.constantFrom(
      "[x](",
      "](",
      ")",
      "<",
      ">",
      "javascript:",
      "JaVa\tScRiPt:",
      "vbscript:",
      "data:",
      "&#x61;",
      "&#106;",
      "![a](",
      "%",
      "%zz",
      "\n",
      "\r\n",
      " ",
      "<a href=",
      '"',
      "*",
      "#",
      "|",
      "---",
      "[r]: ",
      "[r]",
      "<!--",
      "-->",
      "`",
    );
    const text = fc
      .array(fc.oneof(pieces, fc.string({ maxLength: 8 })), { maxLength: 24 })
      .map((parts) => parts.join(""));
    await fc.assert(
      fc.asyncProperty(text, async (markdown) => {
        try {
          const { html } = await renderMarkdown(markdown, { file: FILE, firstLine: 1, place });
          for (const [, url = ""] of html.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
            const scheme = /^([a-z][a-z0-9+.-]*):/.exec(
              url
                .replace(/&#x?[0-9a-f]+;/gi, "")
                // biome-ignore lint/suspicious/noControlCharactersInRegex: the browser ignores these inside a URL, so the test must too
                .replace(/[\u0000-\u0020]/g, "")
                .toLowerCase(),
            )?.[1];
            expect(["javascript", "vbscript", "data"]).not.toContain(scheme);
          }
        } catch (error) {
          if (!(error instanceof ContentErrors || error instanceof ContentError)) throw error;
        }
      }),
      { numRuns: 400 },
    );
  });
});
