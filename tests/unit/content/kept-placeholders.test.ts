// npm run dev's worker keeps each content file's placeholders and, after a save, reads only the files the watcher
// named: what it gives must be what reading every file gives, after a file is edited, added and deleted.
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { ContentFolder } from "../../../src/content/read/folder.ts";
import { findPlaceholders, KeptPlaceholders } from "../../../src/content/rules/placeholders.ts";
import { copyOfContent } from "../../support/content.ts";

const copy = copyOfContent("kept-placeholders-");
afterAll(copy.cleanup);

it("after each save, reading only the changed files gives what reading every file gives", () => {
  const folder = new ContentFolder(copy.dir);
  const kept = new KeptPlaceholders();
  expect(kept.find(folder)).toEqual(findPlaceholders(folder));
  const article = join(copy.dir, "en/pages/insights/rag-agents.md");
  copy.edit("en/pages/insights/rag-agents.md", (text) => `${text}\nTODO: a figure here.\n`);
  const added = join(copy.dir, "de/pages/insights/neu.md");
  writeFileSync(added, "---\ntitle: Neu\ndescription: Max Mustermann schreibt.\n---\n\nPLATZHALTER\n");
  const afterSaves = kept.find(folder, [article, added]);
  expect(afterSaves).toEqual(findPlaceholders(folder));
  expect(afterSaves.map((found) => found.text)).toEqual(expect.arrayContaining(["TODO", "Mustermann", "PLATZHALTER"]));
  rmSync(added);
  expect(kept.find(folder, [added])).toEqual(findPlaceholders(folder));
  expect(kept.find(folder, [added]).map((found) => found.text)).not.toContain("PLATZHALTER");
});
