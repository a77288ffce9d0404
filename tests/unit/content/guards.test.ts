/**
 * The content guards called inside each test, on text and on small folders made here (npm run mutation runs
 * these against src/content/): what a content file may hold (guards.ts), where a file may be read from
 * (read.ts), keys one language has and another lacks (parity.ts), addresses the build keeps for itself
 * (reserved.ts), shared images (media.ts) and sample values left in (placeholders.ts). Each refusal is read as
 * the author reads it: file, line, column, key and what to do. The loader's and the build's tests show the
 * same messages arriving from real content.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ContentError } from "../../../src/content/read/errors.ts";
import { cleanText, findInvisible, MAX_CONTENT_BYTES, nameOf } from "../../../src/content/read/guards.ts";
import {
  isShared,
  locateImage,
  missingWhere,
  OUTSIDE_CONTENT,
  OUTSIDE_MEDIA,
  unusedMedia,
  unusedMediaLines,
} from "../../../src/content/rules/media.ts";
import { checkParity, withDefaults } from "../../../src/content/rules/parity.ts";
import { findPlaceholders, formatPlaceholder } from "../../../src/content/rules/placeholders.ts";
import { ContentFolder, parseYaml } from "../../../src/content/read/folder.ts";
import { BELOW_SECTION, PAGE_PATH, RESERVED_PATHS, reservedReason } from "../../../src/content/rules/reserved.ts";

/** The message an author reads for what `run` throws (a ContentError), or "" when it throws nothing. */
function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof ContentError) return error.message;
    throw error;
  }
  return "";
}

let work = "";
afterEach(() => {
  if (work) rmSync(work, { recursive: true, force: true });
  work = "";
});
/** A folder made here: `files` written below `root` (paths relative to it), and a folder beside it. */
function folder(files: Record<string, string | Buffer>): { root: string; outside: string } {
  work = mkdtempSync(join(tmpdir(), "issue35-guards-"));
  const root = join(work, "content");
  const outside = join(work, "elsewhere");
  mkdirSync(root);
  mkdirSync(outside);
  for (const [file, data] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), data);
  }
  return { root, outside };
}

