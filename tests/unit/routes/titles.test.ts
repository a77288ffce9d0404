import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { ContentErrors } from "../../../src/content/read/errors.ts";
import { build } from "../../../src/pipeline/index.ts";
import { contentWith, type copyOfContent } from "../../support/content.ts";

// Search results show about 60 characters of a <title>; a longer one is cut ("… – Leap A…").
const LIMIT = 60;
const SUFFIX = " – Leap AI";

const outRoot = mkdtempSync(join(tmpdir(), "titles-"));
let copy: ReturnType<typeof copyOfContent> | undefined;
afterEach(() => copy?.cleanup());
afterAll(() => rmSync(outRoot, { recursive: true, force: true }));

const page = (title: string, slug?: string) =>
  `---\ntitle: ${JSON.stringify(title)}\ndescription: A page for the title rule.\n${slug ? `slug: ${slug}\n` : ""}---\n\nText.\n`;

/** A copy made by this test, removed after it. */
const site = (files: Record<string, string>) => {
  copy = contentWith(files);
  return copy;
};

const titleIn = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1]?.replace(/&#x27;/g, "'") ?? "";

describe("titles that are not cut", () => {
  // 50 + 10 characters of " – Leap AI" is exactly the limit; one character more and the name goes.
  const FITS = {
    en: "Fifty characters of title, which fits with a name.",
    de: "Ein Titel mit fünfzig Zeichen, der Name passt noch",
  };
  const LONG = {
    en: "Fifty-one characters of title: the name cannot fit.",
    de: "Ein Titel mit 51 Zeichen: hier passt der Name nicht",
  };

  it("carry the company's name where the whole fits into 60 characters, and leave it out where it would not", async () => {
    for (const text of [FITS.en, FITS.de]) expect([...text].length).toBe(LIMIT - SUFFIX.length);
    for (const text of [LONG.en, LONG.de]) expect([...text].length).toBe(LIMIT - SUFFIX.length + 1);
    const dir = site({
      "en/pages/fits.md": page(FITS.en),
      "de/pages/fits.md": page(FITS.de, "passt"),
      "en/pages/long.md": page(LONG.en),
      "de/pages/long.md": page(LONG.de, "lang"),
    }).dir;
    const outDir = join(outRoot, "site");
    const { model } = await build({ contentDir: dir, outDir });
    const read = (file: string) => readFileSync(join(outDir, file), "utf8");
    expect(titleIn(read("fits.html"))).toBe(`${FITS.en}${SUFFIX}`);
    expect(titleIn(read("de/passt.html"))).toBe(`${FITS.de}${SUFFIX}`);
    expect(titleIn(read("long.html"))).toBe(LONG.en);
    expect(titleIn(read("de/lang.html"))).toBe(LONG.de);
    // The link preview's title is the same.
    expect(read("long.html")).toContain(`<meta property="og:title" content="${LONG.en}"/>`);
    // The real pages: short ones keep the name, the long German article title goes without it, none is over.
    expect(titleIn(read("insights.html"))).toBe(`Insights${SUFFIX}`);
    expect(titleIn(read("de/einblicke/rag-agenten.html"))).toBe(
      "RAG-Agenten im Mittelstand: was sie leisten und was nicht",
    );
    for (const route of model.routes)
      expect([...titleIn(read(route.file))].length, route.path).toBeLessThanOrEqual(LIMIT);
  });

  it("an author's title over 60 characters is refused with its file, line and key, wherever titles are written", async () => {
    const over = "A title that is far too long for any search result to show in full";
    expect([...over].length).toBeGreaterThan(LIMIT);
    const dir = site({}).dir;
    const edit = (file: string, change: (text: string) => string) =>
      writeFileSync(join(dir, file), change(readFileSync(join(dir, file), "utf8")));
    edit("en/home.yaml", (text) => text.replace(/^( {2}title: ).*$/m, `$1${over}`));
    edit("de/common.yaml", (text) => text.replace(/^( {2}title: ).*$/m, `$1${over}`));
    edit("en/pages/privacy.md", (text) => text.replace(/^title: .*$/m, `title: ${over}`));
    const error = await build({ contentDir: dir, outDir: join(outRoot, "refused") }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ContentErrors);
    const messages = (error as ContentErrors).errors.map((e) => e.message.replace(/content-\w+\//g, "content/"));
    const rule = `has ${[...over].length} characters, ${[...over].length - 60} more than the 60 allowed: search results cut longer titles`;
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^content/en/home\\.yaml:\\d+: meta\\.title: ${rule}$`)),
        expect.stringMatching(new RegExp(`^content/de/common\\.yaml:\\d+: notFound\\.title: ${rule}$`)),
        expect.stringMatching(new RegExp(`^content/en/pages/privacy\\.md:\\d+: title: ${rule}$`)),
      ]),
    );
  });
});
