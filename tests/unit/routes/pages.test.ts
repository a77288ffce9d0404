import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { ContentErrors } from "../../../src/content/read/errors.ts";
import { build, OutputError } from "../../../src/pipeline/index.ts";
import { contentWith, copyOfContent, page as written } from "../../support/content.ts";

let copy: ReturnType<typeof copyOfContent> | undefined;
const outRoot = mkdtempSync(join(tmpdir(), "pages-out-"));
afterEach(() => copy?.cleanup());

/** A copy made by this test, removed after it. */
const site = (files: Record<string, string>) => {
  copy = contentWith(files);
  return copy;
};

/** A page whose front matter values are quoted YAML strings. */
const page = (front: Record<string, string | boolean>, body?: string) => written(front, body, { quoted: true });

/** A section "cases" with two dated pages in both languages, the German one under localized URLs. */
const CASES = {
  "en/pages/cases/index.md": page({ title: "Case studies", description: "What we built." }, "Our work."),
  "de/pages/cases/index.md": page(
    { title: "Referenzen", description: "Was wir gebaut haben.", slug: "referenzen" },
    "Unsere Arbeit.",
  ),
  "en/pages/cases/older.md": page({
    title: "Older case",
    description: "An older one.",
    date: "2026-03-01",
    summary: "Older summary.",
  }),
  "de/pages/cases/older.md": page({
    title: "Älterer Fall",
    description: "Ein älterer.",
    date: "2026-03-01",
    summary: "Ältere Zusammenfassung.",
    slug: "aelter",
  }),
  "en/pages/cases/newer.md": page({
    title: "Newer case",
    description: "A newer one.",
    date: "2026-11-02",
    summary: "Newer summary.",
  }),
  "de/pages/cases/newer.md": page({
    title: "Neuerer Fall",
    description: "Ein neuerer.",
    date: "2026-11-02",
    summary: "Neuere Zusammenfassung.",
    slug: "neuer",
  }),
};

async function buildInto(dir: string, name: string, options: { drafts?: boolean } = {}) {
  const outDir = join(outRoot, name);
  const result = await build({ contentDir: dir, outDir, ...options });
  return { ...result, outDir, read: (file: string) => readFileSync(join(outDir, file), "utf8") };
}

