import { expect, it } from "vitest";
import { loadContent } from "../../../src/content/load.ts";
import { editorConfig } from "../../../src/editor/config.ts";
import { editorData } from "../../../src/editor/editor-data.ts";
import type { EditorField } from "../../../src/editor/fields.ts";

// The editor offers the site's existing tags of the entry's language (issue 54): the tags field's item says so, and
// the page's data block carries each language's tags, the most used first.
it("the tags field offers each language's existing tags, and the old addresses field offers none", async () => {
  const content = await loadContent("content");
  const fields = (editorConfig(content.site.locales, undefined).collections[0]?.fields ?? []) as EditorField[];
  const field = (name: string) => fields.find((candidate) => candidate.name === name);
  expect(field("tags")?.field?.site_suggest).toBe("tags");
  expect(field("aliases")?.field?.site_suggest).toBeUndefined();
  const { tags } = editorData(content, { dev: false });
  expect(tags.de?.[0]).toBe("Chatbots");
  expect(tags.de).toEqual(expect.arrayContaining(["Chatbots", "KI-Strategie", "RAG", "ROI", "Wissensmanagement"]));
  expect(tags.en).toEqual(expect.arrayContaining(["Chatbots", "AI strategy", "Knowledge management"]));
  expect(tags.en).not.toContain("KI-Strategie");
});
