import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOf, type Content, contentWith, outOf } from "../../support/build.ts";

// Issue 46: a cache entry damaged from outside (a host's restore, a disk error, a tool writing through dist/assets'
// hard links) is dropped and made again with one warning naming the cache; the build never fails because of it and
// never publishes the damaged bytes. Each cache's entries are damaged three ways: flipped bytes, truncated, replaced.
let content: Content;
let caches: string;
const cache = (name: string) => join(caches, name);
const options = () => ({
  imageCache: cache("images"),
  previewCache: cache("cards"),
  editorCache: cache("editor"),
  threads: false,
});
/** Every file of the first build's output, by path: what each later build must publish again, byte for byte. */
let published: Map<string, Buffer>;

const filesIn = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();

beforeAll(async () => {
  content = contentWith({});
  caches = mkdtempSync(join(tmpdir(), "damaged-caches-"));
  await buildOf(content, options());
  published = new Map(filesIn(outOf(content)).map((file) => [file, readFileSync(join(outOf(content), file))]));
}, 120_000);
afterAll(() => {
  content?.cleanup();
  if (caches) rmSync(caches, { recursive: true, force: true });
});

const DAMAGES: [string, (file: string, other: string) => void][] = [
  [
    "flipped bytes",
    (file) => {
      // In place, as a tool writing through a hard link would: the inode stays.
      const bytes = readFileSync(file);
      const at = Math.floor(bytes.length / 2);
      bytes[at] = (bytes[at] ?? 0) ^ 0xff;
      writeFileSync(file, bytes);
    },
  ],
  ["truncated", (file) => writeFileSync(file, readFileSync(file).subarray(0, Math.floor(statSync(file).size / 2)))],
  ["replaced", (file, other) => writeFileSync(file, readFileSync(other))],
];

/**
 * Builds again and expects the first build's output, byte for byte, and one warning naming the cache; and, where
 * `german` names it as German, that warning as npm run build prints it with LANG=de (issue 54).
 */
async function rebuiltWith(cacheName: string, german?: string): Promise<void> {
  const { warnings } = await buildOf(content, options());
  const said = warnings.map((warning) => warning.message).filter((message) => message.includes(cacheName));
  expect(said, warnings.map((warning) => warning.message).join("\n")).toHaveLength(1);
  expect(said[0]).toMatch(/dropped and made again/);
  if (german)
    expect(warnings.map((warning) => warning.messageIn("de")).filter((line) => line.includes(german))).toEqual([
      expect.stringMatching(
        /: verworfen und neu erstellt \(der Bilder-Cache\); nichts zu tun, die Erstellung lief weiter$/,
      ),
    ]);
  const now = filesIn(outOf(content));
  expect(now).toEqual([...published.keys()]);
  for (const file of now)
    expect(readFileSync(join(outOf(content), file)).equals(published.get(file) as Buffer), file).toBe(true);
}

describe("a damaged cache entry is dropped, made again and never published", () => {
  it("the image cache", async () => {
    for (const [, apply] of DAMAGES) {
      const entry = readdirSync(cache("images"))
        .filter((name) => !name.endsWith(".tmp"))
        .sort()[0] as string;
      const files = readdirSync(join(cache("images"), entry))
        .filter((name) => !name.endsWith(".json"))
        .sort();
      apply(join(cache("images"), entry, files[0] as string), join(cache("images"), entry, files[1] as string));
      await rebuiltWith("the image cache", "der Bilder-Cache");
    }
  }, 300_000);

  it("the link-preview card cache", async () => {
    for (const [, apply] of DAMAGES) {
      const [first, second] = readdirSync(cache("cards"))
        .filter((name) => name.startsWith("card-") && !name.endsWith(".tmp"))
        .sort();
      apply(join(cache("cards"), first as string, "card.png"), join(cache("cards"), second as string, "card.png"));
      await rebuiltWith("the link-preview card cache");
    }
  }, 300_000);

  it("the web editor's cache (its rewritten script and the site's editor script)", async () => {
    for (const [, apply] of DAMAGES) {
      const entry = (name: string) =>
        readdirSync(cache("editor")).find((found) => new RegExp(`^${name}-[0-9a-f]{32}$`).test(found)) as string;
      const script = join(cache("editor"), entry("sveltia"), "sveltia-cms.js");
      const site = join(cache("editor"), entry("site-editor"), "site-editor.js");
      apply(script, site);
      await rebuiltWith("the web editor's cache");
      apply(site, script);
      await rebuiltWith("the web editor's cache");
    }
  }, 300_000);
});
