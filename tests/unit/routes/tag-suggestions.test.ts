import { expect, it } from "vitest";
import type { Page } from "../../../src/content/types.ts";
import { collectTags } from "../../../src/routes/tags.ts";

// Issue 42: a tag's did-you-mean looks only among the tags of its own language. "Chatbot" is the German word too, and
// "Wissensmanagement" must not be offered "Knowledge management", however many English pages use it.
const page = (lang: string, file: string, tags: string[]) =>
  ({
    lang,
    file,
    meta: { tags },
    keyLines: Object.fromEntries(tags.map((_, i) => [`tags[${i}]`, 5 + i])),
  }) as unknown as Page;

it("a German tag is never told to become the English one; a near spelling in its own language is", () => {
  const { warnings } = collectTags([
    page("en", "content/en/pages/a.md", ["Chatbots", "Knowledge management"]),
    page("en", "content/en/pages/b.md", ["Chatbots", "Knowledge management"]),
    page("de", "content/de/pages/a.md", ["Chatbot", "Wissensmanagement"]),
    page("de", "content/de/pages/b.md", ["Chatbot"]),
    page("de", "content/de/pages/c.md", ["Chatbots"]),
  ]);
  const messages = warnings.map((warning) => warning.message);
  // The German "Chatbots" (1 page) is told about the German "Chatbot" (2 pages), with its file and line.
  expect(messages).toEqual([
    'content/de/pages/c.md:5: tags[0]: "Chatbots" is a tag of 1 page, "Chatbot" of 2: did you mean "Chatbot"? (tags that differ only in case or spaces are one already)',
  ]);
});
