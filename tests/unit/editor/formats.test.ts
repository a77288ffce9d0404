import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { pageFormat, SOURCE_KEY, Sources, yamlFormat } from "../../../src/editor/browser/formats.ts";
import { sameValue } from "../../../src/editor/browser/yaml-edit.ts";

// The editor's reader and writer of content files (registered as its custom formats), on the real content:
// what the author did not change comes back byte for byte, what they changed changes only there.
const PAGE_DEFAULTS = { draft: false, linkPreview: "card", toc: false };
const files = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(md|yaml)$/.test(entry.name) && entry.name !== "README.md")
    .map((entry) => join(entry.parentPath, entry.name));

/** What the editor hands the writer for an untouched file: its fields, every toggle filled in, texts trimmed. */
function asTheEditorSavesIt(content: Record<string, unknown>): Record<string, unknown> {
  const trimmed = JSON.parse(JSON.stringify(content), (_key, value: unknown) =>
    typeof value === "string" ? value.trim() : value,
  ) as Record<string, unknown>;
  return "body" in content ? { ...PAGE_DEFAULTS, ...trimmed } : trimmed;
}

/** Lines of `after` that `before` does not have and the other way round. */
function changedLines(before: string, after: string) {
  const a = before.split("\n");
  const b = after.split("\n");
  return { removed: a.filter((line) => !b.includes(line)), added: b.filter((line) => !a.includes(line)) };
}

describe("an edit-free save", () => {
  it.each(files("content"))("gives %s back byte for byte", (file) => {
    const text = readFileSync(file, "utf8");
    const format = file.endsWith(".md") ? pageFormat(new Sources(), PAGE_DEFAULTS) : yamlFormat(new Sources(), {});
    const read = format.fromFile(text);
    expect(read[SOURCE_KEY]).toEqual(expect.any(String));
    expect(format.toFile(asTheEditorSavesIt(read))).toBe(text);
  });
});

describe("a save with changes", () => {
  const page = "content/en/pages/insights/chatbot-roi.md";

  it("changes only the changed value's line, in the file's own quoting, and keeps the body as it was", () => {
    const text = readFileSync(page, "utf8");
    const format = pageFormat(new Sources(), PAGE_DEFAULTS);
    const read = format.fromFile(text);
    const saved = format.toFile({ ...asTheEditorSavesIt(read), title: 'The ROI of a chatbot: "what counts"' });
    expect(changedLines(text, saved)).toEqual({
      removed: ["title: How to judge the ROI of an AI chatbot project"],
      added: ['title: "The ROI of a chatbot: \\"what counts\\""'],
    });
    expect(saved.split("---\n").slice(2).join("---\n")).toBe(text.split("---\n").slice(2).join("---\n"));
  });

  it("adds a key after the one before it in the schema's order, and removes a cleared one with its line", () => {
    const text = readFileSync(page, "utf8");
    const format = pageFormat(new Sources(), PAGE_DEFAULTS);
    const read = asTheEditorSavesIt(format.fromFile(text));
    const { imageAlt: _alt, image: _image, ...withoutImage } = read;
    const keys = Object.keys(read);
    const withWeight = Object.fromEntries(
      keys.flatMap((key) =>
        key === "date"
          ? [
              [key, read[key]],
              ["weight", 3],
            ]
          : [[key, read[key]]],
      ),
    );
    const added = format.toFile(withWeight);
    expect(changedLines(text, added)).toEqual({ removed: [], added: ["weight: 3"] });
    expect(added.indexOf("weight: 3")).toBe(added.indexOf("\n", added.indexOf("date:")) + 1);
    const cleared = format.toFile({ ...withoutImage, image: "", imageAlt: "" });
    expect(changedLines(text, cleared).added).toEqual([]);
    expect(changedLines(text, cleared).removed).toEqual([
      expect.stringMatching(/^image: /),
      expect.stringMatching(/^imageAlt: /),
    ]);
  });

  it("a list item added or removed touches that item's lines only, folded texts elsewhere stay folded", () => {
    const file = "content/en/home.yaml";
    const text = readFileSync(file, "utf8");
    const format = yamlFormat(new Sources(), {});
    const read = asTheEditorSavesIt(format.fromFile(text)) as { services: { cards: { title: string }[] } };
    const [first, ...rest] = read.services.cards;
    const removed = format.toFile({ ...read, services: { ...read.services, cards: rest } });
    expect(changedLines(text, removed).added).toEqual([]);
    expect(parse(removed).services.cards).toEqual(rest);
    // The writer keeps the text it last wrote as the file's text: the next save starts from the file as read again.
    const again = asTheEditorSavesIt(format.fromFile(text)) as typeof read;
    const moved = format.toFile({ ...again, services: { ...again.services, cards: [...rest, first] } });
    expect(parse(moved).services.cards.map((card: { title: string }) => card.title)).toEqual(
      [...rest, first].map((card) => card?.title),
    );
    expect(changedLines(text, moved)).toEqual({ removed: [], added: [] });
  });

  it("publishing keys (#30): a tag added stays in the file's [a, b] list on its line, new keys come in the schema's order", () => {
    const text = readFileSync(page, "utf8");
    const format = pageFormat(new Sources(), PAGE_DEFAULTS);
    const read = asTheEditorSavesIt(format.fromFile(text)) as Record<string, unknown> & { tags: string[] };
    const tagged = format.toFile({ ...read, tags: [...read.tags, "Costs"] });
    expect(changedLines(text, tagged)).toEqual({
      removed: ["tags: [Chatbots, ROI, AI strategy]"],
      added: ["tags: [Chatbots, ROI, AI strategy, Costs]"],
    });
    // As the page form lists them: date, publishDate, expiryDate, lastmod, aliases, tags.
    const scheduled = asTheEditorSavesIt(format.fromFile(text));
    const entries = Object.entries(scheduled).flatMap(([key, value]) =>
      key === "date"
        ? [
            [key, value],
            ["publishDate", "2026-12-01"],
            ["expiryDate", "2027-06-30"],
            ["lastmod", "2026-12-02"],
            ["aliases", ["/insights/old-roi"]],
          ]
        : [[key, value]],
    );
    const added = format.toFile(Object.fromEntries(entries));
    expect(changedLines(text, added).removed).toEqual([]);
    const front = added.split("---\n")[1] ?? "";
    expect(front).toContain(
      "date: 2026-11-16\npublishDate: 2026-12-01\nexpiryDate: 2027-06-30\nlastmod: 2026-12-02\naliases:\n  - /insights/old-roi\ntags:",
    );
    expect(parse(front)).toMatchObject({ publishDate: "2026-12-01", aliases: ["/insights/old-roi"] });
  });

  it("a page the editor creates leaves out what the author left empty or at the schema's default", () => {
    const format = pageFormat(new Sources(), PAGE_DEFAULTS);
    const created = format.toFile({
      title: "Nur auf Deutsch",
      description: "Eine Seite: ohne Übersetzung.",
      slug: "",
      draft: false,
      date: "",
      linkPreview: "card",
      toc: false,
      body: "Text.",
    });
    expect(created).toBe('---\ntitle: Nur auf Deutsch\ndescription: "Eine Seite: ohne Übersetzung."\n---\n\nText.\n');
  });
});

