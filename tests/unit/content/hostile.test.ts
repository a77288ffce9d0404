import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ContentErrors } from "../../../src/content/read/errors.ts";
import { loadContent } from "../../../src/content/load.ts";
import { build, OutputError } from "../../../src/pipeline/index.ts";
import { describeFailure } from "../../../src/pipeline/report.ts";
import { copyOfContent } from "../../support/content.ts";

// A careless author or an attacker with write access to content/: every problem is named with file and
// line, nothing crashes, and nothing dangerous reaches the HTML.
let copy: ReturnType<typeof copyOfContent> | undefined;
afterEach(() => copy?.cleanup());

const messagesOf = (error: unknown): string[] => {
  if (error instanceof ContentErrors) return error.errors.map((e) => e.message.replace(/content-\w+\//g, "content/"));
  if (error instanceof OutputError) return error.messages.map((p) => p.replace(/content-\w+\//g, "content/"));
  throw error;
};
async function loadErrors(change: (c: ReturnType<typeof copyOfContent>) => void): Promise<string[]> {
  copy = copyOfContent();
  change(copy);
  return loadContent(copy.dir).then(
    () => [],
    (error: unknown) => messagesOf(error),
  );
}
const lineOf = (file: string, needle: string) =>
  readFileSync(join(copy?.dir ?? "", file), "utf8")
    .split(/\r?\n/)
    .findIndex((line) => line.includes(needle)) + 1;

describe("hostile or careless content", () => {
  it("a javascript: link in a page fails the build with file and line, and dist/ keeps its last good state", async () => {
    copy = copyOfContent();
    const outDir = join(copy.dir, "..", `${copy.dir.split("/").pop()}-dist`);
    await build({ contentDir: copy.dir, outDir });
    const before = readFileSync(join(outDir, "datenschutz.html"), "utf8");
    copy.edit("en/pages/privacy.md", (text) => `${text}\n[Click](javascript:alert(1))\n`);
    const messages = await build({ contentDir: copy.dir, outDir }).then(() => [], messagesOf);
    const line = lineOf("en/pages/privacy.md", "[Click](javascript:");
    expect(messages).toEqual([
      `content/en/pages/privacy.md:${line}: a link to "javascript:" is refused: links may use https:, http:, mailto: and tel:, or start with / or #`,
    ]);
    expect(readFileSync(join(outDir, "datenschutz.html"), "utf8")).toBe(before);
  });

  it("a German author reads the Markdown's refusals in German, as npm run build says them with LANG=de_DE (issue 54)", async () => {
    copy = copyOfContent();
    const article = "de/pages/insights/rag-agents.md";
    copy.edit(
      article,
      (text) =>
        `${text}\n[Klick](javascript:alert(1))\n\n<details>Mehr</details>\n\n![Ein Schaubild](./rag-agent-de.pgn)\n\n![Ein Logo](/logo.png)\n\n| A | B |\n| --- | --- |\n| 1 | 2 | 3 |\n`,
    );
    copy.edit("de/pages/privacy.md", (text) => text.replace("{{legal.street}}", "{{legal.strasse}}"));
    copy.edit("de/pages/insights/chatbot-roi.md", (text) => `${text}\n## Main\n\nText.\n`);
    const error = await loadContent(copy.dir).catch((caught: unknown) => caught);
    const said = describeFailure(error, { language: "de" })
      .replace(/content-\w+\//g, "content/")
      .split("\n");
    const at = (needle: string) => `  content/${article}:${lineOf(article, needle)}: `;
    expect(said[0]).toBe("Probleme im Inhalt:");
    expect(said).toEqual(
      expect.arrayContaining([
        `${at("[Klick]")}ein Link auf "javascript:" wird abgelehnt: Links dürfen https:, http:, mailto: und tel: verwenden, oder mit / oder # beginnen`,
        `${at("<details>")}HTML-Code (<details…) ist in Markdown nicht erlaubt: er würde die Prüfungen der Website umgehen; stattdessen Markdown schreiben`,
        `${at("rag-agent-de.pgn")}das Bild ./rag-agent-de.pgn fehlt: keine solche Datei neben dieser Seite; war ./rag-agent-de.png gemeint?`,
        `${at("/logo.png")}das Bild "/logo.png" muss eine Datei neben dieser Seite sein, geschrieben ./name.png, oder eine in content/media/, geschrieben /media/name.png`,
        `${at("| 1 | 2 | 3 |")}diese Tabellenzeile hat 3 Zellen, die Kopfzeile der Tabelle 2: die Zellen darüber hinaus würden nicht angezeigt; in der Kopfzeile eine Spalte ergänzen (und in der Zeile darunter ihr | --- |), oder die überzähligen Zellen entfernen`,
        `  content/de/pages/privacy.md:${lineOf("de/pages/privacy.md", "{{legal.strasse}}")}: unbekannter Platzhalter {{legal.strasse}}: content/site.yaml hat kein "legal.strasse"; den Namen berichtigen, oder "legal.strasse" dort ergänzen`,
        `  content/de/pages/insights/chatbot-roi.md:${lineOf("de/pages/insights/chatbot-roi.md", "## Main")}: die Überschrift "Main" bekäme die ID "main", die die Seite selbst schon verwendet: die Überschrift umformulieren (z. B. "Main im Überblick")`,
      ]),
    );
  });

  it("CRLF line ends build exactly like LF, front matter and body", async () => {
    copy = copyOfContent();
    const lf = await loadContent(copy.dir);
    for (const file of ["en/pages/privacy.md", "de/pages/privacy.md", "impressum.md", "en/home.yaml"])
      copy.edit(file, (text) => text.replace(/\n/g, "\r\n"));
    const crlf = await loadContent(copy.dir);
    expect(crlf.pages.map((page) => [page.meta, page.html])).toEqual(lf.pages.map((page) => [page.meta, page.html]));
    expect(crlf.impressum.sections).toEqual(lf.impressum.sections);
    expect(crlf.langs.en?.home).toEqual(lf.langs.en?.home);
  });

  it("an error's line is right in a CRLF file too", async () => {
    const messages = await loadErrors((c) =>
      c.edit("en/pages/privacy.md", (text) => text.replace(/\n/g, "\r\n").replace(/^title: .*$/m, "title: ''")),
    );
    expect(messages).toEqual(["content/en/pages/privacy.md:2: title: must not be empty"]);
  });

  it.each([
    ["U+202E (right-to-left override)", "\u202e"],
    ["U+200B (zero-width space)", "\u200b"],
    ["U+FEFF (byte-order mark)", "\ufeff"],
    ["U+0007 (control character)", "\u0007"],
  ])("an invisible %s in copy fails with file, line and column", async (name, char) => {
    const messages = await loadErrors((c) =>
      c.edit("de/home.yaml", (text) => text.replace("headline: ", `headline: KI${char}`)),
    );
    const line = lineOf("de/home.yaml", "headline: KI");
    const column = readFileSync(join(copy?.dir ?? "", "de/home.yaml"), "utf8")
      .split("\n")
      [line - 1]?.indexOf(char);
    expect(messages).toEqual([
      expect.stringMatching(
        new RegExp(
          `^content/de/home\\.yaml:${line}:${(column ?? 0) + 1}: invisible character ${name.replace(/[()+]/g, "\\$&")}`,
        ),
      ),
    ]);
  });

  it("the same in a Markdown page", async () => {
    const messages = await loadErrors((c) =>
      c.edit("en/pages/privacy.md", (text) => text.replace("## Controller", "## Contro\u202eller")),
    );
    expect(messages).toEqual([
      expect.stringMatching(/^content\/en\/pages\/privacy\.md:\d+:\d+: invisible character U\+202E/),
    ]);
  });

  it("a content file over 512 KB is refused with its size", async () => {
    const messages = await loadErrors((c) =>
      c.edit("en/pages/privacy.md", (text) => `${text}\n${"- item\n".repeat(80_000)}`),
    );
    expect(messages).toEqual([
      expect.stringMatching(/^content\/en\/pages\/privacy\.md: is \d+ KB; a content file may have at most 512 KB/),
    ]);
  });

  it("a YAML alias bomb is an author error, not a stack trace", async () => {
    const bomb = [
      "a: &a [x, x, x, x, x, x, x, x, x, x]",
      ...Array.from(
        { length: 8 },
        (_, i) =>
          `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}]`,
      ),
    ].join("\n");
    const messages = await loadErrors((c) => writeFileSync(join(c.dir, "en/home.yaml"), bomb));
    expect(messages).toContainEqual(expect.stringMatching(/^content\/en\/home\.yaml: invalid YAML: .*alias/i));
  });

  it("a wrong type in the English file is blamed on the English file, not on the German one", async () => {
    const messages = await loadErrors((c) =>
      c.edit("en/home.yaml", (text) => text.replace(/^ {2}headline: (.*)$/m, "  headline:\n    text: $1")),
    );
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.every((message) => message.startsWith("content/en/home.yaml:"))).toBe(true);
  });

  it.each([
    ["https://a.example;script-src-elem", "must be exactly an origin and a path"],
    ["https://*", "must be exactly an origin and a path"],
    ["https://forms.example/f/1?x=1", "must be exactly an origin and a path"],
    ['https://forms.example/f/1" ', "must be exactly an origin and a path"],
    ["ftp://forms.example/f", 'must be "simulated", a path on this site such as /api/contact, or an https:// URL'],
    ["nope", 'must be "simulated", a path on this site such as /api/contact, or an https:// URL'],
    // Protocol-relative: another host, not a path on this site.
    [
      "//forms.example/f",
      "a path on this site must be letters, digits, . _ ~ - between single slashes, such as /api/contact",
    ],
    [
      "/api/contact?x=1",
      "a path on this site must be letters, digits, . _ ~ - between single slashes, such as /api/contact",
    ],
    [
      "/api/contact; script-src *",
      "a path on this site must be letters, digits, . _ ~ - between single slashes, such as /api/contact",
    ],
  ])("form.delivery %s is refused once, with its line", async (value, reason) => {
    const messages = await loadErrors((c) =>
      c.edit("site.yaml", (text) => text.replace("  delivery: simulated", `  delivery: ${JSON.stringify(value)}`)),
    );
    expect(messages).toEqual([
      `content/site.yaml:${lineOf("site.yaml", "  delivery: ")}: form.delivery: ${reason}${reason.startsWith("must be exactly") ? ", such as https://formspree.io/f/abcdwxyz: no query, #fragment, user name, spaces, quotes, ; , * or $" : ""}`,
    ]);
  });

  it("SITE_URL gets the same https check as url in site.yaml", async () => {
    copy = copyOfContent();
    const failure = await build({
      contentDir: copy.dir,
      outDir: join(copy.dir, "out"),
      siteUrl: "http://staging.example.org",
    }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(messagesOf(failure)).toEqual([
      'SITE_URL (environment): "http://staging.example.org" must be an https:// URL',
    ]);
    // The operator's, said as npm run build says it with LANG=de (issue 54).
    expect(describeFailure(failure, { language: "de" }).split("\n")).toEqual([
      "Probleme im Inhalt:",
      '  SITE_URL (environment): "http://staging.example.org" muss eine https://-URL sein: SITE_URL auf die Adresse der Website setzen, z. B. https://www.beispiel.de',
    ]);
  });

  it("link check: a query is fine, a path out of dist/ and a malformed %-encoding are broken, each named where it was written", async () => {
    copy = copyOfContent();
    copy.edit(
      "en/pages/privacy.md",
      (text) => `${text}\n[Legal notice](/impressum?x=1)\n\n[Out](/%2e%2e/package.json)\n`,
    );
    const messages = await build({ contentDir: copy.dir, outDir: join(copy.dir, "out") }).then(() => [], messagesOf);
    const line = lineOf("en/pages/privacy.md", "[Out](");
    expect(messages).toEqual([
      `content/en/pages/privacy.md:${line}: broken link /%2e%2e/package.json: no page or file of the site has this address`,
    ]);
    expect(existsSync(join(copy.dir, "out"))).toBe(false);
  });
});