describe("what a content file may hold (cleanText)", () => {
  const clean = (text: string | Buffer) => cleanText(Buffer.from(text), "content/en/home.yaml");

  it("a byte-order mark at the start is dropped, not kept as text", () => {
    expect(clean("\ufeffa: 1\r\nb: 2\rc: 3")).toBe("a: 1\nb: 2\nc: 3");
  });

  it("at most 512 KB: more is refused with its size and what to do", () => {
    expect(MAX_CONTENT_BYTES).toBe(512 * 1024);
    expect(clean("a".repeat(MAX_CONTENT_BYTES))).toHaveLength(MAX_CONTENT_BYTES);
    expect(refusal(() => clean("a".repeat(MAX_CONTENT_BYTES + 1)))).toBe(
      "content/en/home.yaml: is 512 KB; a content file may have at most 512 KB (split it into several pages)",
    );
    expect(refusal(() => clean("a".repeat(700 * 1024)))).toBe(
      "content/en/home.yaml: is 700 KB; a content file may have at most 512 KB (split it into several pages)",
    );
  });

  it("a leading byte-order mark is dropped; Windows and old Mac line ends become \\n", () => {
    expect(clean("\ufeffa: 1\r\nb: 2\rc: 3\n")).toBe("a: 1\nb: 2\nc: 3\n");
    expect(clean("\r\r\n")).toBe("\n\n");
  });

  it("an invisible character is named, with its line and column", () => {
    const invisible = (text: string) => refusal(() => clean(text));
    expect(invisible("title: ok\nheadline: Leap\u200bAI\n")).toBe(
      "content/en/home.yaml:2:15: invisible character U+200B (zero-width space): delete it (it never belongs in copy, and can make text read differently from how it is stored)",
    );
    expect(invisible("a\u202eb")).toContain(":1:2: invisible character U+202E (right-to-left override)");
    expect(invisible("x\n\ny\ufeff")).toContain(":3:2: invisible character U+FEFF (byte-order mark)");
    expect(invisible("a\u0007")).toContain(":1:2: invisible character U+0007 (control character)");
    expect(invisible("a\u0085")).toContain("U+0085 (control character)");
    expect(invisible("a\ufdd0")).toContain("U+FDD0 (noncharacter, not allowed in XML)");
    expect(invisible("a\u{10ffff}")).toContain("U+10FFFF (noncharacter, not allowed in XML)");
    for (const [char, name] of [
      ["\u200c", "zero-width non-joiner"],
      ["\u200d", "zero-width joiner"],
      ["\u200e", "left-to-right mark"],
      ["\u200f", "right-to-left mark"],
      ["\u202a", "left-to-right embedding"],
      ["\u202b", "right-to-left embedding"],
      ["\u202c", "pop directional formatting"],
      ["\u202d", "left-to-right override"],
      ["\u2060", "word joiner"],
      ["\u2066", "left-to-right isolate"],
      ["\u2067", "right-to-left isolate"],
      ["\u2068", "first strong isolate"],
      ["\u2069", "pop directional isolate"],
    ] as const)
      expect(invisible(`a${char}`), name).toContain(`(${name})`);
  });

  it("tab, line breaks, the soft hyphen and ordinary non-ASCII text are kept", () => {
    const text = "a\tb\nGrö\u00adße – “Zitat” 😀 \u00a0 \u2013";
    expect(clean(text)).toBe(text);
  });

  it("a file not saved as UTF-8 is named with the line and column of its first stray byte", () => {
    const latin1 = Buffer.concat([Buffer.from("title: ok\r\nheadline: Gr"), Buffer.from([0xf6]), Buffer.from("ße\n")]);
    expect(refusal(() => clean(latin1))).toBe(
      "content/en/home.yaml:2:13: is not saved as UTF-8 (Latin-1 or Windows-1252?): save it as UTF-8 in your editor",
    );
    const oldMac = Buffer.concat([Buffer.from("a: 1\rb: 2\rc: Gr"), Buffer.from([0xfc]), Buffer.from("n\r")]);
    expect(refusal(() => clean(oldMac))).toMatch(/^content\/en\/home\.yaml:3:6: is not saved as UTF-8/);
  });
});

