import { describe, expect, it } from "vitest";
import { attributeOf, startTags, textOf, tokensOf } from "../../../../src/pipeline/html/reader.ts";

// The one reader of built HTML: what the checks and the hyphenation rely on it for.
describe("the built-HTML reader", () => {
  it("reads a script's text as text, never as tags, up to its end tag in any case", () => {
    const html = '<p>a</p><script type="module">if (a<b && "<div id=x>") go()</SCRIPT><div id="y"></div>';
    expect([...startTags(html)].map((tag) => tag.name)).toEqual(["p", "script", "div"]);
    const raw = [...tokensOf(html)].filter((token) => token.raw).map((token) => token.text);
    expect(raw).toEqual(['if (a<b && "<div id=x>") go()']);
  });

  it("keeps a quoted > inside a tag, and gives each token's offset in the page", () => {
    const html = '<a title="1 > 0" href="/x">one</a>';
    const [open, text, close] = [...tokensOf(html)];
    expect(open).toMatchObject({ kind: "start", name: "a", at: 0, text: '<a title="1 > 0" href="/x">' });
    expect(attributeOf(open?.text ?? "", "href")).toBe("/x");
    expect(text).toMatchObject({ kind: "text", text: "one", at: 27 });
    expect(close).toMatchObject({ kind: "end", name: "a", at: 30 });
  });

  it("leaves comments and tags out of the text, character references kept", () => {
    expect(textOf("<h2>Costs <!-- note --><em>&amp;</em> gains</h2>")).toBe("Costs &amp; gains");
  });
});
