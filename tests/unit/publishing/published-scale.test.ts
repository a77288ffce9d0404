// content/published.yaml at the size of a large site: one line per address a site ever published. At 10,000 pages
// the list passed the 512 KB every other content file is held to (about 8,100 addresses), and every build after the
// first was refused. A list of 12,000 addresses builds, twice (the second time incrementally, into the same output),
// and stays one compact line per address.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ContentError } from "../../../src/content/read/errors.ts";
import { ContentFolder } from "../../../src/content/read/folder.ts";
import { PUBLISHED_FILE, PUBLISHED_LIMIT, readPublished } from "../../../src/content/rules/published.ts";
import { build } from "../../../src/pipeline/index.ts";
import { TEST_VALIDATION_CACHE } from "../validation-cache.ts";
import { cleanup, siteWith, md, tempDir } from "./site.ts";

afterAll(cleanup);

/** A page taken down on purpose: the addresses it once had are left alone by the moved-page guard. */
const ARCHIVE = "en/pages/insights/archive.md";
const GENERATED = 12_000;
const generated = Array.from(
  { length: GENERATED },
  (_, n) => `/insights/archive-${String(n).padStart(5, "0")}: ${ARCHIVE}`,
);

describe("content/published.yaml with 12,000 addresses", () => {
  it("builds twice, the second time incrementally with a page added, and keeps one line per address", async () => {
    const dir = siteWith({ [ARCHIVE]: md({ title: "Archive", description: "Old notes.", draft: "true" }) });
    const listFile = join(dir, PUBLISHED_FILE);
    const site = readFileSync(listFile, "utf8");
    // The site's own addresses (its pages and tag pages), already in the list it was copied with.
    const own = site.split("\n").filter((line) => line.startsWith("/")).length;
    writeFileSync(listFile, `${site}${generated.join("\n")}\n`);
    expect(readFileSync(listFile).length).toBeGreaterThan(512 * 1024);
    const outDir = tempDir("dist");
    const options = { contentDir: dir, outDir, validationCache: TEST_VALIDATION_CACHE, recordPublished: true };

    await build(options);
    // Nothing new was published; the list, appended to out of order, is written back sorted.
    const addressesOf = () =>
      readFileSync(listFile, "utf8")
        .split("\n")
        .filter((line) => line.startsWith("/"));
    const sorted = (lines: string[]) => {
      const keys = lines.map((line) => line.slice(0, line.indexOf(": ")));
      return keys.every((key, at) => at === 0 || (keys[at - 1] as string) < key);
    };
    expect(sorted(addressesOf())).toBe(true);
    expect(addressesOf()).toHaveLength(GENERATED + own);

    writeFileSync(
      join(dir, "en/pages/insights/new-notes.md"),
      md({ title: "New notes", description: "A new article.", date: "2026-11-20" }, "Fresh text."),
    );
    const second = await build(options);
    expect(second.files.filter((file) => file.includes("new-notes"))).toHaveLength(1);
    const addresses = addressesOf();
    expect(addresses).toHaveLength(GENERATED + own + 1);
    expect(addresses).toContain("/insights/new-notes: en/pages/insights/new-notes.md");
    expect(sorted(addresses)).toBe(true);
    // Compact: each line is the address and its file, nothing else.
    for (const line of addresses) expect(line).toMatch(/^\/[^\s:]*: [^\s]+$/);
  }, 240_000);

  it("a list past its own limit (32 MB, about 500,000 addresses) is refused with its size and what to do", () => {
    const dir = siteWith({});
    const line = "/insights/a-page-with-a-long-address-of-its-own: en/pages/insights/a-page-with-a-long-name.md\n";
    writeFileSync(join(dir, PUBLISHED_FILE), line.repeat(Math.ceil((PUBLISHED_LIMIT.bytes + 1) / line.length)));
    const refused = (() => {
      try {
        readPublished(new ContentFolder(dir));
      } catch (error) {
        return error;
      }
      return "accepted";
    })();
    const refusal = refused instanceof ContentError ? refused.message : String(refused);
    expect(refusal).toBe(
      "content/published.yaml: is 32.0 MB; it may have at most 32.0 MB (about 500,000 addresses; delete the lines of pages that are gone for good and are no longer linked to, whose old addresses may answer 404)",
    );
    // And for a German author (issue 54), with a German decimal comma.
    expect(refused instanceof ContentError && refused.messageIn("de")).toBe(
      "content/published.yaml: ist 32,0 MB groß; sie darf höchstens 32,0 MB groß sein (etwa 500.000 Adressen; die Zeilen der Seiten löschen, die für immer weg sind und auf die nichts mehr verlinkt: ihre alten Adressen dürfen 404 antworten)",
    );
  });

  it("a line edited by hand still gets YAML's reading and its messages", () => {
    const dir = siteWith({});
    writeFileSync(join(dir, PUBLISHED_FILE), '"/insights/rag-agents": en/pages/insights/rag-agents.md # kept\n');
    const { entries, errors } = readPublished(new ContentFolder(dir));
    expect(errors).toEqual([]);
    expect(entries.map(({ address, line }) => [address, line])).toEqual([["/insights/rag-agents", 1]]);
  });
});
