/**
 * Issue 21, hostile content round two: images and SVGs, paths out of content/, reserved addresses, deep
 * nesting, characters XML forbids, plausible dates and titles counted as read. Every case runs the real
 * loader or the real build on a temporary copy of content/ and reads the messages an author reads.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ContentErrors } from "../../../src/content/read/errors.ts";
import { loadContent } from "../../../src/content/load.ts";
import { build, OutputError } from "../../../src/pipeline/index.ts";
import { describeFailure } from "../../../src/pipeline/report.ts";
import { pngClaiming } from "../pipeline/images/fake-png.ts";
import { KNOWN_ATTACKS } from "../pipeline/images/svg-attacks.ts";
import { copyOfContent } from "../../support/content.ts";
import { loadWithWatchdog } from "./watchdog.ts";
import { TEST_VALIDATION_CACHE } from "../validation-cache.ts";

let copy: ReturnType<typeof copyOfContent> | undefined;
let outside: string | undefined;
afterEach(() => {
  copy?.cleanup();
  if (outside) rmSync(outside, { recursive: true, force: true });
  copy = outside = undefined;
});

const withoutTempName = (message: string) => message.replace(/content-\w+\//g, "content/");
const messagesOf = (error: unknown): string[] => {
  if (error instanceof ContentErrors) return error.errors.map((e) => e.message.replace(/content-\w+\//g, "content/"));
  if (error instanceof OutputError) return error.messages.map((p) => p.replace(/content-\w+\//g, "content/"));
  throw error;
};

/** A fresh copy of content/, and beside it a folder that is not content (a stand-in for the rest of the machine). */
function setUp(): NonNullable<typeof copy> {
  copy = copyOfContent();
  outside = `${copy.dir}-elsewhere`;
  mkdirSync(outside);
  return copy;
}
const write = (file: string, text: string | Buffer) => {
  const path = join(copy?.dir ?? "", file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
};
const lineOf = (file: string, needle: string) =>
  readFileSync(join(copy?.dir ?? "", file), "utf8")
    .split(/\r?\n/)
    .findIndex((line) => line.includes(needle)) + 1;
const loadErrors = () => loadContent(copy?.dir).then(() => [] as string[], messagesOf);

/** The real build (images included) into a dist/ that holds an earlier good build; returns the messages and whether dist/ changed. */
async function buildTwice(change: () => void): Promise<{ messages: string[]; distUnchanged: boolean }> {
  const outDir = `${copy?.dir}-dist`;
  await build({ contentDir: copy?.dir, outDir, validationCache: TEST_VALIDATION_CACHE });
  const snapshot = () =>
    readdirSync(outDir, { recursive: true })
      .map(String)
      .sort()
      .map((file) => [
        file,
        statSync(join(outDir, file)).isFile() ? readFileSync(join(outDir, file)).toString("base64") : "",
      ]);
  const before = snapshot();
  change();
  const messages = await build({ contentDir: copy?.dir, outDir, validationCache: TEST_VALIDATION_CACHE }).then(
    () => [],
    messagesOf,
  );
  const distUnchanged = JSON.stringify(snapshot()) === JSON.stringify(before);
  rmSync(outDir, { recursive: true, force: true });
  return { messages, distUnchanged };
}

const ARTICLE = "en/pages/insights/rag-agents.md";
/** A test that loads under the watchdog (25 s) gets more than that, so the watchdog's failure is the one reported. */
const WATCHED = 60_000;
const appendImage = (src: string) => copy?.edit(ARTICLE, (text) => `${text}\n![A diagram](${src})\n`);

describe("SVGs and image budgets", () => {
  it("a hostile SVG fails the build naming the Markdown file, its line and the element, and dist/ stays as it was", async () => {
    setUp();
    const { messages, distUnchanged } = await buildTwice(() => {
      write("en/pages/insights/evil.svg", KNOWN_ATTACKS["namespaced script"] ?? "");
      appendImage("./evil.svg");
    });
    expect(messages).toEqual([
      `content/${ARTICLE}:${lineOf(ARTICLE, "](./evil.svg)")}: the image ./evil.svg is refused: the element <x:script> (line 1) is not allowed: an SVG may hold drawing only, no script, HTML, animation or embedded images`,
    ]);
    expect(distUnchanged).toBe(true);
  });

  it("an image whose header claims 16,000 × 16,000 pixels is refused from its header, before anything is decoded", async () => {
    setUp();
    write("en/pages/insights/huge.png", pngClaiming(16_000, 16_000));
    appendImage("./huge.png");
    const messages = await build({
      contentDir: copy?.dir,
      outDir: `${copy?.dir}-dist`,
      validationCache: TEST_VALIDATION_CACHE,
    }).then(() => [], messagesOf);
    expect(messages).toEqual([
      `content/${ARTICLE}:${lineOf(ARTICLE, "](./huge.png)")}: the image ./huge.png is 16000 × 16000 pixels (256.0 megapixels); an image may have at most 40 megapixels and 10,000 pixels on its longer side (export it smaller, e.g. 2880 px wide)`,
    ]);
  });

  // Each limit on its own: the 16,000 × 16,000 image above is over both, so either check alone would stop it.
  it("an image over 10,000 pixels on its longer side is refused however few megapixels it has, wide or tall", async () => {
    setUp();
    write("en/pages/insights/wide.png", pngClaiming(10_001, 100));
    write("en/pages/insights/tall.png", pngClaiming(100, 10_001));
    appendImage("./wide.png");
    appendImage("./tall.png");
    const messages = await build({
      contentDir: copy?.dir,
      outDir: `${copy?.dir}-dist`,
      validationCache: TEST_VALIDATION_CACHE,
    }).then(() => [], messagesOf);
    const limits =
      "an image may have at most 40 megapixels and 10,000 pixels on its longer side (export it smaller, e.g. 2880 px wide)";
    expect(messages).toEqual([
      `content/${ARTICLE}:${lineOf(ARTICLE, "](./wide.png)")}: the image ./wide.png is 10001 × 100 pixels (1.0 megapixels); ${limits}`,
      `content/${ARTICLE}:${lineOf(ARTICLE, "](./tall.png)")}: the image ./tall.png is 100 × 10001 pixels (1.0 megapixels); ${limits}`,
    ]);
  });

  it("an image over 40 megapixels is refused with both sides under 10,000 pixels", async () => {
    setUp();
    write("en/pages/insights/many.png", pngClaiming(7_000, 6_000));
    appendImage("./many.png");
    const messages = await build({
      contentDir: copy?.dir,
      outDir: `${copy?.dir}-dist`,
      validationCache: TEST_VALIDATION_CACHE,
    }).then(() => [], messagesOf);
    expect(messages).toEqual([
      `content/${ARTICLE}:${lineOf(ARTICLE, "](./many.png)")}: the image ./many.png is 7000 × 6000 pixels (42.0 megapixels); an image may have at most 40 megapixels and 10,000 pixels on its longer side (export it smaller, e.g. 2880 px wide)`,
    ]);
  });

  it("an image of exactly 10,000 pixels on its longer side is published", async () => {
    setUp();
    const { default: sharp } = await import("sharp");
    const image = sharp({ create: { width: 10_000, height: 40, channels: 3, background: { r: 79, g: 70, b: 229 } } });
    write("en/pages/insights/banner.png", await image.png().toBuffer());
    appendImage("./banner.png");
    const outDir = `${copy?.dir}-dist`;
    try {
      const { model } = await build({ contentDir: copy?.dir, outDir, validationCache: TEST_VALIDATION_CACHE });
      const route = model.routes.find(
        (candidate) => candidate.key === "insights/rag-agents" && candidate.lang === "en",
      );
      const html = readFileSync(join(outDir, route?.file ?? ""), "utf8");
      expect(html).toMatch(/<img[^>]*src="\/assets\/banner-\w{8}-\d+\.jpg"/);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });

  it("an SVG over 1 MB and an image file over 10 MB are refused with their sizes, the large one without being read", async () => {
    setUp();
    write(
      "en/pages/insights/big.svg",
      `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${"<rect/>".repeat(160_000)}</svg>`,
    );
    // A named pipe: reading it would block the build for ever, so the test passing proves it was not read (and
    // the watchdog turns a read into this test's failure rather than a hung run).
    execFileSync("mkfifo", [join(copy?.dir ?? "", "en/pages/insights/pipe.png")]);
    write("en/pages/insights/heavy.jpg", Buffer.alloc(11 * 1024 * 1024));
    appendImage("./big.svg");
    appendImage("./heavy.jpg");
    // With a fresh image cache the load encodes every image of the site: the watchdog waits longer here.
    const imagesCache = join(outside ?? "", "cache");
    const messages = (await loadWithWatchdog(copy?.dir ?? "", { imagesCache, seconds: 120 })).map(withoutTempName);
    expect(messages).toEqual([
      `content/${ARTICLE}:${lineOf(ARTICLE, "](./big.svg)")}: the image ./big.svg is 1.1 MB; an SVG may have at most 1.0 MB (simplify the drawing, or export it as PNG)`,
      `content/${ARTICLE}:${lineOf(ARTICLE, "](./heavy.jpg)")}: the image ./heavy.jpg is 11.0 MB; an image file may have at most 10.0 MB (export it smaller, e.g. 2880 px wide)`,
    ]);
  }, 180_000);

  it("a refused image in the text does not hide a missing front-matter image, and the same bad file in two languages is reported for each page", async () => {
    setUp();
    const german = "de/pages/insights/rag-agents.md";
    for (const file of [ARTICLE, german]) {
      write(`${dirname(file)}/bad.svg`, KNOWN_ATTACKS["external use"] ?? "");
      copy?.edit(file, (text) => `${text.replace(/^image: .*$/m, "image: ./gone.png")}\n![A diagram](./bad.svg)\n`);
    }
    const messages = await build({
      contentDir: copy?.dir,
      outDir: `${copy?.dir}-dist`,
      validationCache: TEST_VALIDATION_CACHE,
    }).then(() => [], messagesOf);
    const refusal =
      'is refused: the href attribute of <use> (line 1) points to "https://evil.example/sprite.svg#a": references may only point to an #id inside the same file';
    expect(messages.sort()).toEqual(
      [
        `content/${ARTICLE}:${lineOf(ARTICLE, "](./bad.svg)")}: the image ./bad.svg ${refusal}`,
        `content/${ARTICLE}:${lineOf(ARTICLE, "image: ./gone.png")}: image: no image file ./gone.png next to this page`,
        `content/${german}:${lineOf(german, "](./bad.svg)")}: the image ./bad.svg ${refusal}`,
        `content/${german}:${lineOf(german, "image: ./gone.png")}: image: no image file ./gone.png next to this page`,
      ].sort(),
    );
    expect(messages.join("\n")).not.toMatch(/\/tmp\/|\/work\/|\n\s+at /);
  });
});

describe("nothing is read from outside content/", () => {
  it.each([
    ["front matter ../", "image: ../../../../../elsewhere/secret.png", "image"],
    ["Markdown ../", "![s](../../../../../elsewhere/secret.png)", "text"],
    ["Markdown %2e%2e/", "![s](%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/elsewhere/secret.png)", "text"],
  ])(
    "%s is refused with file and line, and the file is never opened",
    async (_, written, where) => {
      setUp();
      // The target is a named pipe: opening it would block the build, so a passing test proves it was not read;
      // the load runs in a child process the watchdog stops, so a regression fails here instead of hanging the run.
      execFileSync("mkfifo", [join(outside ?? "", "secret.png")]);
      const relative = written.replace("elsewhere", `${copy?.dir.split("/").pop()}-elsewhere`);
      copy?.edit(ARTICLE, (text) =>
        where === "image" ? text.replace(/^image: .*$/m, relative) : `${text}\n${relative}\n`,
      );
      const messages = (await loadWithWatchdog(copy?.dir ?? "")).map(withoutTempName);
      const line = lineOf(ARTICLE, relative);
      expect(messages).toEqual([
        where === "image"
          ? `content/${ARTICLE}:${line}: image: ${relative.slice("image: ".length)} is outside the content folder: an image must be a file inside content/, e.g. next to this page`
          : `content/${ARTICLE}:${line}: the image ${/\((.*)\)/.exec(relative)?.[1]} is outside the content folder: an image must be a file inside content/, e.g. next to this page`,
      ]);
    },
    WATCHED,
  );

  it(
    "a symbolic link inside content/ to an image, a page or a folder outside it is refused without being followed",
    async () => {
      setUp();
      // Named pipes again, loaded under the watchdog: with the link check broken, reading linked.md would block.
      execFileSync("mkfifo", [join(outside ?? "", "secret.png")]);
      execFileSync("mkfifo", [join(outside ?? "", "secret.md")]);
      mkdirSync(join(outside ?? "", "folder"));
      symlinkSync(join(outside ?? "", "secret.png"), join(copy?.dir ?? "", "en/pages/insights/linked.png"));
      symlinkSync(join(outside ?? "", "secret.md"), join(copy?.dir ?? "", "en/pages/linked.md"));
      symlinkSync(join(outside ?? "", "folder"), join(copy?.dir ?? "", "en/pages/linked-folder"));
      appendImage("./linked.png");
      const messages = (await loadWithWatchdog(copy?.dir ?? "")).map(withoutTempName);
      expect(messages).toEqual(
        expect.arrayContaining([
          `content/${ARTICLE}:${lineOf(ARTICLE, "](./linked.png)")}: the image ./linked.png is outside the content folder: an image must be a file inside content/, e.g. next to this page`,
          "content/en/pages/linked.md: leads outside the content folder (a symbolic link?): content files must be inside content/",
          "content/en/pages/linked-folder: is a link to a folder: pages must be in real folders inside content/",
        ]),
      );
    },
    WATCHED,
  );
});

describe("addresses the build writes itself, and file names that are no address", () => {
  it.each([
    [
      "en/pages/insights/feed.xml.md",
      'the file name "insights/feed.xml.md" cannot be an address: name files and folders with lowercase letters, digits and -, e.g. insights/feed-xml.md',
    ],
    [
      "en/pages/sitemap.xml.md",
      'the file name "sitemap.xml.md" cannot be an address: name files and folders with lowercase letters, digits and -, e.g. sitemap-xml.md',
    ],
    [
      "en/pages/Über Uns.md",
      'the file name "Über Uns.md" cannot be an address: name files and folders with lowercase letters, digits and -, e.g. ueber-uns.md',
    ],
    [
      "en/pages/assets/style.md",
      'the file name "assets/style.md": "assets" is reserved for the site\'s styles, scripts and images, cached by browsers for a year: choose another name',
    ],
  ])("%s fails naming the file, without a stack trace", async (file, message) => {
    setUp();
    const page = readFileSync(join(copy?.dir ?? "", "en/pages/privacy.md"), "utf8").replace(/^slug: .*\n/m, "");
    write(file, page);
    write(file.replace(/^en/, "de"), page);
    const messages = await loadErrors();
    expect(messages).toContain(`content/${file}: ${message}`);
    expect(messages.join("\n")).not.toMatch(/EISDIR|\n\s+at /);
  });

  it("a German author reads the pages' refusals in German, as npm run build says them with LANG=de_DE (issue 54)", async () => {
    setUp();
    const page = readFileSync(join(copy?.dir ?? "", "de/pages/privacy.md"), "utf8").replace(/^slug: .*\n/m, "");
    write("de/pages/Über Uns.md", page);
    write("de/pages/index.md", page);
    write("en/pages/guides/index.md", "---\ntitle: Guides\ndescription: Guides for decision-makers.\n---\n\nGuides.\n");
    for (const lang of ["en", "de"])
      write(`${lang}/pages/guides/first.md`, "---\ntitle: First\ndescription: The first guide.\n---\n\nText.\n");
    copy?.edit("de/pages/privacy.md", (text) => text.replace(/^title: /m, "pageSize: 5\ntitle: "));
    copy?.edit("de/pages/insights/rag-agents.md", (text) => text.replace(/^image: .*$/m, "image: ./fehlt.png"));
    copy?.edit("de/pages/insights/chatbot-roi.md", (text) => text.replace(/^image: .*$/m, "image: /media/fehlt.png"));
    mkdirSync(join(outside ?? "", "pages"));
    symlinkSync(join(outside ?? "", "pages"), join(copy?.dir ?? "", "de/pages/verknuepft"));
    const error = await loadContent(copy?.dir).catch((caught: unknown) => caught);
    const said = withoutTempName(describeFailure(error, { language: "de" })).split("\n");
    const imageAt = (file: string) => `  content/${file}:${lineOf(file, "image: ")}: image: `;
    expect(said[0]).toBe("Probleme im Inhalt:");
    expect(said).toEqual(
      expect.arrayContaining([
        '  content/de/pages/Über Uns.md: der Dateiname "Über Uns.md" kann keine Adresse sein: Dateien und Ordner mit Kleinbuchstaben, Ziffern und - benennen, z. B. ueber-uns.md',
        "  content/de/pages/index.md: die Startseite kommt aus home.yaml; eine Seite braucht einen eigenen Namen, z. B. pages/ueber-uns.md",
        `  content/de/pages/privacy.md:${lineOf("de/pages/privacy.md", "pageSize: ")}: pageSize: nur die index.md eines Bereichs listet Seiten auf: pageSize hier entfernen (oder in die index.md des Ordners schreiben)`,
        `${imageAt("de/pages/insights/rag-agents.md")}keine Bilddatei ./fehlt.png neben dieser Seite: die Datei dort ablegen, oder image berichtigen`,
        `${imageAt("de/pages/insights/chatbot-roi.md")}/media/fehlt.png fehlt: keine solche Datei in content/media/`,
        "  content/de/pages/verknuepft: ist eine symbolische Verknüpfung auf einen Ordner: Seiten müssen in echten Ordnern in content/ liegen; die Seiten in einen solchen Ordner verschieben",
        "  content/de/pages/guides/first.md: liegt im Bereich guides/, der auf Deutsch keine Seite hat: content/de/pages/guides/index.md anlegen (eine Übersetzung von content/en/pages/guides/index.md), oder diese Seite aus dem Ordner verschieben",
      ]),
    );
  });

  it.each([
    [
      "assets/foo",
      '"assets" is reserved for the site\'s styles, scripts and images, cached by browsers for a year: choose another name',
    ],
    ["admin", '"admin" is reserved for the web editor: choose another name'],
    ["404", '"404" is reserved for the page for addresses that do not exist: choose another name'],
    ["insights/404", '"404" is reserved for the page for addresses that do not exist: choose another name'],
    ["de/x", '"de/" is where the de pages live; a slug is the address below the language\'s own prefix (write x)'],
  ])("url: /%s fails with file, line and key", async (path, reason) => {
    setUp();
    copy?.edit("en/pages/privacy.md", (text) => text.replace(/^slug: .*$/m, `url: /${path}`));
    expect(await loadErrors()).toEqual([
      `content/en/pages/privacy.md:${lineOf("en/pages/privacy.md", "url: ")}: url: url "/${path}": ${reason}`,
    ]);
  });

  it.each([
    ["404", '"404" is reserved for the page for addresses that do not exist: choose another name'],
    ["admin", '"admin" is reserved for the web editor: choose another name'],
  ])("slug: %s fails with file, line and key", async (slug, reason) => {
    setUp();
    copy?.edit("en/pages/privacy.md", (text) => text.replace(/^slug: .*$/m, `slug: "${slug}"`));
    expect(await loadErrors()).toEqual([
      `content/en/pages/privacy.md:${lineOf("en/pages/privacy.md", "slug: ")}: slug: slug "${slug}": ${reason}`,
    ]);
  });

  it("a slug with a slash says that a slug names the last part, and that url sets the whole address", async () => {
    setUp();
    copy?.edit("en/pages/privacy.md", (text) => text.replace(/^slug: .*$/m, "slug: legal/datenschutz"));
    expect(await loadErrors()).toEqual([
      `content/en/pages/privacy.md:${lineOf("en/pages/privacy.md", "slug: ")}: slug: "legal/datenschutz": a slug names the last part of the address only (write slug: datenschutz; the page takes its section's address before it); to set the whole address, write url: /legal/datenschutz`,
    ]);
  });

  it.each([["Main"], ["TOC heading"]])(
    "a heading ## %s, whose id the page chrome uses, is refused at the heading",
    async (heading) => {
      setUp();
      copy?.edit("en/pages/privacy.md", (text) => `${text}\n## ${heading}\n\nText.\n`);
      const id = heading.toLowerCase().replace(/ /g, "-");
      expect(await loadErrors()).toEqual([
        `content/en/pages/privacy.md:${lineOf("en/pages/privacy.md", `## ${heading}`)}: the heading "${heading}" would get the id "${id}", which the page itself uses: reword the heading (e.g. "${heading} overview")`,
      ]);
    },
  );
});

describe("text the build cannot publish", () => {
  it.each([
    ["3,000 nested quotes", `${"> ".repeat(3000)}nest-end`, "nest-end"],
    ["3,000 nested list items", `${"- ".repeat(3000)}nest-end`, "nest-end"],
    // The 21st list holds the 41st level: the line where the text gets too deep.
    [
      "60 lists nested by indentation",
      Array.from({ length: 60 }, (_, depth) => `${"  ".repeat(depth)}- level ${depth}.`).join("\n"),
      "- level 20.",
    ],
    // The directive parser spent 52 s on 2,000 of these before the tree could be measured; the 41st is refused.
    [
      "2,000 nested callouts",
      Array.from({ length: 2000 }, (_, depth) => `:::callout{type=tip} callout-${depth}`).join("\n"),
      ":::callout{type=tip} callout-40",
    ],
  ])("%s are refused with file and line before any recursive step", async (_, markdown, where) => {
    setUp();
    copy?.edit("en/pages/privacy.md", (text) => `${text}\nSome text.\n\n${markdown}\n`);
    expect(await loadErrors()).toEqual([
      expect.stringMatching(
        new RegExp(
          `^content/en/pages/privacy\\.md:${lineOf("en/pages/privacy.md", where)}: the text nests more than 40 levels deep \\(quotes, lists, emphasis or components inside each other\\): flatten it$`,
        ),
      ),
    ]);
  });

  it("a paragraph of 3,000 nested emphases is refused before the parser spends minutes pairing them up", async () => {
    setUp();
    copy?.edit(
      "en/pages/privacy.md",
      (text) => `${text}\nSome text.\n\nstart-here ${"*a ".repeat(3000)}x${" a*".repeat(3000)}\n`,
    );
    expect(await loadErrors()).toEqual([
      `content/en/pages/privacy.md:${lineOf("en/pages/privacy.md", "start-here")}: a paragraph with more than 400 * or _ marks: split it into several paragraphs`,
    ]);
  });

  it.each([
    ["U+FFFE", "\ufffe"],
    ["U+FFFF", "\uffff"],
    ["U+FDD0", "\ufdd0"],
    ["U+1FFFF", "\u{1ffff}"],
  ])("%s in front matter (it would break the Atom feeds) is refused with file, line and column", async (code, char) => {
    setUp();
    copy?.edit(ARTICLE, (text) => text.replace(/^title: (.)/m, `title: $1${char}`));
    const line = lineOf(ARTICLE, "title: ");
    expect(await loadErrors()).toEqual([
      `content/${ARTICLE}:${line}:9: invisible character ${code} (noncharacter, not allowed in XML): delete it (it never belongs in copy, and can make text read differently from how it is stored)`,
    ]);
  });

  it("a file that is not UTF-8 is named with the line of its first foreign byte", async () => {
    setUp();
    const text = readFileSync(join(copy?.dir ?? "", "de/pages/privacy.md"), "utf8");
    write("de/pages/privacy.md", Buffer.from(text.replace("\n\n", "\n\nGrüße\n"), "latin1"));
    const lines = text.replace("\n\n", "\n\nGrüße\n").split("\n");
    const first = lines.findIndex((line) => /[^\x20-\x7e\t]/.test(line)) + 1;
    expect(await loadErrors()).toEqual([
      expect.stringMatching(
        new RegExp(
          `^content/de/pages/privacy\\.md:${first}:\\d+: is not saved as UTF-8 \\(Latin-1 or Windows-1252\\?\\): save it as UTF-8 in your editor$`,
        ),
      ),
    ]);
  });

  it("a German author reads these refusals in German, as npm run build says them with LANG=de_DE (issue 54)", async () => {
    setUp();
    const text = readFileSync(join(copy?.dir ?? "", "de/pages/privacy.md"), "utf8");
    write("de/pages/privacy.md", Buffer.from(text.replace("\n\n", "\n\nGrüße\n"), "latin1"));
    copy?.edit("de/pages/insights/rag-agents.md", (text) => text.replace(/^title: (.)/m, "title: $1\u200b"));
    copy?.edit("de/pages/insights/chatbot-roi.md", (text) => `${text}\n${"- Punkt\n".repeat(80_000)}`);
    const error = await loadContent(copy?.dir).catch((caught: unknown) => caught);
    const said = withoutTempName(describeFailure(error, { language: "de" })).split("\n");
    expect(said[0]).toBe("Probleme im Inhalt:");
    expect(said).toContainEqual(
      expect.stringMatching(
        /^ {2}content\/de\/pages\/privacy\.md:\d+:\d+: ist nicht als UTF-8 gespeichert \(Latin-1 oder Windows-1252\?\): die Datei im Editor als UTF-8 speichern$/,
      ),
    );
    expect(said).toContainEqual(
      `  content/de/pages/insights/rag-agents.md:${lineOf("de/pages/insights/rag-agents.md", "title: ")}:9: unsichtbares Zeichen U+200B (breitenloses Leerzeichen): das Zeichen löschen (es gehört nie in einen Text und kann ihn anders erscheinen lassen, als er gespeichert ist)`,
    );
    expect(said).toContainEqual(
      expect.stringMatching(
        /^ {2}content\/de\/pages\/insights\/chatbot-roi\.md: ist \d+ KB groß; eine Inhaltsdatei darf höchstens 512 KB groß sein \(sie auf mehrere Seiten aufteilen\)$/,
      ),
    );
  });

  it.each([
    ["0000-01-01", "0000-01-01: the year must be between 1990 and 2100"],
    ["2026-02-30", "2026-02-30: February 2026 has no 30th day"],
    ["2026-13-01", "2026-13-01: there is no month 13 (write YYYY-MM-DD)"],
    ["16.11.2026", 'must be a date written YYYY-MM-DD, e.g. 2026-11-16 (not "16.11.2026")'],
  ])("date: %s is refused with what is wrong", async (date, message) => {
    setUp();
    copy?.edit(ARTICLE, (text) => text.replace(/^date: .*$/m, `date: "${date}"`));
    expect(await loadErrors()).toEqual([`content/${ARTICLE}:${lineOf(ARTICLE, "date: ")}: date: ${message}`]);
  });

  it("a title of 60 characters as a reader counts them builds, with & and < in it; 61 does not", async () => {
    const copy = setUp();
    const sixty = `R&D <AI> & ${"x".repeat(49)}`;
    expect([...sixty].length).toBe(60);
    copy.edit("en/pages/privacy.md", (text) => text.replace(/^title: .*$/m, `title: "${sixty}"`));
    await build({ contentDir: copy.dir, outDir: `${copy.dir}-dist`, validationCache: TEST_VALIDATION_CACHE });
    expect(readFileSync(join(`${copy.dir}-dist`, "datenschutz.html"), "utf8")).toContain(
      "R&amp;D &lt;AI&gt; &amp; xxx",
    );
    rmSync(`${copy.dir}-dist`, { recursive: true, force: true });
    copy.edit("en/pages/privacy.md", (text) => text.replace(/^title: .*$/m, `title: "${sixty}x"`));
    expect(await loadErrors()).toEqual([
      "content/en/pages/privacy.md:2: title: has 61 characters, 1 more than the 60 allowed: search results cut longer titles",
    ]);
  });
});