describe("where a file may be read from (ContentFolder)", () => {
  it("a path inside the folder is inside; ../, a sibling named alike and a link out are outside; a missing one missing", () => {
    const { root, outside } = folder({ "en/home.yaml": "a: 1\n", "en/pages/a.md": "x" });
    writeFileSync(join(outside, "secret.png"), "x");
    mkdirSync(`${root}-old`);
    writeFileSync(`${root}-old/x.png`, "x");
    symlinkSync(join(outside, "secret.png"), join(root, "en/linked.png"));
    symlinkSync(join(root, "en/home.yaml"), join(root, "en/alias.yaml"));
    const content = new ContentFolder(root);
    expect(content.inside(join(root, "en/home.yaml"))).toBe("inside");
    expect(content.inside(root)).toBe("inside");
    expect(content.inside(join(root, "en/alias.yaml"))).toBe("inside");
    expect(content.inside(join(root, "en/../../elsewhere/secret.png"))).toBe("outside");
    expect(content.inside(`${root}-old/x.png`)).toBe("outside");
    expect(content.inside(join(root, "en/linked.png"))).toBe("outside");
    expect(content.inside(join(root, "en/gone.png"))).toBe("missing");
  });

  it("a content folder reached through a link is the folder, and files are named from its parent", () => {
    const { root } = folder({ "en/home.yaml": "a: 1\n" });
    const link = join(work, "linked-content");
    symlinkSync(root, link);
    const content = new ContentFolder(link);
    expect(content.inside(join(root, "en/home.yaml"))).toBe("inside");
    expect(content.inside(join(link, "en/home.yaml"))).toBe("inside");
    expect(content.display(join(link, "en/home.yaml"))).toBe("linked-content/en/home.yaml");
    expect(content.root).toBe(link);
    expect(new ContentFolder(join(work, "none")).inside(join(work, "none", "a.yaml"))).toBe("missing");
  });

  it("a file read through a link out of the folder, or not there, is refused with its name as authors see it", () => {
    const { root, outside } = folder({ "en/home.yaml": "title: Home\n" });
    writeFileSync(join(outside, "secret.yaml"), "secret: 1\n");
    symlinkSync(join(outside, "secret.yaml"), join(root, "en/linked.yaml"));
    const content = new ContentFolder(root);
    expect(content.readYaml(join(root, "en/home.yaml")).data).toEqual({ title: "Home" });
    expect(refusal(() => content.readYaml(join(root, "en/linked.yaml")))).toBe(
      "content/en/linked.yaml: leads outside the content folder (a symbolic link?): content files must be inside content/",
    );
    expect(refusal(() => content.readYaml(join(root, "en/gone.yaml")))).toBe("content/en/gone.yaml: file is missing");
    expect(refusal(() => content.readYaml(join(root, "en")))).toBe("content/en: cannot be read (EISDIR)");
  });

  it("Markdown: front matter read with the file's own line numbers, the body and the line it starts on", () => {
    const { root } = folder({
      "en/pages/a.md": "---\ntitle: A\nsummary: B\n---\n\nText.\n",
      "en/pages/b.md": "Just text.\n",
    });
    const content = new ContentFolder(root);
    const a = content.readMarkdown(join(root, "en/pages/a.md"));
    expect(a.frontMatter.data).toEqual({ title: "A", summary: "B" });
    expect(a.frontMatter.lineOf(["summary"])).toBe(3);
    expect(a.frontMatter.file).toBe("content/en/pages/a.md");
    expect(a.body.trim()).toBe("Text.");
    expect(a.bodyLine).toBe(5);
    writeFileSync(join(root, "en/pages/c.md"), "---\ntitle: A\ntags: [one\n---\n\nText.\n");
    expect(refusal(() => content.readMarkdown(join(root, "en/pages/c.md")))).toMatch(
      /^content\/en\/pages\/c\.md:\d+:\d+: invalid YAML: /,
    );
    const b = content.readMarkdown(join(root, "en/pages/b.md"));
    expect(b.frontMatter.data).toBe(null);
    expect(b.bodyLine).toBe(1);
  });
});

describe("invisible characters, found and named", () => {
  it("found where they are, in a value of any length; an emoji's two halves are one visible character", () => {
    expect(findInvisible("plain text, Grüße")).toBeUndefined();
    expect(findInvisible("a\u200bb")).toEqual({ char: "\u200b", index: 1 });
    expect(findInvisible("ok \u0001")).toEqual({ char: "\u0001", index: 3 });
    expect(findInvisible("😀 team")).toBeUndefined();
    expect(findInvisible("x\ud800y")).toEqual({ char: "\ud800", index: 1 });
  });

  it("named with their code point and what they are", () => {
    expect(nameOf("\u202e")).toBe("U+202E (right-to-left override)");
    expect(nameOf("\u0001")).toBe("U+0001 (control character)");
    expect(nameOf("\u009f")).toBe("U+009F (control character)");
    expect(nameOf("\u00a0")).toBe("U+00A0 (noncharacter, not allowed in XML)");
    for (const half of ["\ud800", "\udbff", "\udc00", "\udfff"])
      expect(nameOf(half), half.codePointAt(0)?.toString(16)).toMatch(/ \(half of a character\)$/);
    for (const other of ["\ud7ff", "\ue000", "\ufdd0", "\uffff"])
      expect(nameOf(other), other.codePointAt(0)?.toString(16)).toMatch(/ \(noncharacter, not allowed in XML\)$/);
  });
});

