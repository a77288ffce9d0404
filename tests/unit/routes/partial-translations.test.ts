import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ContentErrors, formatProblem } from "../../../src/content/read/errors.ts";
import { loadContent } from "../../../src/content/load.ts";
import { translationWarnings } from "../../../src/content/rules/translations.ts";
import { checkHreflang } from "../../../src/pipeline/checks/hreflang.ts";
import { DevBuild } from "../../../src/pipeline/dev-build.ts";
import { build } from "../../../src/pipeline/index.ts";
import { copyOfContent, page as written } from "../../support/content.ts";
import { TEST_VALIDATION_CACHE } from "../validation-cache.ts";

// Pages that exist in some languages only: an English-only and a German-only article in the insights
// section, an English-only page the menus of both languages name, and an English-only section.
const outRoot = mkdtempSync(join(tmpdir(), "partial-"));
afterAll(() => rmSync(outRoot, { recursive: true, force: true }));

const SITE = "https://www.leap-ai.example";
/** A page whose front matter values are quoted YAML strings. */
const page = (front: Record<string, string>, body?: string) => written(front, body, { quoted: true });

const PARTIAL = {
  "en/pages/insights/english-only.md": page({
    title: "English only",
    description: "Written in English alone.",
    date: "2026-11-10",
    summary: "Only here.",
  }),
  "de/pages/insights/nur-deutsch.md": page({
    title: "Nur auf Deutsch",
    description: "Nur deutsch geschrieben.",
    date: "2026-11-11",
    summary: "Nur hier.",
    slug: "nur-deutsch",
  }),
  "en/pages/careers.md": page({ title: "Careers", description: "Work with us." }),
  "en/pages/cases/index.md": page({ title: "Case studies", description: "What we built." }),
  "en/pages/cases/first.md": page({
    title: "First case",
    description: "The first one.",
    date: "2026-10-01",
    summary: "First.",
  }),
};

/** A copy of content/ with the partial pages, a menu entry to the English-only page in both languages, and `translations` as given. */
function partialContent(translations: "partial" | "complete") {
  const copy = copyOfContent();
  for (const [path, text] of Object.entries(PARTIAL)) {
    mkdirSync(dirname(join(copy.dir, path)), { recursive: true });
    writeFileSync(join(copy.dir, path), text);
  }
  if (translations === "partial")
    copy.edit("site.yaml", (text) => text.replace("translations: complete", "translations: partial"));
  copy.edit("en/common.yaml", (text) =>
    text.replace('    - { label: Contact, to: "#contact" }\n', "$&    - { label: Careers, to: careers }\n"),
  );
  copy.edit("de/common.yaml", (text) =>
    text.replace('    - { label: Kontakt, to: "#contact" }\n', "$&    - { label: Karriere, to: careers }\n"),
  );
  return copy;
}

