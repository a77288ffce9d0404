// What both typing tests type into the editor's body, key by key, and the Markdown it must save: the paragraph
// starts that lost their first word (issue 54: "A", "I", "1"), a German quote, an umlaut, an emoji, a list and a
// heading. Chromium's spec (editor-typing.spec.ts) and WebKit's (tests/webkit/editor-typing.test.ts) each add their
// own last line; no Playwright here, since the WebKit test imports it.

/** Paragraph by paragraph: what is typed (Enter between them) and what the saved Markdown holds. */
const PARAGRAPHS: { typed: string; saved: string }[] = [
  { typed: "A test sentence.", saved: "A test sentence." },
  { typed: "I think so.", saved: "I think so." },
  { typed: "1 one.", saved: "1 one." },
  { typed: "„Wir beraten Sie.“", saved: "„Wir beraten Sie.“" },
  { typed: "Ärger vermeiden wir.", saved: "Ärger vermeiden wir." },
  { typed: "✅ Done.", saved: "✅ Done." },
  // "- " starts a list, Enter twice ends it; "## " starts a heading.
  { typed: "- A first item\nI second item\n", saved: "- A first item\n- I second item" },
  { typed: "## A heading", saved: "## A heading" },
];

/** The keys typed, each paragraph ended by Enter, ready for the test's own last line. */
export const TYPED_BODY = PARAGRAPHS.map((paragraph) => `${paragraph.typed}\n`).join("");

/** The saved body's Markdown for TYPED_BODY followed by `last` (what the last line saves as). */
export const savedBody = (last: string): string =>
  [...PARAGRAPHS.map((paragraph) => paragraph.saved), last].join("\n\n");