describe("YAML with line numbers (parseYaml)", () => {
  it("knows the line of every key path, a missing key's where its parent's entries start", () => {
    const source = parseYaml("hero:\n  headline: A\n  badges:\n    - one\n    - two\n", "content/en/home.yaml", 10);
    expect(source.data).toEqual({ hero: { headline: "A", badges: ["one", "two"] } });
    expect(source.lineOf(["hero", "headline"])).toBe(12);
    expect(source.lineOf(["hero", "badges", 1])).toBe(15);
    expect(source.lineOf(["hero", "missing"])).toBe(12);
    expect(source.lineOf([])).toBe(11);
    expect(source.lineOffset).toBe(10);
    expect(parseYaml("", "content/x.yaml").lineOf(["a"])).toBe(undefined);
  });

  it("broken YAML is named with its line and column; a repeated key is an error", () => {
    expect(refusal(() => parseYaml("a: 1\nb: [1, 2\n", "content/en/home.yaml"))).toMatch(
      /^content\/en\/home\.yaml:3:1: invalid YAML: \S/,
    );
    expect(refusal(() => parseYaml("a: 1\na: 2\n", "content/en/home.yaml", 4))).toBe(
      "content/en/home.yaml:6:1: invalid YAML: Map keys must be unique",
    );
    const deep = `${Array.from({ length: 10 }, (_, index) => `k${index}: ${index}`).join("\n")}\nx:\n          k: 1\n          k: 2\n`;
    expect(refusal(() => parseYaml(deep, "content/en/home.yaml"))).toBe(
      "content/en/home.yaml:13:11: invalid YAML: Map keys must be unique",
    );
  });

  it("a key or value that YAML decodes into an invisible character is refused with its line, column and key path", () => {
    const at = (text: string, offset = 0) => refusal(() => parseYaml(text, "content/en/home.yaml", offset));
    // In a map, in a list inside it, as a key, and two levels deep: the escape is only seen once decoded.
    expect(at('a: ok\nb: "x\\u202Ey"\n')).toMatch(/^content\/en\/home\.yaml:2:4: b: invisible character /);
    expect(at('a: ok\nb: "x\\u202Ey"\n', 5)).toMatch(/^content\/en\/home\.yaml:7:4: b: /);
    expect(at('list:\n  - fine\n  - "x\\x01y"\n')).toMatch(
      /^content\/en\/home\.yaml:3:5: list\[1\]: invisible character /,
    );
    expect(at('"k\\u202Ey": 1\n')).toMatch(/^content\/en\/home\.yaml:1:1: invisible character /);
    expect(at('hero:\n  badges:\n    - a\n    - deep: "\\u202E"\n')).toMatch(
      /^content\/en\/home\.yaml:4:13: hero\.badges\[1\]\.deep: invisible character /,
    );
    // A number as key stays a list-like index in the key path, as keyPathToString writes numbers.
    expect(at('2: "\\u202E"\n')).toMatch(/^content\/en\/home\.yaml:1:4: \[2\]: /);
    expect(at('"x\\u202E"\n')).toMatch(/^content\/en\/home\.yaml:1:1: invisible character /);
    expect(at('a: "\\u202E"\n')).toContain("invisible character U+202E (right-to-left override)");
    // Numbers, booleans and dates are no text to hide a character in; plain text passes.
    expect(parseYaml("a: 1\nb: true\nc: 2026-11-24\nd: [x, y]\n", "content/en/home.yaml").data).toEqual({
      a: 1,
      b: true,
      c: "2026-11-24",
      d: ["x", "y"],
    });
  });

  it('an alias repeated into thousands of copies ("billion laughs") is refused, saying how often one may repeat', () => {
    const lines = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
    for (const [name, previous] of [
      ["b", "a"],
      ["c", "b"],
      ["d", "c"],
    ])
      lines.push(`${name}: &${name} [${Array(10).fill(`*${previous}`).join(",")}]`);
    expect(refusal(() => parseYaml(lines.join("\n"), "content/en/home.yaml"))).toBe(
      "content/en/home.yaml: invalid YAML: Excessive alias count indicates a resource exhaustion attack (aliases, written *name, may repeat a value at most 100 times)",
    );
  });
});