const normalize = (message: string) => message.replace(/content-\w+\//g, "content/");

describe("pages in some languages only (translations: partial)", () => {
  const copy = partialContent("partial");
  const outDir = join(outRoot, "partial");
  const read = (file: string) => readFileSync(join(outDir, file), "utf8");
  let warnings: string[] = [];
  let content: Awaited<ReturnType<typeof loadContent>> | undefined;
  beforeAll(async () => {
    const result = await build({ contentDir: copy.dir, outDir, validationCache: TEST_VALIDATION_CACHE });
    warnings = result.warnings.map((warning) => normalize(warning.message));
    content = result.model.content;
  }, 120_000);
  afterAll(() => copy.cleanup());

  it("a page exists only in the languages that have it: no copy of another language, no warning from the build", () => {
    for (const file of [
      "insights/english-only.html",
      "de/einblicke/nur-deutsch.html",
      "careers.html",
      "cases.html",
      "cases/first.html",
      "cases/feed.xml",
    ]) {
      expect(existsSync(join(outDir, file)), file).toBe(true);
    }
    for (const file of [
      "de/einblicke/english-only.html",
      "de/insights/english-only.html",
      "insights/nur-deutsch.html",
      "de/careers.html",
      "de/cases.html",
      "de/cases/feed.xml",
    ]) {
      expect(existsSync(join(outDir, file)), file).toBe(false);
    }
    expect(warnings).toEqual([]);
    // Each section lists the pages of its own language.
    expect(read("insights.html")).toContain('href="/insights/english-only"');
    expect(read("insights.html")).not.toContain("nur-deutsch");
    expect(read("de/einblicke.html")).toContain('href="/de/einblicke/nur-deutsch"');
    expect(read("de/einblicke.html")).not.toContain("english-only");
  });

  it("the language button leads to the nearest translated page and says, in that language, that this one is not there", () => {
    // Soft hyphens (hyphenation) taken out: the words are what counts here.
    const button = (file: string) =>
      /<a class="lang-switch"[^>]*>[\s\S]*?<\/a>/.exec(read(file))?.[0].replaceAll("\u00ad", "");
    expect(button("insights/english-only.html")).toBe(
      '<a class="lang-switch" href="/de/einblicke#not-translated" hrefLang="de" lang="de" title="Diese Seite gibt es nicht auf Deutsch – zur nächstgelegenen deutschen Seite" data-lang-switch="">DE</a>',
    );
    expect(button("de/einblicke/nur-deutsch.html")).toContain(
      'href="/insights#not-translated" hrefLang="en" lang="en" title="This page is not available in English – go to the nearest English page"',
    );
    // A page in a section the other language lacks, and a page outside any section: that language's home page.
    expect(button("cases/first.html")).toContain('href="/de/#not-translated"');
    expect(button("cases.html")).toContain('href="/de/#not-translated"');
    expect(button("careers.html")).toContain('href="/de/#not-translated"');
    // The 404 page leads to the other home page, with no notice: there is no page to be missing.
    expect(button("404.html")).toContain(
      'href="/de/" hrefLang="de" lang="de" data-lang-switch="">DE<span class="visually-hidden">',
    );
    // A page with its twin keeps the plain button.
    expect(button("insights/rag-agents.html")).toContain(
      'href="/de/einblicke/rag-agenten" hrefLang="de" lang="de" data-lang-switch="">',
    );
  });

  it("every page a button can fall back to carries the notice, in its own language, shown only as the #target", () => {
    const notice = (file: string) => /<p id="not-translated"[^>]*>([^<]*)<\/p>/.exec(read(file))?.[1];
    expect(notice("de/einblicke.html")).toBe(
      "Die Seite, von der Sie kommen, gibt es nicht auf Deutsch. Hier ist die nächstgelegene deutsche Seite.",
    );
    expect(notice("de/index.html")).toBe(
      "Die Seite, von der Sie kommen, gibt es nicht auf Deutsch. Hier ist die nächstgelegene deutsche Seite.",
    );
    expect(notice("insights.html")).toBe(
      "The page you came from is not available in English, so here is the nearest page that is.",
    );
    expect(notice("index.html")).toBe(
      "The page you came from is not available in English, so here is the nearest page that is.",
    );
    expect(notice("insights/english-only.html")).toBeUndefined();
    expect(read("index.html")).toMatch(/\.not-translated:not\(:target\)\{display:none\}/);
  });

  it("a menu entry to a page missing in this language leads to the English one, marked with its language", () => {
    const nav = (file: string) => /<nav class="header-nav"[\s\S]*?<\/nav>/.exec(read(file))?.[0] ?? "";
    expect(nav("de/index.html")).toContain(
      '<a href="/careers" hrefLang="en">Karriere<!-- --> <span class="menu-language" lang="en">(<!-- -->English<!-- -->)</span></a>',
    );
    expect(nav("de/einblicke/nur-deutsch.html")).toContain('<a href="/careers" hrefLang="en">Karriere');
    expect(nav("index.html")).toContain('<a href="/careers">Careers</a>');
    // The bilingual Impressum is every language's own: no mark.
    expect(read("de/index.html")).toContain('<a href="/impressum">Impressum</a>');
  });

  it("the sitemap and hreflang name only the translations that exist, and the build found them reciprocal", () => {
    const sitemap = read("sitemap.xml");
    const entry = (path: string) =>
      new RegExp(`<url>\\s*<loc>${SITE}${path}</loc>[\\s\\S]*?</url>`).exec(sitemap)?.[0] ?? "";
    expect(entry("/insights/english-only")).not.toContain("xhtml:link");
    expect(entry("/de/einblicke/nur-deutsch")).not.toContain("xhtml:link");
    expect(sitemap).not.toContain(`${SITE}/de/einblicke/english-only`);
    expect(entry("/insights/rag-agents")).toContain(`hreflang="de" href="${SITE}/de/einblicke/rag-agenten"`);
    expect(read("insights/english-only.html")).not.toContain('rel="alternate" hrefLang');
    expect(read("insights/rag-agents.html")).toContain(
      `<link rel="alternate" hrefLang="de" href="${SITE}/de/einblicke/rag-agenten"/>`,
    );
  });

  it("npm run check lists each page missing in a language", () => {
    const blocks = translationWarnings(content as NonNullable<typeof content>).map((block) => ({
      ...block,
      lines: block.lines.map(normalize),
    }));
    expect(blocks).toEqual([
      {
        heading: "5 pages exist in some languages only:",
        lines: [
          "content/en/pages/careers.md: not in de: content/de/pages/careers.md",
          "content/en/pages/cases/first.md: not in de: content/de/pages/cases/first.md",
          "content/en/pages/cases/index.md: not in de: content/de/pages/cases/index.md",
          "content/en/pages/insights/english-only.md: not in de: content/de/pages/insights/english-only.md",
          "content/de/pages/insights/nur-deutsch.md: not in en: content/en/pages/insights/nur-deutsch.md",
        ],
      },
    ]);
  });
});

describe("translations: complete", () => {
  let copy: ReturnType<typeof copyOfContent> | undefined;
  afterEach(() => copy?.cleanup());
  const counterpart = [
    "content/en/pages/careers.md: has no counterpart in de: content/de/pages/careers.md does not exist (site.yaml says translations: complete): translate it, or choose Translations: Some languages only (translations: partial in its front matter) to publish it in some languages only",
    "content/en/pages/cases/first.md: has no counterpart in de: content/de/pages/cases/first.md does not exist (site.yaml says translations: complete): translate it, or choose Translations: Some languages only (translations: partial in its front matter) to publish it in some languages only",
    "content/en/pages/cases/index.md: has no counterpart in de: content/de/pages/cases/index.md does not exist (site.yaml says translations: complete): translate it, or choose Translations: Some languages only (translations: partial in its front matter) to publish it in some languages only",
    "content/en/pages/insights/english-only.md: has no counterpart in de: content/de/pages/insights/english-only.md does not exist (site.yaml says translations: complete): translate it, or choose Translations: Some languages only (translations: partial in its front matter) to publish it in some languages only",
    "content/de/pages/insights/nur-deutsch.md: has no counterpart in en: content/en/pages/insights/nur-deutsch.md does not exist (site.yaml says translations: complete): translate it, or choose Translations: Some languages only (translations: partial in its front matter) to publish it in some languages only",
  ];

  it("--strict refuses every missing page, naming the file that exists and the one that does not", async () => {
    copy = partialContent("complete");
    const error = await build({ contentDir: copy.dir, outDir: join(outRoot, "strict"), strict: true }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ContentErrors);
    const messages = (error as ContentErrors).errors.map((e) => normalize(e.message));
    // The copy of the site still has its placeholders, which --strict refuses as well.
    expect(messages.filter((message) => !message.includes("placeholder"))).toEqual(counterpart);
  });

  it("a build without --strict only warns", async () => {
    copy = partialContent("complete");
    const { warnings } = await build({
      contentDir: copy.dir,
      outDir: join(outRoot, "complete"),
      validationCache: TEST_VALIDATION_CACHE,
    });
    expect(warnings.map((warning) => normalize(warning.message))).toEqual(counterpart);
  });

  it("a twin deleted in one language is said to have no counterpart, never a missing file", async () => {
    copy = copyOfContent();
    copy.remove("de/pages/privacy.md");
    const content = await loadContent(copy.dir);
    const { incompleteTranslations } = await import("../../../src/content/rules/translations.ts");
    expect(incompleteTranslations(content).map((e) => normalize(e.message))).toEqual([
      "content/en/pages/privacy.md: has no counterpart in de: content/de/pages/privacy.md does not exist (site.yaml says translations: complete): translate it, or choose Translations: Some languages only (translations: partial in its front matter) to publish it in some languages only",
    ]);
  });
});

describe("a page in a section that its language lacks", () => {
  it("is refused, naming the page and the section's index it would need", async () => {
    const copy = copyOfContent();
    try {
      for (const [path, text] of Object.entries({
        ...PARTIAL,
        "de/pages/cases/erster.md": page({ title: "Erster Fall", description: "Der erste.", date: "2026-10-01" }),
      })) {
        mkdirSync(dirname(join(copy.dir, path)), { recursive: true });
        writeFileSync(join(copy.dir, path), text);
      }
      const error = await loadContent(copy.dir).catch((caught: unknown) => caught);
      expect((error as ContentErrors).errors.map((e) => normalize(e.message))).toEqual([
        "content/de/pages/cases/erster.md: is in the section cases/, which has no page in de: add content/de/pages/cases/index.md (a translation of content/en/pages/cases/index.md), or move this page out of the folder",
      ]);
    } finally {
      copy.cleanup();
    }
  });
});

describe("a staged language (published: false)", () => {
  const copy = copyOfContent();
  beforeAll(() => {
    copy.edit("site.yaml", (text) =>
      text.replace(
        "  - { code: de, prefix: /de, ogLocale: de_DE, dateLocale: de-DE }\n",
        "$&  - { code: fr, prefix: /fr, ogLocale: fr_FR, dateLocale: fr-FR, published: false }\n",
      ),
    );
    // Under way: common.yaml partly translated and one key short, form.yaml copied, home.yaml not there yet, no pages.
    mkdirSync(join(copy.dir, "fr"));
    cpSync(join(copy.dir, "en/common.yaml"), join(copy.dir, "fr/common.yaml"));
    cpSync(join(copy.dir, "en/form.yaml"), join(copy.dir, "fr/form.yaml"));
    copy.edit("fr/common.yaml", (text) =>
      text
        .replace("short: EN", "short: FR")
        .replace("readThisPage: Read this page in English", "readThisPage: Lire cette page en français")
        .replace("name: English", "name: Français")
        .replace("  bookMeetingShort: Book\n", ""),
    );
  });
  afterAll(() => copy.cleanup());

  it("npm run build leaves it out entirely", async () => {
    const outDir = join(outRoot, "staged-build");
    const read = (file: string) => readFileSync(join(outDir, file), "utf8");
    const { warnings } = await build({ contentDir: copy.dir, outDir, validationCache: TEST_VALIDATION_CACHE });
    expect(warnings).toEqual([]);
    expect(existsSync(join(outDir, "fr"))).toBe(false);
    expect(read("index.html")).not.toContain("/fr/");
    expect(read("index.html")).not.toContain('hrefLang="fr"');
    expect(read("sitemap.xml")).not.toContain("/fr/");
    expect(read("_redirects")).not.toContain("/fr");
  });

  it("npm run dev builds it with its marker on every page, its gaps filled from the default language and reported as warnings", async () => {
    const outDir = join(outRoot, "staged-dev");
    const read = (file: string) => readFileSync(join(outDir, file), "utf8");
    // npm run dev's own builder, as its worker runs it.
    const { warnings } = await new DevBuild({
      contentDir: copy.dir,
      outDir,
      validationCache: TEST_VALIDATION_CACHE,
    }).run();
    expect(warnings.map(normalize)).toEqual([
      "content/fr/home.yaml: does not exist yet: the preview of this staged language shows content/en/home.yaml",
      expect.stringMatching(
        /^content\/fr\/common\.yaml:\d+: header\.bookMeetingShort: "header\.bookMeetingShort" is missing here but exists in content\/en\/common\.yaml:\d+: add it on the French tab/,
      ),
    ]);
    const marker =
      '<p class="staged-language" lang="en">Preview: this language is not published yet (site.yaml says published: false)</p>';
    for (const file of ["fr/index.html", "fr/404.html"]) expect(read(file), file).toContain(marker);
    expect(read("index.html")).not.toContain('<p class="staged-language"');
    // The key it lacks, previewed in the default language's words; its menu leads to the English pages, marked.
    expect(read("fr/index.html")).toContain('<span class="label-short">Book</span>');
    expect(read("fr/index.html")).toContain(
      '<a href="/insights" hrefLang="en">Insights<!-- --> <span class="menu-language" lang="en">(<!-- -->English<!-- -->)</span></a>',
    );
    expect(read("index.html")).toContain('href="/fr/" hrefLang="fr" lang="fr" data-lang-switch="">FR');
  });

  it("npm run check lists its missing pages and every value it still shares with the default language", async () => {
    const content = await loadContent(copy.dir, { staged: true });
    const blocks = translationWarnings(content).map((block) => ({
      ...block,
      lines: block.lines.map(normalize),
    }));
    expect(blocks.map((block) => block.heading)).toEqual([
      // Only a staged language lacks them: nothing a strict build refuses.
      "4 pages exist in some languages only:",
      "2 gaps in staged languages (npm run dev previews them with the default language's text):",
      expect.stringMatching(/^\d+ values are the same as in the default language:$/),
    ]);
    expect(blocks[0]?.lines[0]).toBe(
      "content/en/pages/insights/chatbot-roi.md: not in fr (staged): content/fr/pages/insights/chatbot-roi.md",
    );
    const same = blocks[2]?.lines ?? [];
    const line =
      readFileSync(join(copy.dir, "fr/common.yaml"), "utf8")
        .split("\n")
        .findIndex((text) => text.includes("bookMeeting: Book a Meeting")) + 1;
    expect(same).toContain(
      `content/fr/common.yaml:${line}: header.bookMeeting: "Book a Meeting" is the same as in content/en/common.yaml — untranslated?`,
    );
    // A name, a code, an address or a single word may well be the same: not reported.
    expect(same.join("\n")).not.toMatch(/language\.short|"#services"|"Insights"|mailto|https:/);
  });
});

describe("hreflang with three languages and a page in two of them", () => {
  const copy = copyOfContent();
  const outDir = join(outRoot, "three");
  const read = (file: string) => readFileSync(join(outDir, file), "utf8");
  let files: string[] = [];
  beforeAll(async () => {
    copy.edit("site.yaml", (text) =>
      text
        .replace(
          "  - { code: de, prefix: /de, ogLocale: de_DE, dateLocale: de-DE }\n",
          "$&  - { code: fr, prefix: /fr, ogLocale: fr_FR, dateLocale: fr-FR }\n",
        )
        .replace("translations: complete", "translations: partial"),
    );
    // Copy stands in for a translation, as in locales.test.ts; French lacks the privacy page, German the tools page.
    cpSync(join(copy.dir, "en"), join(copy.dir, "fr"), { recursive: true });
    copy.edit("fr/common.yaml", (text) =>
      text.replace("short: EN", "short: FR").replace("name: English", "name: Français"),
    );
    copy.remove("fr/pages/privacy.md");
    for (const lang of ["en", "fr"])
      writeFileSync(join(copy.dir, lang, "pages/tools.md"), page({ title: "Tools", description: "What we use." }));
    ({ files } = await build({ contentDir: copy.dir, outDir, validationCache: TEST_VALIDATION_CACHE }));
  }, 120_000);
  afterAll(() => copy.cleanup());

  const alternates = (file: string) =>
    [...read(file).matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map(
      (m) => `${m[1]} ${m[2]}`,
    );

  it("each page names exactly the languages that have it, the same set on each of them (the build checked it)", () => {
    // The privacy page has the slug datenschutz in both languages (the spec's address).
    const privacy = [`en ${SITE}/datenschutz`, `de ${SITE}/de/datenschutz`, `x-default ${SITE}/datenschutz`];
    expect(alternates("datenschutz.html")).toEqual(privacy);
    expect(alternates("de/datenschutz.html")).toEqual(privacy);
    const tools = [`en ${SITE}/tools`, `fr ${SITE}/fr/tools`, `x-default ${SITE}/tools`];
    expect(alternates("tools.html")).toEqual(tools);
    expect(alternates("fr/tools.html")).toEqual(tools);
    expect(checkHreflang(outDir, files, SITE)).toEqual([]);
  });

  it("a page that leaves one of them out is still reported", () => {
    const path = join(outDir, "fr/tools.html");
    const original = readFileSync(path, "utf8");
    writeFileSync(path, original.replace(`<link rel="alternate" hrefLang="en" href="${SITE}/tools"/>`, ""));
    try {
      expect(checkHreflang(outDir, files, SITE).map(formatProblem)).toContain(
        'tools.html: hreflang="fr" page fr/tools.html does not link back with the same alternates',
      );
    } finally {
      writeFileSync(path, original);
    }
  });
});
