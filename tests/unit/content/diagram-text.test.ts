import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/** The prose column at 375 px: the viewport less the container's 20 px on each side. */
const COLUMN_AT_375 = 375 - 2 * 20;
/** The authors' rule (content/README.md, Images): no text in a diagram smaller than this at 375 px. */
const MIN_TEXT_PX = 12;

/** Every image a Markdown page of content/ shows, with the SVG it was drawn from when one lies next to it. */
function diagrams(dir = "content"): { page: string; image: string; drawing: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return diagrams(path);
    if (!entry.name.endsWith(".md") || path === join("content", "README.md")) return [];
    return [...readFileSync(path, "utf8").matchAll(/!\[[^\]]*\]\(\.\/([^)\s]+)\.(?:png|jpe?g|webp|svg)\)/g)].flatMap(
      (match) => {
        const base = join(dir, match[1] ?? "");
        // A phone shows the portrait variant where there is one.
        const drawing = [`${base}.narrow.svg`, `${base}.svg`].find((candidate) => existsSync(candidate));
        return drawing ? [{ page: path, image: match[0], drawing }] : [];
      },
    );
  });
}

describe("diagrams drawn in SVG", () => {
  const found = diagrams();

  it("are found next to the articles", () => {
    expect(found.length).toBeGreaterThanOrEqual(4);
  });

  it.each(found.map((diagram) => [diagram.drawing, diagram]))(
    `%s has no text under ${MIN_TEXT_PX} px at 375 px`,
    (_, { drawing }) => {
      const svg = readFileSync(drawing, "utf8");
      const width = Number(/<svg\b[^>]*\bviewBox="[\d.]+ [\d.]+ ([\d.]+)/.exec(svg)?.[1]);
      const sizes = [...svg.matchAll(/font-size="([\d.]+)"/g)].map((match) => Number(match[1]));
      expect(sizes.length).toBeGreaterThan(0);
      const smallest = (Math.min(...sizes) * Math.min(COLUMN_AT_375, width)) / width;
      expect(smallest).toBeGreaterThanOrEqual(MIN_TEXT_PX);
    },
  );
});