describe("keys one language has and another lacks (checkParity)", () => {
  const en = (text: string) => parseYaml(text, "content/en/home.yaml");
  const de = (text: string) => parseYaml(text, "content/de/home.yaml");
  const messages = (a: string, b: string) => checkParity(en(a), de(b)).map((error) => error.message);

  it("a key or list entry missing in either file is named with both files, where its parent's entries start, and the key", () => {
    expect(messages("hero:\n  headline: A\n  sub: B\n", "hero:\n  headline: A\n")).toEqual([
      'content/de/home.yaml:2: hero.sub: "hero.sub" is missing here but exists in content/en/home.yaml:3: add it on the German tab (every language has the same keys and list entries), or remove it on the English tab',
    ]);
    expect(messages("badges:\n  - a\n", "badges:\n  - a\n  - b\n")).toEqual([
      'content/en/home.yaml:2: badges[1]: "badges[1]" (badges, entry 2) is missing here but exists in content/de/home.yaml:3: add it on the English tab (every language has the same keys and list entries), or remove it on the German tab',
    ]);
    expect(messages("a: 1\n", "a: 1\n")).toEqual([]);
  });

  it("three levels deep: only the topmost missing key is named, at its parent's line in the other file", () => {
    // de lacks a.b altogether: a.b is named, not each key inside it as well.
    expect(messages("a:\n  b:\n    c: 1\n", "a:\n  x: 1\n")).toEqual([
      'content/de/home.yaml:2: a.b: "a.b" is missing here but exists in content/en/home.yaml:3: add it on the German tab (every language has the same keys and list entries), or remove it on the English tab',
      'content/en/home.yaml:2: a.x: "a.x" is missing here but exists in content/de/home.yaml:2: add it on the English tab (every language has the same keys and list entries), or remove it on the German tab',
    ]);
    // de has a.b but lacks a.b.d: named where a.b's entries start in de (line 4), not where a's do.
    expect(messages("a:\n  b:\n    c: 1\n    d: 2\n", "a:\n  # note\n  b:\n    c: 1\n")).toEqual([
      'content/de/home.yaml:4: a.b.d: "a.b.d" is missing here but exists in content/en/home.yaml:4: add it on the German tab (every language has the same keys and list entries), or remove it on the English tab',
    ]);
  });

  it("text of different lengths, empty values and nesting three deep are compared by key, not by character", () => {
    expect(messages("a: short\nb: ~\n", "a: a much longer text\nb: ~\n")).toEqual([]);
    expect(messages("a:\n  b:\n    c:\n      d: 1\n", "a:\n  b: {}\n")).toEqual([
      'content/de/home.yaml:2: a.b.c: "a.b.c" is missing here but exists in content/en/home.yaml:4: add it on the German tab (every language has the same keys and list entries), or remove it on the English tab',
    ]);
    expect(messages("hero:\n  a: 1\n", "hero: ~\n")).toEqual([]);
  });

  it("only the first missing level is named, and not where the two disagree on what a key holds", () => {
    expect(messages("hero:\n  headline: A\n  cta:\n    label: x\n", "hero:\n  headline: A\n")).toHaveLength(1);
    expect(messages("hero:\n  - a\n", "hero: text\n")).toEqual([]);
    expect(messages("hero:\n  a: 1\n", "hero:\n  - 1\n")).toEqual([]);
  });

  it("a staged language lacking keys or list entries shows the default language's in their place", () => {
    expect(withDefaults({ a: 1, b: { c: 2, d: 3 }, l: [1, 2, 3] }, { b: { c: 20 }, l: [10], e: 5 })).toEqual({
      a: 1,
      b: { c: 20, d: 3 },
      l: [10, 2, 3],
      e: 5,
    });
    expect(withDefaults({ a: 1 }, null)).toEqual({ a: 1 });
    expect(withDefaults([1], [1, 2])).toEqual([1, 2]);
    expect(withDefaults({ a: 1 }, "text")).toBe("text");
    expect(withDefaults("x", { a: 1 })).toEqual({ a: 1 });
    expect(withDefaults([1, 2], { a: 1 })).toEqual({ a: 1 });
    expect(withDefaults({ a: 1 }, [3])).toEqual([3]);
  });
});

