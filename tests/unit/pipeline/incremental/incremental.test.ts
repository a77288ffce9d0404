import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSite } from "../../../support/generate-site.ts";
import { Incremental } from "../../../../src/pipeline/incremental/reuse.ts";
import { copyOf } from "../../../../src/pipeline/incremental/index.ts";
import { stateDir } from "../../../../src/pipeline/incremental/manifest.ts";
import { build, planBuild } from "../../../../src/pipeline/index.ts";
import { buildAtomically } from "../../../../src/pipeline/swap.ts";
import { TEST_VALIDATION_CACHE } from "../../validation-cache.ts";
import { differences } from "../../../support/tree.ts";
import type { IndexFile } from "../../../../src/search/browser/engine.ts";
import { SEARCH_INDEX } from "../../../../src/search/browser/paths.ts";
import { indexTerms } from "../../../../src/search/browser/terms.ts";
import { partsOf } from "../../../../src/search/compounds.ts";

// Correct before fast: after each kind of change an author or developer makes, the incremental dist/ must be
// byte for byte what a cold build of the same content writes. The site is the real content plus 120 generated
// pages in two sections (two list pages each), so a page that should have been rendered again and was not shows.
const work = mkdtempSync(join(tmpdir(), "incremental-"));
const content = join(work, "content");
const incremental = join(work, "incremental");
const cold = join(work, "cold");
const cacheDir = join(work, "build-cache");
const validationCache = join(work, "validated.json");

/** The build's day, which the cases move on (a scheduled page goes live). */
let today = "2026-11-24";
/** The plan npm run build makes: its input key is what the nothing-changed check compares. */
const plan = ({ recordPublished = false } = {}) =>
  planBuild({
    contentDir: content,
    outDir: incremental,
    validationCache,
    incremental: true,
    buildCache: cacheDir,
    today,
    recordPublished,
  });
const inputs = () => {
  const found = plan().inputs;
  if (!found) throw new Error("test setup: an incremental plan has inputs");
  return found;
};

async function incrementalBuild({ recordPublished = false } = {}) {
  return build(plan({ recordPublished }));
}

async function coldBuild() {
  rmSync(cold, { recursive: true, force: true });
  return build({ contentDir: content, outDir: cold, validationCache: TEST_VALIDATION_CACHE, today });
}

const edit = (file: string, change: (text: string) => string) => {
  const path = join(content, file);
  const before = readFileSync(path, "utf8");
  const after = change(before);
  if (after === before) throw new Error(`test setup: the edit of ${file} changed nothing`);
  writeFileSync(path, after);
};

const ARTICLE = "en/pages/bench/section-1/page-7.md";
const SHARED_IMAGE = "media/shared-diagram.png";
const FIGURE = "en/pages/bench/section-1/figure.png";

const png = (r: number) =>
  sharp({ create: { width: 240, height: 120, channels: 3, background: { r, g: 70, b: 229 } } })
    .png()
    .toBuffer();