async function failure(
  dir: string,
  name: string,
  options: { drafts?: boolean; strict?: boolean } = {},
): Promise<string[]> {
  const error = await build({ contentDir: dir, outDir: join(outRoot, name), ...options }).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (error instanceof ContentErrors) return error.errors.map((e) => e.message.replace(/content-\w+\//g, "content/"));
  if (error instanceof OutputError) return error.messages;
  throw new Error(`expected the build to fail, got ${String(error)}`);
}

describe("pages and sections from Markdown", () => {
  it("a front-matter image becomes a responsive picture in the section's list and the page's link preview", async () => {
    const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: { r: 79, g: 70, b: 229 } } })
      .png()
      .toBuffer();
    const dir = site({
      ...CASES,
      "en/pages/cases/newer.md": page({
        title: "Newer case",
        description: "A newer one.",
        date: "2026-11-02",
        summary: "Newer.",
        image: "./flow.png",
        imageAlt: "How requests flow",
        linkPreview: "image",
      }),
    }).dir;
    writeFileSync(join(dir, "en/pages/cases/flow.png"), png);
    const { read, outDir } = await buildInto(dir, "images");
    const picture = /<picture>([\s\S]*?)<\/picture>/.exec(read("cases.html"))?.[1] ?? "";
    expect(picture).toMatch(
      /<source type="image\/avif" srcSet="\/assets\/flow-\w{8}-480\.avif 480w, \/assets\/flow-\w{8}-960\.avif 960w, \/assets\/flow-\w{8}-1200\.avif 1200w"/,
    );
    expect(picture).toMatch(
      /<img src="\/assets\/flow-\w{8}-1200\.jpg" width="1200" height="600" alt="How requests flow" loading="lazy" decoding="async"\/>/,
    );
    const fallback = /src="\/(assets\/flow-\w{8}-1200\.jpg)"/.exec(picture)?.[1] ?? "";
    expect(existsSync(join(outDir, fallback))).toBe(true);
    expect(read("cases/newer.html")).toContain(
      `<meta property="og:image" content="https://www.leap-ai.example/${fallback}"/>`,
    );
  });

  it("a front-matter image that is not there fails with file, line and key", async () => {
    const messages = await failure(
      site({
        ...CASES,
        "en/pages/cases/newer.md": page({
          title: "Newer case",
          description: "A newer one.",
          date: "2026-11-02",
          image: "./missing.png",
          imageAlt: "Nothing",
        }),
      }).dir,
      "missing-image",
    );
    expect(messages).toEqual([
      "content/en/pages/cases/newer.md:5: image: no image file ./missing.png next to this page",
    ]);
  });

  it("a page and a section: files, localized slugs, the list newest first with dates in each language's format", async () => {
    const { read, outDir } = await buildInto(site(CASES).dir, "section");
    for (const file of [
      "cases.html",
      "cases/newer.html",
      "cases/older.html",
      "de/referenzen.html",
      "de/referenzen/neuer.html",
      "de/referenzen/aelter.html",
    ]) {
      expect(existsSync(join(outDir, file)), file).toBe(true);
    }
    const list = read("cases.html");
    expect(list.indexOf("Newer case")).toBeLessThan(list.indexOf("Older case"));
    expect(list).toContain('href="/cases/newer"');
    expect(list).toContain("2 November 2026");
    expect(list).toContain("Newer summary.");
    const german = read("de/referenzen.html");
    expect(german).toContain('href="/de/referenzen/neuer"');
    expect(german).toContain("2. November 2026");
    // The language button leads to the counterpart under its own slug.
    expect(read("de/referenzen/aelter.html")).toMatch(/<a class="lang-switch" href="\/cases\/older"/);
    expect(read("cases/older.html")).toMatch(/<a class="lang-switch" href="\/de\/referenzen\/aelter"/);
  });

  it("each section has an Atom feed per language, linked from the head and listed newest first", async () => {
    const { read } = await buildInto(site(CASES).dir, "feed");
    const feed = read("de/referenzen/feed.xml");
    expect(feed).toMatch(
      /^<\?xml version="1.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom" xml:lang="de">/,
    );
    expect(feed.indexOf("Neuerer Fall")).toBeLessThan(feed.indexOf("Älterer Fall"));
    expect(feed).toContain("<updated>2026-11-02T00:00:00Z</updated>");
    expect(read("de/referenzen.html")).toContain(
      '<link rel="alternate" type="application/atom+xml" href="/de/referenzen/feed.xml"',
    );
    expect(read("cases/newer.html")).toContain('href="/cases/feed.xml"');
  });

  it("a page without its counterpart fails a strict build naming both files (this site says translations: complete)", async () => {
    const messages = await failure(
      site({ "en/pages/about.md": page({ title: "About", description: "Who we are." }) }).dir,
      "counterpart",
      { strict: true },
    );
    expect(messages.filter((message) => !message.includes("placeholder"))).toEqual([
      "content/en/pages/about.md: has no counterpart in de: content/de/pages/about.md does not exist (site.yaml says translations: complete): translate it, or choose Translations: Some languages only (translations: partial in its front matter) to publish it in some languages only",
    ]);
  });

  it("a slug that collides with another page fails naming both files", async () => {
    const messages = await failure(
      site({
        "en/pages/about.md": page({ title: "About", description: "Who we are." }),
        "de/pages/about.md": page({ title: "Über uns", description: "Wer wir sind.", slug: "datenschutz" }),
      }).dir,
      "collision",
    );
    expect(messages).toEqual([
      expect.stringMatching(
        /^content\/de\/pages\/(about|privacy)\.md(:\d+: slug)?: its URL \/de\/datenschutz is already taken by content\/de\/pages\/(privacy|about)\.md/,
      ),
    ]);
  });

  it("front matter is checked with file, line and key", async () => {
    const messages = await failure(
      site({
        "en/pages/about.md": page({ title: "About", description: "Who we are.", colour: "blue" }),
        "de/pages/about.md": page({ title: "Über uns", description: "Wer wir sind.", date: "23.11.2026" }),
      }).dir,
      "front-matter",
    );
    expect(messages).toContainEqual(
      expect.stringMatching(/^content\/en\/pages\/about\.md:\d+: colour: is not a key here/),
    );
    expect(messages).toContainEqual(
      'content/de/pages/about.md:4: date: must be a date written YYYY-MM-DD, e.g. 2026-11-16 (not "23.11.2026")',
    );
  });

  it("drafts: built with a marker by npm run dev, never written by the build, never listed, fed or in the sitemap", async () => {
    const draft = {
      ...CASES,
      "en/pages/cases/draft.md": page({
        title: "Draft case",
        description: "Not yet.",
        date: "2026-11-20",
        summary: "Draft summary.",
        draft: true,
      }),
      "de/pages/cases/draft.md": page({
        title: "Entwurfsfall",
        description: "Noch nicht.",
        date: "2026-11-20",
        summary: "Entwurf.",
        draft: true,
        slug: "entwurf",
      }),
    };
    const dir = site(draft).dir;
    const published = await buildInto(dir, "drafts-build");
    expect(existsSync(join(published.outDir, "cases/draft.html"))).toBe(false);
    expect(published.read("cases.html")).not.toContain("Draft case");
    expect(published.read("cases/feed.xml")).not.toContain("Draft case");
    expect(published.read("sitemap.xml")).not.toContain("/cases/draft");

    const dev = await buildInto(dir, "drafts-dev", { drafts: true });
    const shown = dev.read("cases/draft.html");
    expect(shown).toContain("Draft case");
    expect(shown).toContain('<p class="draft-badge">Draft – not published</p>');
    expect(shown).toContain('<meta name="robots" content="noindex"/>');
    expect(dev.read("sitemap.xml")).not.toContain("/cases/draft");
    expect(dev.read("cases/feed.xml")).not.toContain("Draft case");
  });

  it("a published page that links to a draft fails the build and says it is a draft", async () => {
    const dir = site({
      ...CASES,
      "en/pages/cases/newer.md": page(
        { title: "Newer case", description: "A newer one.", date: "2026-11-02", summary: "Newer." },
        "See [the next one](/cases/next).",
      ),
      "en/pages/cases/next.md": page({ title: "Next", description: "Soon.", date: "2026-11-22", draft: true }),
      "de/pages/cases/next.md": page({ title: "Nächster", description: "Bald.", date: "2026-11-22", draft: true }),
    }).dir;
    const messages = await failure(dir, "draft-link");
    expect(messages).toEqual([
      expect.stringMatching(
        /^content-\w+\/en\/pages\/cases\/newer\.md:8: broken link \/cases\/next: a draft: content-\w+\/en\/pages\/cases\/next\.md has draft: true; publish it or remove the link$/,
      ),
    ]);
  });

  it("menus come from common.yaml and from a page's nav front matter, in every language", async () => {
    const { read } = await buildInto(
      site({
        ...CASES,
        "en/pages/about.md": page({ title: "About", description: "Who we are." }).replace(
          "---\n\n",
          "nav: { menu: footer, label: About us }\n---\n\n",
        ),
        "de/pages/about.md": page({ title: "Über uns", description: "Wer wir sind.", slug: "ueber-uns" }).replace(
          "---\n\n",
          "nav: { menu: footer, label: Über uns }\n---\n\n",
        ),
      }).dir,
      "menus",
    );
    expect(read("index.html")).toMatch(/<footer[\s\S]*<a href="\/about">About us<\/a>/);
    expect(read("de/index.html")).toMatch(/<footer[\s\S]*<a href="\/de\/ueber-uns">Über uns<\/a>/);
  });

  it("a menu entry that leads nowhere names the file, the line and the key", async () => {
    copy = copyOfContent();
    copy.edit("en/common.yaml", (text) => text.replace('to: "#expertise"', "to: expertize"));
    const messages = await failure(copy.dir, "menu-typo");
    const line =
      readFileSync(join(copy.dir, "en/common.yaml"), "utf8")
        .split("\n")
        .findIndex((text) => text.includes("to: expertize")) + 1;
    // The German menu still leads to #expertise: the likeliest meaning.
    expect(messages).toEqual([
      `content/en/common.yaml:${line}: header.nav[1].to: "expertize" is no page: did you mean "#expertise"?`,
    ]);
  });

  it("a menu entry far from every page says what a target may be", async () => {
    copy = copyOfContent();
    copy.edit("en/common.yaml", (text) => text.replace("to: insights }", "to: blog }"));
    const messages = await failure(copy.dir, "menu-unknown");
    const line =
      readFileSync(join(copy.dir, "en/common.yaml"), "utf8")
        .split("\n")
        .findIndex((text) => text.includes("to: blog")) + 1;
    expect(messages).toContainEqual(
      `content/en/common.yaml:${line}: header.nav[2].to: "blog" is no page: use "#section-id", home, impressum or the path of a file under pages/ without .md`,
    );
  });
});

process.on("exit", () => rmSync(outRoot, { recursive: true, force: true }));