describe("addresses the build keeps for itself (reserved.ts)", () => {
  it("a page may not take a file the build writes, nor a language's folder", () => {
    expect(reservedReason("assets/logo", ["de"])).toBe(
      '"assets" is reserved for the site\'s styles, scripts and images, cached by browsers for a year: choose another name',
    );
    expect(reservedReason("admin", ["de"])).toBe('"admin" is reserved for the web editor: choose another name');
    expect(reservedReason("insights/404", ["de"])).toBe(
      '"404" is reserved for the page for addresses that do not exist: choose another name',
    );
    expect(reservedReason("insights/feed.xml", ["de"])).toContain('"feed.xml" is reserved for a section\'s news feed');
    expect(reservedReason("sitemap.xml", [])).toContain(
      '"sitemap.xml" is reserved for the list of pages for search engines',
    );
    expect(reservedReason("robots.txt", [])).toContain("the rules for search engines");
    expect(reservedReason("favicon.ico", [])).toContain("the browser tab's icon");
    expect(reservedReason("de/kontakt", ["de", "fr"])).toBe(
      '"de/" is where the de pages live; a slug is the address below the language\'s own prefix (write kontakt)',
    );
    expect(reservedReason("de/team/kontakt", ["de"])).toContain("(write team/kontakt)");
    expect(reservedReason("fr", ["de", "fr"])).toBe(
      '"fr/" is where the fr pages live; a slug is the address below the language\'s own prefix (write another name)',
    );
  });

  it("names reserved at the top are free below it; page and feed names only below a section or anywhere", () => {
    for (const free of [
      "insights/assets",
      "team/admin",
      "insights/page",
      "page",
      "about",
      "insights/sitemap.xml",
      "insights/robots.txt",
      "insights/favicon.ico",
    ])
      expect(reservedReason(free, ["de"]), free).toBe(undefined);
    expect(BELOW_SECTION.map(({ name }) => name)).toEqual(["page"]);
    expect(RESERVED_PATHS.every(({ why }) => why.length > 0)).toBe(true);
  });

  it("an address is lowercase words joined by - and /", () => {
    for (const ok of ["a", "insights/rag-agents", "a1/2b"]) expect(PAGE_PATH.test(ok), ok).toBe(true);
    for (const bad of ["", "A", "-a", "a/", "/a", "a//b", "a_b", "a/-b", "ä"])
      expect(PAGE_PATH.test(bad), bad).toBe(false);
  });
});

