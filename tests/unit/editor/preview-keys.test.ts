import { expect, it } from "vitest";
import { withoutEditorKeys } from "../../../src/editor/browser/live-preview.ts";

// Issue 59's walkthrough: a block added in the editor carries Sveltia's own keys until it is saved, and the preview
// pane posted them to the dev server, which refused every new block ("__sc_item_id: is not a key"). The pane asks
// with the file as Sveltia saves it: the values without those keys, at every depth.
it("the preview's file holds the entry's values without the editor's keys of new list items", () => {
  const entry = {
    title: "Workshop",
    blocks: [
      { type: "text", body: "Neu.", __sc_item_id: "a1b2", __sc_item_original_key_path: "blocks.0" },
      { type: "steps", steps: [{ title: "Eins", text: "Erst.", __sc_item_id: "c3" }], __sc_item_id: "d4" },
    ],
  };
  expect(withoutEditorKeys(entry)).toEqual({
    title: "Workshop",
    blocks: [
      { type: "text", body: "Neu." },
      { type: "steps", steps: [{ title: "Eins", text: "Erst." }] },
    ],
  });
});