describe("whatever the author changes", () => {
  // Random edits of real files: texts replaced (quotes, colons, line breaks, #), list items cut, added and
  // moved. Whichever way the writer takes (a value replaced in place, lines cut or added, the document
  // written anew), the file reads back as exactly what the editor handed it.
  const text = readFileSync("content/en/home.yaml", "utf8");
  const tricky = fc.oneof(
    fc.string(),
    fc.constantFrom("a: b", "# not a comment", '"quoted"', "it's", "- item", "true", "2026", "x\ny", "  spaced  "),
  );
  const edit = fc.record({
    path: fc.nat(),
    value: tricky,
    cut: fc.option(fc.nat(), { nil: undefined }),
    insert: fc.option(fc.tuple(fc.nat(), tricky), { nil: undefined }),
  });

  it("reads back as what the editor handed the writer", () => {
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 4 }), (edits) => {
        const data = parse(text) as Record<string, unknown>;
        const leaves: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [];
        const lists: unknown[][] = [];
        const walk = (node: unknown) => {
          if (Array.isArray(node)) lists.push(node);
          if (typeof node !== "object" || node === null) return;
          for (const [key, value] of Object.entries(node)) {
            if (typeof value === "string")
              leaves.push({ parent: node as Record<string, unknown>, key: Array.isArray(node) ? Number(key) : key });
            else walk(value);
          }
        };
        walk(data);
        for (const { path, value, cut, insert } of edits) {
          const leaf = leaves[path % leaves.length];
          if (leaf) (leaf.parent as Record<string | number, unknown>)[leaf.key] = value;
          const list = lists[path % lists.length];
          if (list && cut !== undefined && list.length > 1) list.splice(cut % list.length, 1);
          if (list && insert && typeof list[0] === "string") list.splice(insert[0] % (list.length + 1), 0, insert[1]);
        }
        const written = yamlFormat(new Sources(), {}).toFile(data);
        const expected = JSON.parse(JSON.stringify(data), (_key, value: unknown) =>
          typeof value === "string" ? value.trim() : value,
        );
        expect(sameValue(parse(written), expected)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