describe("shared images (media.ts)", () => {
  it("/media/ names a file in content/media/; anything leaving that folder is outside, even into a neighbour", () => {
    const { root } = folder({
      "media/a/flow.png": "x",
      "media-old/x.png": "x",
      "en/pages/b.png": "x",
      "site.yaml": "a: 1",
    });
    const content = new ContentFolder(root);
    const page = join(root, "en/pages");
    expect(isShared("/media/a/flow.png")).toBe(true);
    expect(isShared("./flow.png")).toBe(false);
    expect(isShared("/mediax/flow.png")).toBe(false);
    expect(locateImage("/media/a/flow.png", page, content)).toEqual({
      path: resolve(root, "media/a/flow.png"),
      shared: true,
      where: "inside",
    });
    expect(locateImage("./b.png", page, content)).toEqual({
      path: join(page, "b.png"),
      shared: false,
      where: "inside",
    });
    expect(locateImage("/media/../media-old/x.png", page, content).where).toBe("outside");
    expect(locateImage("/media/../site.yaml", page, content).where).toBe("outside");
    expect(locateImage("/media/gone.png", page, content).where).toBe("missing");
    expect(locateImage("/media/a", page, content).where).toBe("missing");
    expect(locateImage("../../../elsewhere/x.png", page, content).where).toBe("outside");
    expect(OUTSIDE_MEDIA).toContain("is outside content/media/");
    expect(OUTSIDE_CONTENT).toContain("is outside the content folder");
  });

  it("a missing image names where it should be, and the file there it most likely means", () => {
    const { root } = folder({ "media/a/flow.png": "x", "en/pages/flow.png": "x" });
    const content = new ContentFolder(root);
    const page = join(root, "en/pages");
    const where = (written: string) => missingWhere(locateImage(written, page, content), written, content);
    expect(where("/media/a/flwo.png")).toBe("no such file in content/media/; did you mean /media/a/flow.png?");
    expect(where("./folw.png")).toBe("no such file next to this page; did you mean ./flow.png?");
    expect(where("/media/a/other.png")).toBe("no such file in content/media/");
    expect(where("/media/b/flow.png")).toBe("no such file in content/media/");
  });

  it("files in content/media/ no page uses are listed, except a used image's phone variant and drawings", () => {
    const { root } = folder({
      "media/a/flow.png": "x",
      "media/a/flow.narrow.png": "x",
      "media/a/flow.svg": "x",
      "media/a/flow.narrow.svg": "x",
      "media/old.png": "x",
      "media/.DS_Store": "x",
      "media/team/spare.jpg": "x",
      "media/zeta.png": "x",
      "media/alpha.png": "x",
    });
    const content = new ContentFolder(root);
    expect(unusedMedia(content, [join(root, "media/a/flow.png")])).toEqual([
      "content/media/alpha.png",
      "content/media/old.png",
      "content/media/team/spare.jpg",
      "content/media/zeta.png",
    ]);
    expect(unusedMedia(new ContentFolder(join(root, "en")), [])).toEqual([]);
    expect(unusedMediaLines([])).toEqual([]);
    expect(unusedMediaLines(["content/media/old.png"])).toEqual([
      "! 1 file in content/media/ is used by no page (use it with ![…](/media/name.png), or delete it):",
      "  content/media/old.png",
    ]);
    expect(unusedMediaLines(["content/media/a.png", "content/media/b.png"])[0]).toBe(
      "! 2 files in content/media/ are used by no page (use it with ![…](/media/name.png), or delete it):",
    );
  });
});

describe("sample values left in (placeholders.ts)", () => {
  it("finds example addresses, Muster data, zero register numbers and to-do marks, with file and line; comments and README skipped", () => {
    const { root } = folder({
      "site.yaml":
        "# TODO in a comment\n  # TODO indented\nemail: hello@leap-ai.example\nurl: https://www.example.org/x\nstreet: Musterstraße 1\nold: http://www.example.com\ntitle: A # TODO after the value\n",
      "en/extra.yml": "TODO: also in .yml\n",
      "en/pages/a.md.orig": "TODO in a backup\n",
      "de/legal.yaml": "register: HRB 000000 B\nvat: DE000000000\nok: HRB 123456\n",
      "en/pages/a.md": "Text\n\nTODO: write this\nA PLACEHOLDER here.\nPLACEHOLDER: allowed\n",
      "en/pages/notes.txt": "TODO not content\n",
      "README.md": "TODO in the guide\n",
    });
    expect(findPlaceholders(new ContentFolder(root)).map(formatPlaceholder).sort()).toEqual([
      'content/de/legal.yaml:1: placeholder "HRB 000000" (sample register or VAT number)',
      'content/de/legal.yaml:2: placeholder "DE000000000" (sample register or VAT number)',
      'content/en/extra.yml:1: placeholder "TODO" (marked as to do)',
      'content/en/pages/a.md:3: placeholder "TODO" (marked as to do)',
      'content/en/pages/a.md:4: placeholder "PLACEHOLDER" (marked as to do)',
      'content/site.yaml:3: placeholder "hello@leap-ai.example" (example URL or e-mail address)',
      'content/site.yaml:4: placeholder "https://www.example.org/x" (example URL or e-mail address)',
      'content/site.yaml:5: placeholder "Musterstraße" (sample legal data (Muster…))',
      'content/site.yaml:6: placeholder "http://www.example.com" (example URL or e-mail address)',
      'content/site.yaml:7: placeholder "TODO" (marked as to do)',
    ]);
  });
});