beforeAll(async () => {
  await generateSite(content, 120, false);
  mkdirSync(join(content, "media"), { recursive: true });
  writeFileSync(join(content, SHARED_IMAGE), await png(10));
  edit(ARTICLE, (text) => `${text}\n\n![A shared diagram](/${SHARED_IMAGE})\n`);
  // A figure next to the English article only: its German translation names it too, and shows the English one.
  writeFileSync(join(content, FIGURE), await png(90));
  for (const lang of ["en", "de"])
    edit(ARTICLE.replace(/^en\//, `${lang}/`), (text) => `${text}\n\n![A figure](./figure.png)\n`);
  await incrementalBuild();
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("an incremental build writes what a cold build writes", () => {
  const cases: [string, () => void | Promise<void>, (reused: { loaded: number; rendered: number }) => void][] = [
    [
      "one article's text",
      () => edit(ARTICLE, (text) => text.replace("We start from the work", "We begin with the work")),
      (reused) => expect(reused).toMatchObject({ loaded: 1, rendered: 1 }),
    ],
    [
      "its title, which its section's list shows",
      () => edit(ARTICLE, (text) => text.replace(/^title: .*$/m, "title: A page with a new title")),
      (reused) => expect(reused.loaded).toBe(1),
    ],
    [
      "a menu label",
      () => edit("en/common.yaml", (text) => text.replace("label: Insights", "label: Articles")),
      () => {},
    ],
    [
      "a section's index",
      () => edit("de/pages/bench/section-0/index.md", (text) => `${text}\nEin weiterer Absatz.\n`),
      (reused) => expect(reused.loaded).toBe(1),
    ],
    [
      "site.yaml",
      () => edit("site.yaml", (text) => text.replace(/phone: "?\+49[^\n]*/, 'phone: "+49 30 9876 5432"')),
      () => {},
    ],
    [
      "a shared image",
      async () => writeFileSync(join(content, SHARED_IMAGE), await png(200)),
      (reused) => expect(reused).toMatchObject({ loaded: 1, rendered: 1 }),
    ],
    [
      "the translation's own image of the name it shared with its original",
      async () => writeFileSync(join(content, FIGURE.replace(/^en\//, "de/")), await png(160)),
      // The German page is read again (the file it looked for is there now); a new file renders more than its page.
      (reused) => expect(reused.loaded).toBe(1),
    ],
    [
      "a deleted page (and the link to it changed)",
      () => {
        rmSync(join(content, "de/pages/bench/section-1/page-3.md"));
        edit("de/pages/bench/section-1/page-2.md", (text) => text.replace("section-1/page-3", "section-1/page-4"));
      },
      () => {},
    ],
    [
      "a tag added to an article (its tag's list page, the related reading of others)",
      () => edit(ARTICLE, (text) => text.replace(/^tags: \[/m, "tags: [incremental-probe, ")),
      (reused) => expect(reused.loaded).toBe(1),
    ],
    [
      "a page scheduled for a later day",
      () =>
        writeFileSync(
          join(content, "en/pages/bench/section-0/scheduled.md"),
          "---\ntitle: A scheduled page\ndescription: Goes live on the first of December.\ndate: 2026-12-01\n---\n\nLater.\n",
        ),
      () => {},
    ],
    [
      "the day it goes live",
      () => {
        today = "2026-12-01";
      },
      (reused) => expect(reused.loaded).toBe(0),
    ],
    [
      "an added page",
      () =>
        writeFileSync(
          join(content, "en/pages/bench/section-0/added.md"),
          "---\ntitle: An added page\ndescription: Added by the test.\ndate: 2026-05-05\n---\n\nNew text.\n",
        ),
      () => {},
    ],
    [
      "the text of the newest article, which its section's feed carries in full",
      () => edit("en/pages/bench/section-0/added.md", (text) => text.replace("New text.", "Newer text.")),
      (reused) => expect(reused).toMatchObject({ loaded: 1, rendered: 1 }),
    ],
  ];

  for (const [name, change, expectReuse] of cases) {
    it(`after ${name}`, async () => {
      await change();
      const { reused } = await incrementalBuild();
      await coldBuild();
      expect(differences(incremental, cold)).toEqual([]);
      expectReuse(reused ?? { loaded: -1, rendered: -1 });
    }, 120_000);
  }
});

describe("the search index's shards", () => {
  /** The shard files of a language's index in the incremental output, by name. */
  const shards = (lang: string) => new Set(readdirSync(join(incremental, SEARCH_INDEX.shardFolder, lang)));

  it("new words in one page: the incremental shards are the cold build's, and only the shards of their terms are new files", async () => {
    await incrementalBuild();
    const before = shards("en");
    edit(ARTICLE, (text) => `${text}\n\nZymurgist quaternion.\n`);
    await incrementalBuild();
    await coldBuild();
    expect(differences(incremental, cold)).toEqual([]);
    const after = shards("en");
    const manifest = JSON.parse(readFileSync(join(incremental, SEARCH_INDEX.file("en")), "utf8")) as IndexFile;
    // The shard of each of the new words' terms (the longest key that starts it), and the pages' file, whose field
    // lengths of the page changed: these are new files, and no other is.
    const keys = Object.keys(manifest.shards);
    const touched = ["zymurgist", "quaternion"]
      .flatMap((word) => indexTerms(partsOf(word, "en"), "en"))
      .map((term) => keys.filter((key) => term.startsWith(key)).sort((a, b) => b.length - a.length)[0]);
    const expected = new Set([
      manifest.pages,
      ...touched.map((key) => manifest.shards[key ?? ""] ?? `no shard of ${key}`),
    ]);
    expect(new Set([...after].filter((name) => !before.has(name)))).toEqual(expected);
    // Every other shard keeps its name, so a visitor's copy of it (kept a year) is still the one the manifest names:
    // the names gone are the earlier versions of the touched ones (a touched key may be new, with none before).
    const stem = (name: string) => name.replace(/-[0-9a-f]{12}\.json$/, "");
    const gone = [...before].filter((name) => !after.has(name)).map(stem);
    expect(gone.length).toBeGreaterThan(0);
    expect([...expected].map(stem)).toEqual(expect.arrayContaining(gone));
  }, 240_000);
});

describe("what an incremental build trusts", () => {
  const restore = (write: (temp: string) => void) => buildAtomically(incremental, async (temp) => write(temp));
  const unchanged = () => new Incremental(cacheDir, incremental, inputs()).unchanged(restore);

  it("nothing changed: the last build's output stands, and comes back from the cache where dist/ is gone", async () => {
    const { reused } = await incrementalBuild();
    expect(reused).toMatchObject({ loaded: 0, rendered: 0 });
    expect(await unchanged()).toMatchObject({ restored: false });
    // A host's fresh checkout: node_modules/.cache kept, dist/ not.
    rmSync(incremental, { recursive: true });
    const summary = await unchanged();
    expect(summary).toMatchObject({ restored: true });
    expect(summary?.pages).toBeGreaterThan(120);
    await coldBuild();
    expect(differences(incremental, cold)).toEqual([]);
  }, 120_000);

  it("a live build that adds its addresses to content/published.yaml leaves nothing to do for the next", async () => {
    await incrementalBuild({ recordPublished: true });
    expect(readFileSync(join(content, "published.yaml"), "utf8")).toContain("/bench/section-0/scheduled");
    expect(await unchanged()).toMatchObject({ restored: false });
  }, 120_000);

  it("a file of dist/ changed by hand: nothing of the last build is trusted", async () => {
    const page = join(incremental, "index.html");
    writeFileSync(page, readFileSync(page, "utf8").replace("</body>", "<!-- touched --></body>"));
    expect(await unchanged()).toBeUndefined();
    const { reused } = await incrementalBuild();
    expect(reused?.rendered).toBeGreaterThan(120);
    await coldBuild();
    expect(differences(incremental, cold)).toEqual([]);
  }, 120_000);

  it("the cache's copy changed by hand, dist/ not: nothing changed stands, and an edit takes nothing from the copy", async () => {
    await incrementalBuild();
    // A new file where the copy's was (another inode): dist/'s hard link still holds what the build wrote.
    const copied = join(copyOf(stateDir(cacheDir, incremental)), "index.html");
    rmSync(copied);
    writeFileSync(copied, "<!doctype html><title>changed in the cache</title>");
    expect(await unchanged()).toMatchObject({ restored: false });
    edit(ARTICLE, (text) => `${text}\n\nA paragraph after the copy was changed.\n`);
    const { reused } = await incrementalBuild();
    expect(reused?.rendered).toBeGreaterThan(120);
    await coldBuild();
    expect(differences(incremental, cold)).toEqual([]);
  }, 120_000);

  it("another version of the build's code: every cache is void", async () => {
    const other = { ...inputs(), code: "another version of the code" };
    const { reused } = await build({
      contentDir: content,
      outDir: incremental,
      validationCache,
      incremental: other,
      buildCache: cacheDir,
    });
    expect(reused?.loaded).toBeGreaterThan(100);
    expect(reused?.rendered).toBeGreaterThan(100);
  }, 120_000);
});
