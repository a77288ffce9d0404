import { afterEach, describe, expect, it } from "vitest";
import { loadContent } from "../../../src/content/load.ts";
import { describeFailure } from "../../../src/pipeline/report.ts";
import { type Content, copyOfContent } from "../../support/content.ts";

// Issue 54: what the loader says about site.yaml's authors, published.yaml, the content folder's files and the
// language files reaches a German author in German, as npm run build and npm run check print it
// (describeFailure for a refusal, messageIn for a warning) with LANG=de or a German default language.
let copy: Content | undefined;
afterEach(() => copy?.cleanup());

/** The loader's refusal of `copy`, as the command line says it in German, files named from content/. */
async function germanFailure(content: Content): Promise<string> {
  const error = await loadContent(content.dir).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (error === undefined) throw new Error("test setup: the content loaded");
  return describeFailure(error, { language: "de" }).replaceAll(content.dir.split("/").pop() ?? "", "content");
}

/** content/ with an author list in site.yaml, one photo missing. */
const withAuthors = (content: Content, photo: string) =>
  content.edit("site.yaml", (text) =>
    text.replace(/^locales:/m, `authors:\n  - name: Jana Weber\n    photo: ${photo}\nlocales:`),
  );

describe("the loader's messages in German", () => {
  it("rules/authors.ts: an author's typo and a photo that is not there", async () => {
    copy = copyOfContent();
    withAuthors(copy, "/media/jana.jpg");
    copy.edit("en/pages/insights/chatbot-roi.md", (text) => text.replace(/^title:/m, "author: Jana Webber\ntitle:"));
    const said = await germanFailure(copy);
    expect(said).toContain(
      "content/en/pages/insights/chatbot-roi.md:2: author: „Jana Webber“ ist keiner der Autoren aus site.yaml: war „Jana Weber“ gemeint? (ein Name, der dort nicht steht, wird so gezeigt, wie er geschrieben ist, ohne Rolle und Foto)",
    );
    expect(said).toMatch(
      /content\/site\.yaml:\d+: authors\[0\]\.photo: \/media\/jana\.jpg fehlt: keine solche Datei in content\/media\/$/m,
    );
  });

  it("rules/published.ts: a line no page can have published, and a list that is not one", async () => {
    copy = copyOfContent();
    copy.edit("published.yaml", (text) => `${text}/de/404.html: de/pages/privacy.md\nnot-an-address: x.md\n`);
    const said = await germanFailure(copy);
    expect(said).toMatch(
      /content\/published\.yaml:\d+: "\/de\/404\.html" "404\.html" ist reserviert für die Seite für Adressen, die es nicht gibt: einen anderen Namen wählen: keine Seite kann diese Adresse veröffentlicht haben, also diese Zeile löschen/,
    );
    expect(said).toMatch(
      /content\/published\.yaml:\d+: "not-an-address": muss eine Adresse und die Datei sein, aus der sie stammt/,
    );
  });

  it("rules/published.ts: a deleted list is warned in German", async () => {
    copy = copyOfContent();
    copy.remove("published.yaml");
    const { warnings } = await loadContent(copy.dir);
    expect(warnings.map((warning) => warning.messageIn("de")).join("\n")).toMatch(
      /\/published\.yaml: fehlt, also fällt keine Seite auf, die seit der letzten Erstellung umgezogen ist: wurde die Datei versehentlich gelöscht, sie wiederherstellen \(git checkout content\/published\.yaml\)/,
    );
  });

  it("read/folder.ts: a YAML mistake and a file that is not there", async () => {
    copy = copyOfContent();
    copy.edit("de/home.yaml", (text) => text.replace(/^meta:\n {2}title:/m, "meta:\n\ttitle:"));
    expect(await germanFailure(copy)).toMatch(
      /^ {2}content\/de\/home\.yaml:\d+:1: ungültiges YAML: diese Zeile ist mit einem Tabulator eingerückt: YAML rückt nur mit Leerzeichen ein \(den Tabulator durch Leerzeichen ersetzen\)$/m,
    );
    copy.cleanup();
    copy = copyOfContent();
    copy.remove("de/form.yaml");
    expect(await germanFailure(copy)).toMatch(
      /^ {2}content\/de\/form\.yaml: die Datei fehlt: sie anlegen oder wiederherstellen$/m,
    );
  });

  it("load.ts: a placeholder nothing fills, a menu entry to no page, two countries", async () => {
    copy = copyOfContent();
    copy.edit("de/common.yaml", (text) => text.replace("to: insights }", "to: insight }"));
    copy.edit("en/home.yaml", (text) => text.replace(/^( {2}title: Leap AI)/m, "$1 {firm}"));
    copy.edit("site.yaml", (text) => text.replace("countryEn: Germany", "countryEn: Austria"));
    const said = await germanFailure(copy);
    expect(said).toMatch(
      /^ {2}content\/de\/common\.yaml:\d+: header\.nav\[2\]\.to: "insight" ist keine Seite: war "insights" gemeint\?$/m,
    );
    expect(said).toContain(
      "content/en/home.yaml: unbekannter Platzhalter {firm}: in dieser Datei füllt ihn nichts aus (den Namen in den geschweiften Klammern prüfen, oder die Klammern entfernen)",
    );
    expect(said).toMatch(
      /content\/site\.yaml:\d+: legal\.countryEn: "Austria" und legal\.country "Deutschland" nennen verschiedene Länder: in beide dasselbe Land schreiben \(hier auf Englisch, dort auf Deutsch\)/,
    );
  });
});
