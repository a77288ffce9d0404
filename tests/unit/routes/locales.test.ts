import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../../src/pipeline/index.ts";
import { copyOfContent } from "../../support/content.ts";

// A third language needs only content and one entry in site.yaml's locale table: no code changes.
const copy = copyOfContent();
const outDir = join(mkdtempSync(join(tmpdir(), "locales-")), "dist");
const read = (file: string) => readFileSync(join(outDir, file), "utf8");

beforeAll(async () => {
  copy.edit("site.yaml", (text) =>
    text.replace(
      "  - { code: de, prefix: /de, ogLocale: de_DE, dateLocale: de-DE }\n",
      "$&  - { code: fr, prefix: /fr, ogLocale: fr_FR, dateLocale: fr-FR }\n",
    ),
  );
  // Copy stands in for a translation: the build does not read the words, only their shape.
  cpSync(join(copy.dir, "en"), join(copy.dir, "fr"), { recursive: true });
  copy.edit("fr/common.yaml", (text) =>
    text
      .replace("short: EN", "short: FR")
      .replace("readThisPage: Read this page in English", "readThisPage: Lire cette page en français"),
  );
  copy.edit("fr/pages/privacy.md", (text) => text.replace("slug: datenschutz", "slug: confidentialite"));
  await build({ contentDir: copy.dir, outDir });
}, 60_000);
afterAll(() => {
  copy.cleanup();
  rmSync(join(outDir, ".."), { recursive: true, force: true });
});

describe("a third language from content alone", () => {
  it("gets its home, pages and 404 page under its prefix, with its lang and og:locale", () => {
    for (const file of ["fr/index.html", "fr/confidentialite.html", "fr/404.html"])
      expect(existsSync(join(outDir, file)), file).toBe(true);
    expect(read("fr/index.html")).toContain('<html lang="fr">');
    expect(read("fr/index.html")).toContain('<meta property="og:locale" content="fr_FR"/>');
    // Cloudflare Pages answers its 404 page's own address through the Function (docs/deploying.md, "What each host does").
    expect(JSON.parse(read("_routes.json")).include).toContain("/fr/404");
  });

  it("every page names all three languages as alternates, and the build found them reciprocal", () => {
    for (const file of ["index.html", "de/datenschutz.html", "fr/confidentialite.html"]) {
      const html = read(file);
      expect(html, file).toContain('hrefLang="en" href="https://www.leap-ai.example/');
      expect(html, file).toContain('hrefLang="de" href="https://www.leap-ai.example/de/');
      expect(html, file).toContain('hrefLang="fr" href="https://www.leap-ai.example/fr/');
    }
    expect(read("sitemap.xml")).toContain("<loc>https://www.leap-ai.example/fr/confidentialite</loc>");
  });

  it("the language buttons lead to both other languages, each described in its own words", () => {
    const buttons = [
      ...read("de/datenschutz.html").matchAll(
        /<a class="lang-switch" href="([^"]+)"[^>]*>([A-Z]{2})<span class="visually-hidden"> – (?:<!-- -->)?([^<]+)</g,
      ),
    ].map((m) => m.slice(1));
    expect(buttons).toEqual([
      ["/datenschutz", "EN", "Read this page in English"],
      ["/fr/confidentialite", "FR", "Lire cette page en français"],
    ]);
  });
});
