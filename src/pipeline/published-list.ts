import { readFileSync } from "node:fs";
import { writeFileAtomic } from "../cache/atomic.ts";
import { join } from "node:path";
import { PUBLISHED_FILE, publishedText } from "../content/rules/published.ts";
import type { RouteModel } from "../routes/model.ts";
import { publishedAddresses } from "../routes/moved.ts";

/**
 * Adds the addresses this build published to content/published.yaml (never removes one), and writes the file
 * only when that changed it. Returns the addresses added. Called after a live build succeeded (npm run build,
 * not a preview): the author commits the file with the change that published them.
 */
export function recordPublished(model: RouteModel): string[] {
  const { folder, published } = model.content;
  const root = `${folder.display(folder.root)}/`;
  const entries = new Map(published.map((entry) => [entry.address, entry.to ?? entry.file.replace(root, "")]));
  // A renamed tag's line names where it moved, so its redirect stays once the new tag is listed too.
  for (const { address, to } of model.tagMoves) entries.set(address, to);
  const added: string[] = [];
  for (const { address, file } of publishedAddresses(model)) {
    if (entries.has(address)) continue;
    entries.set(address, file);
    added.push(address);
  }
  const path = join(folder.root, PUBLISHED_FILE);
  const text = publishedText([...entries].map(([address, file]) => ({ address, file })));
  let before: string | undefined;
  try {
    before = readFileSync(path, "utf8");
  } catch {
    before = undefined;
  }
  if (before !== text) writeFileAtomic(path, text);
  return added;
}
