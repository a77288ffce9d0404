import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRequire } from "node:module";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../../../src/pipeline/index.ts";
import { hyphenatePage } from "../../../../src/pipeline/render/hyphenate.ts";
import { hyphenateText, MIN_FRAGMENT, syllablesOf } from "../../../../src/text/hyphenate.ts";

const SHY = "\u00ad";
const page = (lang: string, body: string) =>
  `<!DOCTYPE html><html lang="${lang}"><head><title>Datenschutzerklärung</title></head><body>${body}</body></html>`;
const bodyOf = (html: string) => html.slice(html.indexOf("<body>") + 6, html.indexOf("</body>"));
const shown = (text: string) => text.replaceAll(SHY, "|");

describe("soft hyphens in a rendered page, by each text's language and kind", () => {
  it("breaks a long German word only at its syllables, in headings and in running text", () => {
    const html = hyphenatePage(page("de", "<h1>Datenschutzerklärung</h1><p>Datenschutzerklärung</p>"));
    expect(shown(bodyOf(html))).toBe("<h1>Daten|schutz|er|klä|rung</h1><p>Daten|schutz|er|klä|rung</p>");
    // The <title> stays as written.
    expect(html).toContain("<title>Datenschutzerklärung</title>");
  });

  it("leaves words that fit the narrowest line of their kind whole: English headings, short German words", () => {
    const headings = "<h1>Custom AI Solutions</h1><h2>Insights</h2><h3>Contact form</h3>";
    expect(bodyOf(hyphenatePage(page("en", headings)))).toBe(headings);
    const german = '<h1 class="hero-headline">Mit KI in die Zukunft – Lösungen, die für Ihr Unternehmen arbeiten</h1>';
    expect(bodyOf(hyphenatePage(page("de", german)))).toBe(german);
  });

  it("hyphenates shorter words where the line is narrower: a stat's label, not a paragraph", () => {
    const html = hyphenatePage(
      page("de", "<dl><div><dt>Skalierbarkeit</dt><dd>∞</dd></div></dl><p>Skalierbarkeit</p>"),
    );
    expect(shown(bodyOf(html))).toBe("<dl><div><dt>Ska|lier|bar|keit</dt><dd>∞</dd></div></dl><p>Skalierbarkeit</p>");
  });

  it("uses the patterns of a section's own language inside a page of another (the bilingual Impressum)", () => {
    const html = hyphenatePage(
      page(
        "en",
        '<section lang="de"><h2>Verbraucherstreitbeilegung</h2></section><section><h2>Verbraucherstreitbeilegung</h2></section>',
      ),
    );
    const [german, english] = [...html.matchAll(/<h2>([^<]*)<\/h2>/g)].map((match) => shown(match[1] ?? ""));
    expect(german).toBe("Ver|brau|cher|streit|bei|le|gung");
    // Back in the English page after the German section closes: English patterns break the word elsewhere.
    expect(english).toContain("|");
    expect(english).not.toBe(german);
  });

  it("keeps attributes, tags, character references, scripts and the form island as they are", () => {
    const body =
      '<p title="Datenschutzerklärung" class="x">Don&#x27;t &amp; <em>Datenschutzerklärung</em></p><script>const Datenschutzerklärung = 1 < 2;</script>' +
      '<div class="card" id="contact-form-island"><div><h3>Datenschutzerklärung</h3><p>Datenschutzerklärung</p></div></div><code>Datenschutzerklärung</code>';
    expect(shown(bodyOf(hyphenatePage(page("de", body))))).toBe(
      body.replace("<em>Datenschutzerklärung", "<em>Daten|schutz|er|klä|rung"),
    );
  });

  it("leaves a language without patterns as it is", () => {
    const html = page("tlh", "<h1>Qapla'wIjjatlhqa'wIjjatlhqa'</h1>");
    expect(hyphenatePage(html)).toBe(html);
  });
});

describe("the soft-hyphen rule for one word", () => {
  it(`keeps at least ${MIN_FRAGMENT} letters before the first and after the last break`, () => {
    // The German patterns alone would allow Ge-schwin-dig-keit and Sys-te-me.
    expect(shown(hyphenateText("Geschwindigkeit", "de", 1))).toBe("Geschwin|dig|keit");
    expect(shown(hyphenateText("Systeme", "de", 1))).toBe("Sys|teme");
  });

  it("hyphenates from the given number of letters on, counting letters only", () => {
    expect(shown(hyphenateText("KI-Lösungen", "de", 9))).toBe("KI-Lösungen");
    expect(shown(hyphenateText("KI-Lösungen", "de", 8))).toBe("KI-Lösun|gen");
  });
});

describe("a very long word", () => {
  // The package itself, on the whole word at once: what the windows must give, for words it still takes in a test's time.
  const packaged = (lang: string) =>
    (createRequire(import.meta.url)(`hyphen/${lang}`) as { hyphenateSync: (w: string, o: object) => string })
      .hyphenateSync;
  const syllables = [
    "Donau",
    "dampf",
    "schiffs",
    "fahrt",
    "über",
    "wachungs",
    "aufgaben",
    "ge",
    "setz",
    "Qua",
    "lität",
  ];
  const longWord = fc
    .array(fc.constantFrom(...syllables), { minLength: 60, maxLength: 400 })
    .map((parts) => parts.join(""));

  it("breaks where the whole word breaks, window by window (German and English patterns)", () => {
    fc.assert(
      fc.property(longWord, fc.constantFrom("de", "en"), (word, lang) => {
        expect(syllablesOf(word, lang, 1)).toEqual(packaged(lang)(word, { minWordLength: 1 }).split(SHY));
      }),
      { numRuns: 40 },
    );
  });

  it("of 50,000 letters keeps its letters and gets its breaks (the whole word at once took the package 100 s)", () => {
    const word = "Donaudampfschifffahrtsgesellschaft".repeat(1_500).slice(0, 50_000);
    const hyphenated = hyphenateText(word, "de", 1);
    expect(hyphenated.replaceAll(SHY, "")).toBe(word);
    expect(hyphenated.split(SHY).length).toBeGreaterThan(10_000);
  });
});

describe("the built site", () => {
  const work = mkdtempSync(join(tmpdir(), "hyphenate-"));
  const pages: Record<string, string> = {};
  beforeAll(async () => {
    await build({ outDir: work });
    const walk = (dir: string) => {
      for (const entry of readdirSync(join(work, dir), { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith(".html")) pages[path] = readFileSync(join(work, path), "utf8");
      }
    };
    walk("");
  }, 60_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("gives English headings no soft hyphen, so a screen reader's heading list reads whole words", () => {
    // The editor's shell (admin/) is no page of the site and has no headings.
    const english = Object.entries(pages).filter(
      ([path, html]) => html.includes('<html lang="en"') && !path.startsWith("admin/"),
    );
    expect(english.length).toBeGreaterThan(3);
    for (const [path, html] of english) {
      // The Impressum's German half has German headings.
      const headings = [
        ...html
          .replace(/<section[^>]*lang="de"[\s\S]*?<\/section>/g, "")
          .matchAll(/<h[1-6]\b[^>]*>[\s\S]*?<\/h[1-6]>/g),
      ].map((match) => match[0]);
      expect(headings.length, path).toBeGreaterThan(0);
      expect(
        headings.filter((heading) => heading.includes(SHY)),
        path,
      ).toEqual([]);
    }
  });

  it("breaks the German stat that split mid-letter at 1280 px at its syllables", () => {
    expect(shown(pages[join("de", "index.html")] ?? "")).toMatch(/<dt>Durch\|schnitt\|li\|cher ROI<\/dt>/);
  });
});
