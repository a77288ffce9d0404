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
    'content/de/pages/c.md:5: tags[0]: "Chatbots" is a tag of 1 page, "Chatbot" of 2: did you mean "Chatbot"? (tags that differ only in case or spaces are one already) If "Chatbot" is being renamed to "Chatbots", rename it on its other pages too: its old address then leads to the new tag\'s page',
  ]);
});

// Issue 54's walkthrough: renaming "Chatbots" to "KI-Chatbots" on two German articles, one save at a time. After the
// first save the new name is a near spelling of the old one on as many pages; the German author is told, in German,
// that a rename is finished on the other page, and where the old address then leads.
it("a rename half done is told in the author's language: finish it on the other page", () => {
  const { warnings } = collectTags([
    page("de", "content/de/pages/a.md", ["KI-Chatbots"]),
    page("de", "content/de/pages/b.md", ["Chatbots"]),
  ]);
  expect(warnings.map((warning) => warning.de)).toEqual([
    "„KI-Chatbots“ ist Schlagwort einer Seite, „Chatbots“ einer Seite: war „Chatbots“ gemeint? (Schlagwörter, die sich nur in Groß- und Kleinschreibung oder Leerzeichen unterscheiden, sind schon eines) Wird „Chatbots“ in „KI-Chatbots“ umbenannt: es auch auf der anderen Seite umbenennen; seine alte Adresse führt dann zur Seite des neuen Schlagworts",
  ]);
});

it("a tag the site cannot give a page is refused in each language, with its file, line and the fix", () => {
  const { errors } = collectTags([
    page("de", "content/de/pages/a.md", ["???", "404", "Café"]),
    page("de", "content/de/pages/b.md", ["Cafe"]),
  ]);
  expect(errors.map((error) => error.messageIn("de"))).toEqual([
    "content/de/pages/a.md:5: tags[0]: „???“ kann kein Schlagwort sein: es hat keine Buchstaben oder Ziffern, die die Adresse seiner Seite verwenden könnte (mit lateinischen Buchstaben oder Ziffern schreiben)",
    'content/de/pages/a.md:6: tags[1]: „404“ kann kein Schlagwort sein: die Adresse seiner Seite "404" ist reserviert für die Seite für Adressen, die es nicht gibt: einen anderen Namen wählen',
    "content/de/pages/a.md: tags: die Schlagwörter „Cafe“ und „Café“ hätten dieselbe Adresse …/cafe: sie gleich schreiben, oder in Buchstaben unterscheiden",
  ]);
  expect(errors.map((error) => error.messageIn("en"))[1]).toBe(
    'content/de/pages/a.md:6: tags[1]: "404" cannot be a tag: its list page\'s address "404" is reserved for the page for addresses that do not exist: choose another name',
  );
});
