// Every message an author meets about their content, in each language the editor's interface and the command line
// speak: the build's content problems, npm run check's and the editor's verdict all say them from here, so a German
// author reads German wherever the message reaches her. German is written as the editor's German interface writes
// (impersonal: "übersetzen", "schreiben", no du or Sie), and counts from 1 as people do.
// tests/unit/shared/messages.test.ts fails on an entry without German text.

/** The languages messages are written in: the editor's interface languages. */
export const MESSAGE_LANGUAGES = ["en", "de"] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

/** One message in every language, each from the same values. */
type Entry<P> = Record<MessageLanguage, (values: P) => string>;

/** A message said in every language: what a Problem carries, so each reader gets it in theirs. */
export type Said = Record<MessageLanguage, string>;

/** A key path's list entry as people count it, from 1: header.nav[4] is " (header.nav, entry 5)". */
function counted(keyPath: string, lang: MessageLanguage): string {
  const last = /^(.*)\[(\d+)\]$/.exec(keyPath);
  if (!last) return "";
  return lang === "de"
    ? ` (${last[1]}, Eintrag ${Number(last[2]) + 1})`
    : ` (${last[1]}, entry ${Number(last[2]) + 1})`;
}

interface MissingKey {
  keyPath: string;
  other: string;
  line: string;
  /** The language of the file that lacks it, and of the one that has it. */
  here: string;
  there: string;
}

interface UnknownCampaign {
  code: string;
  /** site.yaml's campaign codes, joined by ", "; "" where it lists none. */
  codes: string;
  meant?: string;
}

/** "a, b or c", "a, b oder c" */
const either = (values: readonly string[], lang: MessageLanguage) =>
  values.length < 2
    ? (values[0] ?? "")
    : `${values.slice(0, -1).join(", ")} ${lang === "de" ? "oder" : "or"} ${values.at(-1)}`;

/** "English", "Englisch": a language as each interface names it. */
const languageName = (code: string, inLanguage: MessageLanguage) =>
  new Intl.DisplayNames([inLanguage], { type: "language" }).of(code) ?? code;

export const MESSAGES = {
  // Loading, folders, authors, published, cache and cards (issue 54)
  unfilledPlaceholder: {
    en: ({ name }: { name: string }) => `unknown placeholder {${name}}: nothing fills it in this file`,
    de: ({ name }) =>
      `unbekannter Platzhalter {${name}}: in dieser Datei füllt ihn nichts aus (den Namen in den geschweiften Klammern prüfen, oder die Klammern entfernen)`,
  } satisfies Entry<{ name: string }>,
  impressumNoLanguage: {
    en: ({ lang }: { lang: string }) => `"${lang}" is not a language in site.yaml's locales`,
    de: ({ lang }) =>
      `"${lang}" ist keine Sprache unter locales in site.yaml: eine der dortigen Sprachen schreiben, oder die Sprache dort ergänzen`,
  } satisfies Entry<{ lang: string }>,
  impressumNoSection: {
    en: ({ lang }: { lang: string }) => `no "<!-- section: ${lang} -->" part in the body`,
    de: ({ lang }) =>
      `im Text fehlt der Teil "<!-- section: ${lang} -->": ihn unter den Kopf schreiben, gefolgt vom Text auf ${languageName(lang, "de")}`,
  } satisfies Entry<{ lang: string }>,
  countriesDiffer: {
    en: ({ english, german }: { english: string; german: string }) =>
      `"${english}" and legal.country "${german}" name different countries: write the same country in both (in English here, in German there)`,
    de: ({ english, german }) =>
      `"${english}" und legal.country "${german}" nennen verschiedene Länder: in beide dasselbe Land schreiben (hier auf Englisch, dort auf Deutsch)`,
  } satisfies Entry<{ english: string; german: string }>,
  stagedFileMissing: {
    en: ({ shown }: { shown: string }) => `does not exist yet: the preview of this staged language shows ${shown}`,
    de: ({ shown }) =>
      `gibt es noch nicht: die Vorschau dieser noch nicht veröffentlichten Sprache (published: false) zeigt ${shown}`,
  } satisfies Entry<{ shown: string }>,
  languageFolderName: {
    en: ({ name }: { name: string }) => `"${name}" is where the ${name} pages live: choose another name`,
    de: ({ name }) => `unter "${name}" stehen die Seiten der Sprache ${name}: einen anderen Namen wählen`,
  } satisfies Entry<{ name: string }>,
  noSuchTarget: {
    en: ({ to, meant, allowed }: { to: string; meant?: string; allowed: string }) =>
      `"${to}" is no page: ${meant ? `did you mean "${meant}"?` : `use ${allowed} or the path of a file under pages/ without .md`}`,
    de: ({ to, meant, allowed }) =>
      `"${to}" ist keine Seite: ${meant ? `war "${meant}" gemeint?` : `${allowed} oder den Pfad einer Datei unter pages/ ohne .md verwenden`}`,
  } satisfies Entry<{ to: string; meant?: string; allowed: string }>,
  leadsOutside: {
    en: (_: Record<string, never>) =>
      "leads outside the content folder (a symbolic link?): content files must be inside content/",
    de: () =>
      "führt aus dem Inhaltsordner hinaus (ein symbolischer Link?): Inhaltsdateien müssen in content/ liegen; die Datei selbst nach content/ kopieren",
  } satisfies Entry<Record<string, never>>,
  fileMissing: {
    en: (_: Record<string, never>) => "file is missing",
    de: () => "die Datei fehlt: sie anlegen oder wiederherstellen",
  } satisfies Entry<Record<string, never>>,
  fileUnreadable: {
    en: ({ code }: { code: string }) => `cannot be read (${code})`,
    de: ({ code }) => `kann nicht gelesen werden (${code}): die Zugriffsrechte der Datei prüfen`,
  } satisfies Entry<{ code: string }>,
  frontMatterNotYaml: {
    en: ({ language }: { language: string }) =>
      `front matter must be YAML: "---${language}" asks for front matter in ${language}, which is never read (it would run as code during the build): write the first line as --- alone and the fields below it as YAML (title: …)`,
    de: ({ language }) =>
      `der Kopf muss YAML sein: "---${language}" verlangt einen Kopf in ${language}, der nie gelesen wird (er liefe bei der Erstellung als Code): die erste Zeile als --- allein schreiben und die Felder darunter als YAML (title: …)`,
  } satisfies Entry<{ language: string }>,
  yamlDuplicateKey: {
    en: (_: Record<string, never>) => "invalid YAML: Map keys must be unique",
    de: () =>
      "ungültiges YAML: dieser Schlüssel steht in seiner Gruppe schon einmal: eine der beiden Zeilen entfernen, oder die Werte in einer zusammenführen",
  } satisfies Entry<Record<string, never>>,
  invalidYaml: {
    en: ({ message }: { message: Said }) => `invalid YAML: ${message.en}`,
    de: ({ message }) => `ungültiges YAML: ${message.de}`,
  } satisfies Entry<{ message: Said }>,
  yamlLibrary: {
    // The YAML library's own words, where no row of read/yaml-messages.ts explains them: it has them in English only.
    en: ({ detail }: { detail: string }) => `invalid YAML: ${detail}`,
    de: ({ detail }) => `ungültiges YAML (in den Worten des YAML-Lesers): ${detail}`,
  } satisfies Entry<{ detail: string }>,
  yamlTag: {
    en: ({ written }: { written: string }) =>
      `invalid YAML: the tag ${written} is not one of YAML's own (content is data: a tag that asks for code or another type is refused, not dropped): delete ${written} and write the value as plain text`,
    de: ({ written }) =>
      `ungültiges YAML: das Tag ${written} gehört nicht zu YAML selbst (Inhalt ist Daten: ein Tag, das Code oder einen anderen Typ verlangt, wird abgelehnt, nicht übergangen): ${written} löschen und den Wert als einfachen Text schreiben`,
  } satisfies Entry<{ written: string }>,
  yamlAliases: {
    en: ({ detail }: { detail: string }) =>
      `invalid YAML: ${detail} (aliases, written *name, may repeat a value at most 100 times)`,
    de: () =>
      "ungültiges YAML: zu viele Aliase (Aliase, geschrieben *name, dürfen einen Wert höchstens 100-mal wiederholen): den Wert ausschreiben, statt ihn so oft zu wiederholen",
  } satisfies Entry<{ detail: string }>,
  yamlTooDeep: {
    en: ({ max }: { max: number }) =>
      `invalid YAML: the values nest more than ${max} levels deep (lists or groups inside each other, [ or { or indentation): flatten them; no content file needs more than a few levels`,
    de: ({ max }) =>
      `ungültiges YAML: die Werte sind mehr als ${max} Ebenen tief verschachtelt (Listen oder Gruppen ineinander, [ oder { oder Einrückung): sie flacher gliedern; keine Inhaltsdatei braucht mehr als wenige Ebenen`,
  } satisfies Entry<{ max: number }>,
  yamlTab: {
    en: (_: Record<string, never>) =>
      "this line is indented with a tab: YAML indents with spaces only (replace the tab with spaces)",
    de: () =>
      "diese Zeile ist mit einem Tabulator eingerückt: YAML rückt nur mit Leerzeichen ein (den Tabulator durch Leerzeichen ersetzen)",
  } satisfies Entry<Record<string, never>>,
  yamlUnclosedQuote: {
    en: ({ quote }: { quote: string }) =>
      `a quote (${quote}) opens on this line and is never closed: end the text with ${quote} on the same line`,
    de: ({ quote }) =>
      `ein Anführungszeichen (${quote}) öffnet in dieser Zeile und wird nie geschlossen: den Text in derselben Zeile mit ${quote} beenden`,
  } satisfies Entry<{ quote: string }>,
  yamlNoColon: {
    en: ({ line }: { line: string }) =>
      `"${line}" has no colon: write the key, a colon and a space, then the value (e.g. description: …)`,
    de: ({ line }) =>
      `"${line}" hat keinen Doppelpunkt: den Schlüssel, einen Doppelpunkt und ein Leerzeichen schreiben, dann den Wert (z. B. description: …)`,
  } satisfies Entry<{ line: string }>,
  yamlKeyOrIndent: {
    en: ({ line }: { line: string }) =>
      `"${line}" has no colon after its key, or is indented further than the line above: write key: value, lined up with the keys above`,
    de: ({ line }) =>
      `"${line}" hat keinen Doppelpunkt nach dem Schlüssel, oder ist weiter eingerückt als die Zeile darüber: Schlüssel: Wert schreiben, bündig mit den Schlüsseln darüber`,
  } satisfies Entry<{ line: string }>,
  yamlColonInValue: {
    en: (_: Record<string, never>) =>
      'this value contains ": ", or the next line is indented too far: put a text with a colon in quotes ("Foo: the bar"), and line up the next key with the keys above',
    de: () =>
      'dieser Wert enthält ": ", oder die nächste Zeile ist zu weit eingerückt: einen Text mit Doppelpunkt in Anführungszeichen setzen ("Preise: ab 100 €"), und den nächsten Schlüssel bündig mit den Schlüsseln darüber schreiben',
  } satisfies Entry<Record<string, never>>,
  yamlBadIndent: {
    en: (_: Record<string, never>) =>
      "this line is not lined up with the keys above it: keys of one group start in the same column (spaces only)",
    de: () =>
      "diese Zeile ist nicht bündig mit den Schlüsseln darüber: die Schlüssel einer Gruppe beginnen in derselben Spalte (nur mit Leerzeichen einrücken)",
  } satisfies Entry<Record<string, never>>,
  unknownAuthor: {
    en: ({ written, meant }: { written: string; meant: string }) =>
      `"${written}" is not one of site.yaml's authors: did you mean "${meant}"? (a name not listed there is shown as written, without role or photo)`,
    de: ({ written, meant }) =>
      `„${written}“ ist keiner der Autoren aus site.yaml: war „${meant}“ gemeint? (ein Name, der dort nicht steht, wird so gezeigt, wie er geschrieben ist, ohne Rolle und Foto)`,
  } satisfies Entry<{ written: string; meant: string }>,
  publishedMissing: {
    en: (_: Record<string, never>) =>
      "is missing, so no page moved since the last build can be noticed: if it was deleted by mistake, restore it (git checkout content/published.yaml); on a new site npm run build writes it, to be committed",
    de: () =>
      "fehlt, also fällt keine Seite auf, die seit der letzten Erstellung umgezogen ist: wurde die Datei versehentlich gelöscht, sie wiederherstellen (git checkout content/published.yaml); auf einer neuen Website schreibt npm run build sie; sie dann committen",
  } satisfies Entry<Record<string, never>>,
  publishedNotAList: {
    en: (_: Record<string, never>) =>
      "must list addresses, one a line: /insights/rag-agents: en/pages/insights/rag-agents.md",
    de: () =>
      "muss Adressen auflisten, eine pro Zeile: /insights/rag-agents: en/pages/insights/rag-agents.md (npm run build schreibt die Liste; die Datei wiederherstellen, etwa mit git checkout content/published.yaml)",
  } satisfies Entry<Record<string, never>>,
  publishedBadLine: {
    en: ({ written }: { written: string }) =>
      `${written}: must be an address and the file it came from, e.g. /insights/rag-agents: en/pages/insights/rag-agents.md`,
    de: ({ written }) =>
      `${written}: muss eine Adresse und die Datei sein, aus der sie stammt, z. B. /insights/rag-agents: en/pages/insights/rag-agents.md`,
  } satisfies Entry<{ written: string }>,
  publishedUnusable: {
    en: ({ written, reason }: { written: string; reason: Said }) =>
      `${written} ${reason.en}: no page can have published it, so delete this line (npm run build writes the list; it is not edited by hand)`,
    de: ({ written, reason }) =>
      `${written} ${reason.de}: keine Seite kann diese Adresse veröffentlicht haben, also diese Zeile löschen (npm run build schreibt die Liste; sie wird nicht von Hand bearbeitet)`,
  } satisfies Entry<{ written: string; reason: Said }>,
  publishedBadMove: {
    en: ({ written, reason }: { written: string; reason: Said }) =>
      `${written} ${reason.en}: write the address the tag moved to`,
    de: ({ written, reason }) => `${written} ${reason.de}: die Adresse schreiben, zu der das Schlagwort umgezogen ist`,
  } satisfies Entry<{ written: string; reason: Said }>,
  damagedCacheEntry: {
    // For the operator more than the author (a cache touched from outside the build); in the command line's language.
    en: ({ what, cache }: { what: string; cache: "images" | "cards" | "editor" }) =>
      `${what}: dropped and made again (${{ images: "the image cache", cards: "the link-preview card cache", editor: "the web editor's cache" }[cache]})`,
    de: ({ what, cache }) =>
      `${what}: verworfen und neu erstellt (${{ images: "der Bilder-Cache", cards: "der Cache der Linkvorschau-Karten", editor: "der Cache des Web-Editors" }[cache] ?? cache}); nichts zu tun, die Erstellung lief weiter`,
  } satisfies Entry<{ what: string; cache: "images" | "cards" | "editor" }>,
  cardGeneric: {
    en: ({ reason }: { reason: Said }) => `${reason.en}: the page shares the site's generic link preview`,
    de: ({ reason }) =>
      `${reason.de}: die Seite bekommt die allgemeine Linkvorschau der Website (für eine eigene Karte diesen Wert ändern)`,
  } satisfies Entry<{ reason: Said }>,
  cardTooLong: {
    en: ({ length, budget }: { length: number; budget: number }) =>
      `its link-preview card cannot be drawn within its budget (${length} characters; a card sets at most ${budget})`,
    de: ({ length, budget }) =>
      `ihre Linkvorschau-Karte kann nicht im vorgesehenen Rahmen gezeichnet werden (${length} Zeichen; eine Karte setzt höchstens ${budget})`,
  } satisfies Entry<{ length: number; budget: number }>,
  cardGlyphs: {
    en: ({ shown, more }: { shown: string; more: number }) =>
      `the link-preview card's font cannot draw ${shown}${more > 0 ? ` and ${more} more` : ""}`,
    de: ({ shown, more }) =>
      `die Schrift der Linkvorschau-Karte kann ${shown}${more > 0 ? ` und ${more} weitere` : ""} nicht zeichnen`,
  } satisfies Entry<{ shown: string; more: number }>,
  strictPlaceholder: {
    en: ({ text, reason }: { text: string; reason: Said }) =>
      `placeholder "${text}" (${reason.en}) must be replaced before a strict build`,
    de: ({ text, reason }) =>
      `der Platzhalter "${text}" (${reason.de}) muss vor einer strengen Erstellung (--strict) ersetzt werden: den echten Wert schreiben`,
  } satisfies Entry<{ text: string; reason: Said }>,
  siteUrlProblem: {
    // For the operator (SITE_URL is set where the build runs); in the command line's language.
    en: ({ value, why }: { value: string; why: "not a URL" | "not https" }) =>
      `"${value}" ${why === "not a URL" ? "is not a URL" : "must be an https:// URL"}`,
    de: ({ value, why }) =>
      `"${value}" ${why === "not a URL" ? "ist keine URL" : "muss eine https://-URL sein"}: SITE_URL auf die Adresse der Website setzen, z. B. https://www.beispiel.de`,
  } satisfies Entry<{ value: string; why: "not a URL" | "not https" }>,
  onItsDay: {
    en: ({ day, message }: { day: Said; message: Said }) => `goes live on ${day.en}: ${message.en}`,
    de: ({ day, message }) => `geht am ${day.de} online: ${message.de}`,
  } satisfies Entry<{ day: Said; message: Said }>,
  contentProblems: {
    en: ({ kept }: { kept: string }) => `Content problems${kept ? ` (${kept}/ was left as it was)` : ""}:`,
    de: ({ kept }) => `Probleme im Inhalt${kept ? ` (${kept}/ blieb unverändert)` : ""}:`,
  } satisfies Entry<{ kept: string }>,
  earlyTranslation: {
    en: ({ key, own, original, originalDay }: { key: string; own: string; original: string; originalDay: string }) =>
      `goes live on ${own} (${key}), before its original ${original} (${originalDay}): a translation never goes live before its original; write ${key}: ${originalDay} or later, or remove ${key} to share the original's schedule`,
    de: ({ key, own, original, originalDay }) =>
      `geht am ${own} online (${key}), vor dem Original ${original} (${originalDay}): eine Übersetzung geht nie vor ihrem Original online; ${key}: ${originalDay} oder später schreiben, oder ${key} entfernen, damit die Seite den Termin des Originals teilt`,
  } satisfies Entry<{ key: string; own: string; original: string; originalDay: string }>,
  missingPart: {
    en: ({ part, at, language }: { part: PartName; at?: string; language: string }) =>
      `has no counterpart of ${partName(part, "en")}${at ? ` (${at})` : ""} that the ${languageName(language, "en")} page has: translate it, or, if it differs on purpose, choose Structure: Its own (structure: own in its front matter)`,
    de: ({ part, at, language }) =>
      `hat keine Entsprechung für ${partName(part, "de")}${at ? ` (${at})` : ""} der Seite auf ${languageName(language, "de")}: übersetzen, oder, wenn sie mit Absicht anders aufgebaut ist, unter „Aufbau“ „Eigener“ wählen (structure: own in ihrem Kopf)`,
  } satisfies Entry<{ part: PartName; at?: string; language: string }>,
  extraBlock: {
    en: ({ part, at, original, language }: { part: PartName; at: string; original: string; language: string }) =>
      `has a block its original lacks: ${partName(part, "en")} (${at}) has no counterpart in the ${languageName(language, "en")} page ${original}: a translation has the same blocks in the same order; remove it, add it there, or, if it differs on purpose, choose Structure: Its own (structure: own in its front matter)`,
    de: ({ part, at, original, language }) =>
      `hat einen Block, den das Original nicht hat: ${partName(part, "de")} (${at}) hat keine Entsprechung in der Seite auf ${languageName(language, "de")} ${original}: eine Übersetzung hat dieselben Blöcke in derselben Reihenfolge; entfernen, dort ergänzen, oder, wenn sie mit Absicht anders aufgebaut ist, unter „Aufbau“ „Eigener“ wählen (structure: own in ihrem Kopf)`,
  } satisfies Entry<{ part: PartName; at: string; original: string; language: string }>,
  blockText: {
    en: (_: Record<string, never>) =>
      "a page made of blocks shows no text below its front matter: move the text into a block of type text, or remove blocks:",
    de: () =>
      "eine Seite aus Blöcken zeigt keinen Text unter ihrem Kopf: den Text in einen Block vom Typ text verschieben, oder blocks: entfernen",
  } satisfies Entry<Record<string, never>>,
  figureEvidence: {
    en: (_: Record<string, never>) =>
      "a figure needs its evidence: add source: (an https:// address) or footnote: (where the number comes from)",
    de: () =>
      "eine Zahl braucht ihren Beleg: source: (eine https://-Adresse) oder footnote: (woher die Zahl stammt) ergänzen",
  } satisfies Entry<Record<string, never>>,
  quoteConsent: {
    en: (_: Record<string, never>) =>
      "a named person's quote needs their consent: write consent: true once they have agreed in writing, or remove person",
    de: () =>
      "das Zitat einer genannten Person braucht ihre Einwilligung: consent: true schreiben, sobald sie schriftlich zugestimmt hat, oder person entfernen",
  } satisfies Entry<Record<string, never>>,
  unknownCampaign: {
    en: ({ code, codes, meant }: UnknownCampaign) =>
      codes === ""
        ? `"${code}" is not a campaign of the site: add it to campaigns: in content/site.yaml (code: ${code}, name: what the consultancy calls it)`
        : `"${code}" is not a campaign of content/site.yaml: ${meant ? `did you mean "${meant}"? (` : ""}use ${codes}${meant ? ")" : ""}, or add it to campaigns: there`,
    de: ({ code, codes, meant }) =>
      codes === ""
        ? `"${code}" ist keine Kampagne der Website: unter campaigns: in content/site.yaml ergänzen (code: ${code}, name: wie die Beratung sie nennt)`
        : `"${code}" ist keine Kampagne aus content/site.yaml: ${meant ? `war "${meant}" gemeint? (` : ""}${codes} verwenden${meant ? ")" : ""}, oder dort unter campaigns: ergänzen`,
  } satisfies Entry<UnknownCampaign>,
  blockImageOutside: {
    en: ({ src, shared }: { src: string; shared: boolean }) =>
      shared
        ? `${src} is outside content/media/: a shared image is written /media/ and its path inside content/media/`
        : `${src} is outside the content folder: an image must be a file inside content/, e.g. next to this page`,
    de: ({ src, shared }) =>
      shared
        ? `${src} liegt außerhalb von content/media/: ein gemeinsames Bild wird /media/ und sein Pfad in content/media/ geschrieben`
        : `${src} liegt außerhalb des Inhaltsordners: ein Bild muss eine Datei in content/ sein, z. B. neben dieser Seite`,
  } satisfies Entry<{ src: string; shared: boolean }>,
  blockImageMissing: {
    en: ({ src, shared, meant }: { src: string; shared: boolean; meant?: string }) =>
      `${src} is missing: no such file ${shared ? "in content/media/" : "next to this page"}${meant ? `; did you mean ${meant}?` : ""}`,
    de: ({ src, shared, meant }) =>
      `${src} fehlt: keine solche Datei ${shared ? "in content/media/" : "neben dieser Seite"}${meant ? `; war ${meant} gemeint?` : ""}`,
  } satisfies Entry<{ src: string; shared: boolean; meant?: string }>,
  blockImageRefused: {
    en: ({ src, detail }: { src: string; detail: string }) => `the image ${src} ${detail}`,
    de: ({ src, detail }) => `das Bild ${src} wird nicht angenommen: ${detail}`,
  } satisfies Entry<{ src: string; detail: string }>,
  missingKey: {
    en: ({ keyPath, other, line, here, there }: MissingKey) =>
      `"${keyPath}"${counted(keyPath, "en")} is missing here but exists in ${other}:${line}: add it on the ${languageName(here, "en")} tab (every language has the same keys and list entries), or remove it on the ${languageName(there, "en")} tab`,
    de: ({ keyPath, other, line, here, there }) =>
      `"${keyPath}"${counted(keyPath, "de")} fehlt hier, steht aber in ${other}:${line}: im Reiter ${languageName(here, "de")} ergänzen (jede Sprache hat dieselben Schlüssel und Listeneinträge), oder im Reiter ${languageName(there, "de")} entfernen`,
  } satisfies Entry<MissingKey>,
  unknownKeyMeant: {
    en: ({ meant }: { meant: string }) => `is not a key here: did you mean "${meant}"?`,
    de: ({ meant }) => `ist hier kein Schlüssel: war "${meant}" gemeint?`,
  } satisfies Entry<{ meant: string }>,
  unknownKey: {
    en: ({ where }: { where: string }) =>
      `is not a key here: remove it, or see content/README.md for the keys ${where} takes`,
    de: ({ where }) =>
      `ist hier kein Schlüssel: entfernen, oder in content/README.md nachsehen, welche Schlüssel ${where === "this file" ? "diese Datei" : where} hat`,
  } satisfies Entry<{ where: string }>,
  // A schema's complaint in an author's words (content/read/issues.ts): zod's own wording never reaches her.
  schemaMissing: {
    en: ({ key }: { key: string }) => `is missing: add ${key}: and its value`,
    de: ({ key }) => `fehlt: ${key}: und seinen Wert ergänzen`,
  } satisfies Entry<{ key: string }>,
  schemaEmpty: {
    en: ({ key }: { key: string }) => `is empty: write a value after ${key}:`,
    de: ({ key }) => `ist leer: einen Wert hinter ${key}: schreiben`,
  } satisfies Entry<{ key: string }>,
  schemaNotText: {
    en: ({ key, written, shown, kind }: { key: string; written: string; shown: string; kind: string }) =>
      `must be text: put it in quotes, ${key}: "${written}" (YAML reads ${shown} as a ${kind})`,
    de: ({ key, written, shown, kind }) =>
      `muss Text sein: in Anführungszeichen setzen, ${key}: "${written}" (YAML liest ${shown} als ${{ list: "Liste", number: "Zahl", boolean: "Wahrheitswert", object: "Gruppe" }[kind] ?? kind})`,
  } satisfies Entry<{ key: string; written: string; shown: string; kind: string }>,
  schemaNotNumber: {
    en: ({ shown }: { shown: string }) => `must be a number: write it without quotes (not ${shown})`,
    de: ({ shown }) => `muss eine Zahl sein: ohne Anführungszeichen schreiben (nicht ${shown})`,
  } satisfies Entry<{ shown: string }>,
  schemaNotBoolean: {
    en: ({ shown }: { shown: string }) => `must be true or false (not ${shown})`,
    de: ({ shown }) => `muss true oder false sein (nicht ${shown})`,
  } satisfies Entry<{ shown: string }>,
  schemaNotList: {
    en: ({ shown }: { shown: string }) => `must be a list, each entry on a line starting with "- " (not ${shown})`,
    de: ({ shown }) => `muss eine Liste sein, jeder Eintrag auf einer Zeile, die mit "- " beginnt (nicht ${shown})`,
  } satisfies Entry<{ shown: string }>,
  schemaNotGroup: {
    en: ({ shown }: { shown: string }) => `must hold keys on the lines below it, indented (not ${shown})`,
    de: ({ shown }) => `muss Schlüssel auf den Zeilen darunter enthalten, eingerückt (nicht ${shown})`,
  } satisfies Entry<{ shown: string }>,
  schemaNotAllowed: {
    en: ({ shown, meant, values }: { shown: string; meant?: string; values: string[] }) =>
      `${shown} is not allowed here: ${meant ? `did you mean "${meant}"? (use ${either(values, "en")})` : `use ${either(values, "en")}`}`,
    de: ({ shown, meant, values }) =>
      `${shown} ist hier nicht erlaubt: ${meant ? `war "${meant}" gemeint? (${either(values, "de")} schreiben)` : `${either(values, "de")} schreiben`}`,
  } satisfies Entry<{ shown: string; meant?: string; values: string[] }>,
  schemaOwnMeant: {
    en: ({ message, shown, meant }: { message: Said; shown: string; meant: string }) =>
      `${message.en} (not ${shown}): did you mean "${meant}"?`,
    de: ({ message, shown, meant }) => `${message.de} (nicht ${shown}): war "${meant}" gemeint?`,
  } satisfies Entry<{ message: Said; shown: string; meant: string }>,
  schemaTypeMissing: {
    en: ({ key, values }: { key: string; values: string[] }) =>
      `is missing: add ${key}: and one of ${either(values, "en")}`,
    de: ({ key, values }) => `fehlt: ${key}: und einen der Werte ${either(values, "de")} ergänzen`,
  } satisfies Entry<{ key: string; values: string[] }>,
  schemaNotType: {
    en: ({ key, shown, meant, values }: { key: string; shown: string; meant?: string; values: string[] }) =>
      `${shown} is not a ${key} here: ${meant ? `did you mean "${meant}"? (use ${either(values, "en")})` : `use ${either(values, "en")}`}`,
    de: ({ key, shown, meant, values }) =>
      `${shown} ist hier kein ${key}: ${meant ? `war "${meant}" gemeint? (${either(values, "de")} schreiben)` : `${either(values, "de")} schreiben`}`,
  } satisfies Entry<{ key: string; shown: string; meant?: string; values: string[] }>,
  schemaTooLong: {
    en: ({ length, max, reason }: { length: number; max: number; reason: Said }) =>
      `has ${length} characters, ${length - max} more than the ${max} allowed${reason.en ? `: ${reason.en}` : ""}`,
    de: ({ length, max, reason }) =>
      `hat ${length} Zeichen, ${length - max} mehr als die ${max} erlaubten${reason.de ? `: ${reason.de}` : ""}`,
  } satisfies Entry<{ length: number; max: number; reason: Said }>,
  missingAlt: {
    en: ({ src }: { src: string }) =>
      `the image ${src} has no alt text: write what it shows between the brackets, ![…](${src})`,
    de: ({ src }) =>
      `das Bild ${src} hat keinen Alternativtext: zwischen die Klammern schreiben, was es zeigt, ![…](${src})`,
  } satisfies Entry<{ src: string }>,
  redirectedLink: {
    en: ({ to }: { to: string }) => `this address now redirects to ${to}: link to ${to} instead`,
    de: ({ to }) => `diese Adresse leitet jetzt auf ${to} weiter: direkt auf ${to} verlinken`,
  } satisfies Entry<{ to: string }>,
  noSuchAddress: {
    en: ({ meant }: { meant?: string }) =>
      `no page or file of the site has this address${meant ? `; did you mean ${meant}?` : ""}`,
    de: ({ meant }) =>
      `keine Seite und keine Datei der Website hat diese Adresse${meant ? `; war ${meant} gemeint?` : ""}`,
  } satisfies Entry<{ meant?: string }>,
  brokenLink: {
    en: ({ written, reason }: { written: string; reason: Said }) => `broken link ${written}: ${reason.en}`,
    de: ({ written, reason }) => `Link ${written} stimmt nicht: ${reason.de}`,
  } satisfies Entry<{ written: string; reason: Said }>,
  untranslatedPage: {
    en: ({ lang, missing }: { lang: string; missing: string }) =>
      `has no counterpart in ${lang}: ${missing} does not exist (site.yaml says translations: complete): translate it, or choose Translations: Some languages only (translations: partial in its front matter) to publish it in some languages only`,
    de: ({ lang, missing }) =>
      `hat keine Übersetzung auf ${languageName(lang, "de")}: ${missing} gibt es nicht (site.yaml sagt translations: complete): übersetzen, oder unter „Übersetzungen“ „Nur in einigen Sprachen“ wählen (translations: partial in ihrem Kopf), um sie nur in einigen Sprachen zu veröffentlichen`,
  } satisfies Entry<{ lang: string; missing: string }>,
  secondTitle: {
    en: ({ heading, hashes, better }: { heading: string; hashes: string; better: string }) =>
      `${heading}: a ${hashes} heading would be a second page title (the title in the front matter is the page's only #): write ${better}`,
    de: ({ heading, hashes, better }) =>
      `${heading}: eine Überschrift ${hashes} wäre ein zweiter Seitentitel (der Titel im Kopf der Seite ist ihr einziges #): ${better} schreiben`,
  } satisfies Entry<{ heading: string; hashes: string; better: string }>,
  emptyHeading: {
    en: ({ hashes }: { hashes: string }) =>
      `${hashes}: the heading has no words: write them after the #s, or remove the line`,
    de: ({ hashes }) =>
      `${hashes}: die Überschrift hat keine Worte: sie hinter die # schreiben, oder die Zeile entfernen`,
  } satisfies Entry<{ hashes: string }>,
  skippedLevel: {
    en: ({ heading, above, better }: { heading: string; above: string; better: string }) =>
      `${heading}: skips a level below the ${above} above it: write ${better} (headings go one level deeper at a time, so screen readers can outline the page)`,
    de: ({ heading, above, better }) =>
      `${heading}: überspringt eine Ebene unter der Überschrift ${above} darüber: ${better} schreiben (Überschriften gehen eine Ebene nach der anderen tiefer, damit Screenreader die Gliederung der Seite zeigen können)`,
  } satisfies Entry<{ heading: string; above: string; better: string }>,
  emptyLink: {
    en: ({ target }: { target: string }) =>
      `the link to ${target} has no text: write what it leads to between the brackets, [Our privacy policy](${target})`,
    de: ({ target }) =>
      `der Link zu ${target} hat keinen Text: zwischen die eckigen Klammern schreiben, wohin er führt, [Unsere Datenschutzerklärung](${target})`,
  } satisfies Entry<{ target: string }>,
  futureLastmod: {
    en: ({ lastmod, today, latest }: { lastmod: string; today: string; latest: string }) =>
      `${lastmod} is after ${latest === today ? `today (${today})` : `the day the page goes live (${latest})`}: lastmod is the day the page was last changed, so it cannot lie ahead; write the day of the change, at the latest ${latest}`,
    de: ({ lastmod, today, latest }) =>
      `${lastmod} liegt nach ${latest === today ? `heute (${today})` : `dem Tag, an dem die Seite online geht (${latest})`}: lastmod ist der Tag der letzten Änderung der Seite und kann nicht in der Zukunft liegen; den Tag der Änderung schreiben, spätestens ${latest}`,
  } satisfies Entry<{ lastmod: string; today: string; latest: string }>,
  aliasReserved: {
    en: ({ alias, reason }: { alias: string; reason: Said }) => `${alias} cannot be redirected: ${reason.en}`,
    de: ({ alias, reason }) => `${alias} kann nicht weitergeleitet werden: ${reason.de}`,
  } satisfies Entry<{ alias: string; reason: Said }>,
  aliasOwnAddress: {
    en: ({ alias }: { alias: string }) => `${alias} is this page's own address: remove it from aliases`,
    de: ({ alias }) => `${alias} ist die eigene Adresse dieser Seite: sie aus aliases entfernen`,
  } satisfies Entry<{ alias: string }>,
  aliasTaken: {
    en: ({ alias, owner }: { alias: string; owner: AddressOwner }) =>
      `${alias} is the address of ${ownerName(owner, "en")}, which would be hidden behind the redirect: an alias must be an old address nothing answers any more`,
    de: ({ alias, owner }) =>
      `${alias} ist die Adresse von ${ownerName(owner, "de")}, und die Weiterleitung würde sie verdecken: ein alias muss eine alte Adresse sein, unter der nichts mehr antwortet`,
  } satisfies Entry<{ alias: string; owner: AddressOwner }>,
  aliasClaimed: {
    en: ({ alias, earlier }: { alias: string; earlier: string }) =>
      `${alias} is already an alias of ${earlier}: an old address can lead to one page only`,
    de: ({ alias, earlier }) =>
      `${alias} ist schon ein alias von ${earlier}: eine alte Adresse kann nur zu einer Seite führen`,
  } satisfies Entry<{ alias: string; earlier: string }>,
  tagNoLetters: {
    en: ({ written }: { written: string }) =>
      `"${written}" cannot be a tag: it has no letters or digits its page's address could use (write it with Latin letters or digits)`,
    de: ({ written }) =>
      `„${written}“ kann kein Schlagwort sein: es hat keine Buchstaben oder Ziffern, die die Adresse seiner Seite verwenden könnte (mit lateinischen Buchstaben oder Ziffern schreiben)`,
  } satisfies Entry<{ written: string }>,
  tagReserved: {
    en: ({ written, reason }: { written: string; reason: Said }) =>
      `"${written}" cannot be a tag: its list page's address ${reason.en}`,
    de: ({ written, reason }) => `„${written}“ kann kein Schlagwort sein: die Adresse seiner Seite ${reason.de}`,
  } satisfies Entry<{ written: string; reason: Said }>,
  tagSlugClash: {
    en: ({ first, second, slug }: { first: string; second: string; slug: string }) =>
      `the tags "${first}" and "${second}" would share the address …/${slug}: write them alike, or tell them apart in letters`,
    de: ({ first, second, slug }) =>
      `die Schlagwörter „${first}“ und „${second}“ hätten dieselbe Adresse …/${slug}: sie gleich schreiben, oder in Buchstaben unterscheiden`,
  } satisfies Entry<{ first: string; second: string; slug: string }>,
  tagNearDuplicate: {
    en: ({ name, pages, meant, meantPages }: { name: string; pages: number; meant: string; meantPages: number }) =>
      `"${name}" is a tag of ${pages === 1 ? "1 page" : `${pages} pages`}, "${meant}" of ${meantPages}: did you mean "${meant}"? (tags that differ only in case or spaces are one already) If "${meant}" is being renamed to "${name}", rename it on its other ${meantPages === 1 ? "page" : "pages"} too: its old address then leads to the new tag's page`,
    de: ({ name, pages, meant, meantPages }) =>
      `„${name}“ ist Schlagwort ${pages === 1 ? "einer Seite" : `von ${pages} Seiten`}, „${meant}“ ${meantPages === 1 ? "einer Seite" : `von ${meantPages} Seiten`}: war „${meant}“ gemeint? (Schlagwörter, die sich nur in Groß- und Kleinschreibung oder Leerzeichen unterscheiden, sind schon eines) Wird „${meant}“ in „${name}“ umbenannt: es auch auf ${meantPages === 1 ? "der anderen Seite" : `den anderen ${meantPages} Seiten`} umbenennen; seine alte Adresse führt dann zur Seite des neuen Schlagworts`,
  } satisfies Entry<{ name: string; pages: number; meant: string; meantPages: number }>,
  urlTaken: {
    en: ({ path, first }: { path: string; first: string }) =>
      `its URL ${path} is already taken by ${first}: give one of them another slug`,
    de: ({ path, first }) => `ihre Adresse ${path} hat schon ${first}: einer der beiden einen anderen Slug geben`,
  } satisfies Entry<{ path: string; first: string }>,
  urlWritesFile: {
    en: ({ path, file, first, firstPath }: { path: string; file: string; first: string; firstPath: string }) =>
      `its URL ${path} writes ${file}, the file of ${first} (${firstPath}): give one of them another slug`,
    de: ({ path, file, first, firstPath }) =>
      `ihre Adresse ${path} schreibt ${file}, die Datei von ${first} (${firstPath}): einer der beiden einen anderen Slug geben`,
  } satisfies Entry<{ path: string; file: string; first: string; firstPath: string }>,
  addressMoved: {
    en: ({ address, now, alias }: { address: string; now: string; alias: string }) =>
      `its address was ${address} and is now ${now}: add ${alias} to its front matter, so that links to the old address lead here (with a redirect) instead of to a 404`,
    de: ({ address, now, alias }) =>
      `ihre Adresse war ${address} und ist jetzt ${now}: ${alias} in ihren Kopf schreiben, damit Links auf die alte Adresse hierher weiterleiten statt auf eine Seite 404`,
  } satisfies Entry<{ address: string; now: string; alias: string }>,
  looksMoved: {
    en: ({ file, address, alias, list }: { file: string; address: string; alias: string; list: string }) =>
      `looks like the page that was ${file}, published at ${address}, which nothing answers now: add ${alias} to this page's front matter (or, if that page is gone for good, delete the line ${address} from ${list})`,
    de: ({ file, address, alias, list }) =>
      `sieht aus wie die Seite, die ${file} war, veröffentlicht unter ${address}, wo jetzt nichts antwortet: ${alias} in den Kopf dieser Seite schreiben (oder, wenn jene Seite für immer weg ist, die Zeile ${address} aus ${list} löschen)`,
  } satisfies Entry<{ file: string; address: string; alias: string; list: string }>,
  addressGone: {
    en: ({ address, file, alias }: { address: string; file: string; alias: string }) =>
      `${address} was published (from ${file}) and nothing answers it now: add ${alias} to the front matter of the page that took its place, or delete this line if the page is gone for good`,
    de: ({ address, file, alias }) =>
      `${address} war veröffentlicht (aus ${file}), und dort antwortet jetzt nichts: ${alias} in den Kopf der Seite schreiben, die an ihre Stelle trat, oder diese Zeile löschen, wenn die Seite für immer weg ist`,
  } satisfies Entry<{ address: string; file: string; alias: string }>,
  tagGone: {
    en: ({ address, file }: { address: string; file: string }) =>
      `${address} was published as a tag's list page and nothing answers it now: if the tag was renamed, write the address of the new tag's list page after it on this line (${address}: /…/new-tag), so that it redirects there; or write the tag back on a page; or delete this line if the tag is gone for good (${file})`,
    de: ({ address, file }) =>
      `${address} war als Seite eines Schlagworts veröffentlicht, und dort antwortet jetzt nichts: wurde das Schlagwort umbenannt, die Adresse der Seite des neuen Schlagworts hinter sie in diese Zeile schreiben (${address}: /…/neues-schlagwort), damit dorthin weitergeleitet wird; oder das Schlagwort wieder auf eine Seite schreiben; oder diese Zeile löschen, wenn es das Schlagwort nicht mehr gibt (${file})`,
  } satisfies Entry<{ address: string; file: string }>,
  reservedName: {
    en: ({ written, why }: { written: string; why: Said }) =>
      `"${written}" is reserved for ${why.en}: choose another name`,
    de: ({ written, why }) => `"${written}" ist reserviert für ${why.de}: einen anderen Namen wählen`,
  } satisfies Entry<{ written: string; why: Said }>,
  languageFolder: {
    en: ({ first, rest }: { first: string; rest: string }) =>
      `"${first}/" is where the ${first} pages live; a slug is the address below the language's own prefix (write ${rest || "another name"})`,
    de: ({ first, rest }) =>
      `unter "${first}/" stehen die Seiten auf ${languageName(first, "de")}; ein Slug ist die Adresse unterhalb der eigenen Sprache (${rest || "einen anderen Namen"} schreiben)`,
  } satisfies Entry<{ first: string; rest: string }>,
  reservedAddress: {
    en: ({ origin, reason }: { origin: AddressOrigin; reason: Said }) => `${originName(origin, "en")}: ${reason.en}`,
    de: ({ origin, reason }) => `${originName(origin, "de")}: ${reason.de}`,
  } satisfies Entry<{ origin: AddressOrigin; reason: Said }>,
  reservedBelowSection: {
    en: ({ origin, name, section, why }: BelowSection) =>
      `${originName(origin, "en")}: "${name}" directly below the section ${section} is reserved for ${why.en} (${section}/${name}/2, ${section}/${name}/3, …): choose another name`,
    de: ({ origin, name, section, why }) =>
      `${originName(origin, "de")}: "${name}" direkt unter dem Bereich ${section} ist reserviert für ${why.de} (${section}/${name}/2, ${section}/${name}/3, …): einen anderen Namen wählen`,
  } satisfies Entry<BelowSection>,
  menuOrder: {
    en: ({ other, mine, theirs }: { other: string; mine: string; theirs: string }) =>
      `lists the same pages as ${other} in another order (${mine} instead of ${theirs}): keep the order of every language's menu the same`,
    de: ({ other, mine, theirs }) =>
      `nennt dieselben Seiten wie ${other} in anderer Reihenfolge (${mine} statt ${theirs}): das Menü jeder Sprache in derselben Reihenfolge halten`,
  } satisfies Entry<{ other: string; mine: string; theirs: string }>,
  menuTarget: {
    en: ({ other, mine, theirs }: { other: string; mine: string; theirs: string }) =>
      `"${mine}" where ${other} has "${theirs}": every language's menu leads to the same pages in the same order (only the labels are translated)`,
    de: ({ other, mine, theirs }) =>
      `"${mine}", wo ${other} "${theirs}" hat: das Menü jeder Sprache führt in derselben Reihenfolge zu denselben Seiten (nur die Beschriftungen werden übersetzt)`,
  } satisfies Entry<{ other: string; mine: string; theirs: string }>,
  menuEntryMissing: {
    en: ({ menu, entry, here, there }: MenuEntry) =>
      `${menu}, entry ${entry}: the ${languageName(there, "en")} menu has it and the ${languageName(here, "en")} one does not: add it on the ${languageName(here, "en")} tab (every language's menu has the same entries), or remove it on the ${languageName(there, "en")} tab`,
    de: ({ menu, entry, here, there }) =>
      `${menu}, Eintrag ${entry}: das Menü auf ${languageName(there, "de")} hat ihn, das auf ${languageName(here, "de")} nicht: im Reiter ${languageName(here, "de")} ergänzen (das Menü jeder Sprache hat dieselben Einträge), oder im Reiter ${languageName(there, "de")} entfernen`,
  } satisfies Entry<MenuEntry>,
  notSaved: {
    en: ({ count }: { count: number }) =>
      `Not saved: ${count === 1 ? "1 problem" : `${count} problems`} that the site's build would refuse. ${count === 1 ? "It is" : "They are"} listed at the top of the form and shown at ${count === 1 ? "its field" : "their fields"}: fix ${count === 1 ? "it" : "them"}, then save again. Nothing was written.`,
    de: ({ count }) =>
      `Nicht gespeichert: ${count === 1 ? "1 Problem" : `${count} Probleme`}, an denen die Erstellung der Website scheitern würde. ${count === 1 ? "Es steht" : "Sie stehen"} oben im Formular und am jeweiligen Feld: beheben, dann erneut speichern. Es wurde nichts geschrieben.`,
  } satisfies Entry<{ count: number }>,
  verdictTitle: {
    en: ({ count }: { count: number }) =>
      `${count === 1 ? "1 problem" : `${count} problems`} in this entry (the live site's build would refuse ${count === 1 ? "it" : "them"}):`,
    de: ({ count }) =>
      `${count === 1 ? "1 Problem" : `${count} Probleme`} in diesem Eintrag (die Live-Website würde ${count === 1 ? "es" : "sie"} ablehnen):`,
  } satisfies Entry<{ count: number }>,
  verdictTab: {
    en: ({ language }: { language: string }) => `${languageName(language, "en")} tab`,
    de: ({ language }) => `Reiter ${languageName(language, "de")}`,
  } satisfies Entry<{ language: string }>,
  // Markdown, directives, pages, guards (issue 54)
  tooLarge: {
    en: ({ size, max, contentFile, advice }: TooLarge) =>
      `is ${sizeIn(size, "en")}; ${contentFile ? "a content file" : "it"} may have at most ${sizeIn(max, "en")} (${advice.en})`,
    de: ({ size, max, contentFile, advice }) =>
      `ist ${sizeIn(size, "de")} groß; ${contentFile ? "eine Inhaltsdatei" : "sie"} darf höchstens ${sizeIn(max, "de")} groß sein (${advice.de})`,
  } satisfies Entry<TooLarge>,
  splitIntoPages: {
    en: (_: Record<string, never>) => "split it into several pages",
    de: () => "sie auf mehrere Seiten aufteilen",
  } satisfies Entry<Record<string, never>>,
  publishedTooLarge: {
    en: (_: Record<string, never>) =>
      "about 500,000 addresses; delete the lines of pages that are gone for good and are no longer linked to, whose old addresses may answer 404",
    de: () =>
      "etwa 500.000 Adressen; die Zeilen der Seiten löschen, die für immer weg sind und auf die nichts mehr verlinkt: ihre alten Adressen dürfen 404 antworten",
  } satisfies Entry<Record<string, never>>,
  invisibleCharacter: {
    en: ({ char }: { char: string }) =>
      `invisible character ${characterName(char, "en")}: delete it (it never belongs in copy, and can make text read differently from how it is stored)`,
    de: ({ char }) =>
      `unsichtbares Zeichen ${characterName(char, "de")}: das Zeichen löschen (es gehört nie in einen Text und kann ihn anders erscheinen lassen, als er gespeichert ist)`,
  } satisfies Entry<{ char: string }>,
  notUtf8: {
    en: (_: Record<string, never>) =>
      "is not saved as UTF-8 (Latin-1 or Windows-1252?): save it as UTF-8 in your editor",
    de: () => "ist nicht als UTF-8 gespeichert (Latin-1 oder Windows-1252?): die Datei im Editor als UTF-8 speichern",
  } satisfies Entry<Record<string, never>>,
  unknownPlaceholder: {
    en: ({ written, key }: { written: string; key: string }) =>
      `unknown placeholder ${written}: there is no "${key}" in content/site.yaml`,
    de: ({ written, key }) =>
      `unbekannter Platzhalter ${written}: content/site.yaml hat kein "${key}"; den Namen berichtigen, oder "${key}" dort ergänzen`,
  } satisfies Entry<{ written: string; key: string }>,
  linkScheme: {
    en: ({ scheme }: { scheme: string }) =>
      `a link to "${scheme}:" is refused: links may use https:, http:, mailto: and tel:, or start with / or #`,
    de: ({ scheme }) =>
      `ein Link auf "${scheme}:" wird abgelehnt: Links dürfen https:, http:, mailto: und tel: verwenden, oder mit / oder # beginnen`,
  } satisfies Entry<{ scheme: string }>,
  imageAddress: {
    en: ({ url }: { url: string }) =>
      `the image "${url}" must be a file next to this page, written ./name.png, or one in content/media/, written /media/name.png`,
    de: ({ url }) =>
      `das Bild "${url}" muss eine Datei neben dieser Seite sein, geschrieben ./name.png, oder eine in content/media/, geschrieben /media/name.png`,
  } satisfies Entry<{ url: string }>,
  malformedEncoding: {
    en: ({ url }: { url: string }) =>
      `"${url}" has a malformed %-encoding (a % must be followed by two hex digits; write %25 for a literal %)`,
    de: ({ url }) =>
      `"${url}" hat eine fehlerhafte %-Kodierung (auf ein % folgen zwei Hexadezimalziffern; für ein % selbst %25 schreiben)`,
  } satisfies Entry<{ url: string }>,
  imageReference: {
    en: (_: Record<string, never>) => "write images as ![alt text](./file.png), not as references",
    de: () => "Bilder als ![Alternativtext](./datei.png) schreiben, nicht als Referenz",
  } satisfies Entry<Record<string, never>>,
  imagesNotHere: {
    en: (_: Record<string, never>) => "images are not possible in this file",
    de: () => "in dieser Datei sind keine Bilder möglich: das Bild entfernen",
  } satisfies Entry<Record<string, never>>,
  theImage: {
    en: ({ message }: { message: Said }) => `the image ${message.en}`,
    de: ({ message }) => `das Bild ${message.de}`,
  } satisfies Entry<{ message: Said }>,
  tableCells: {
    en: ({ cells, columns }: { cells: number; columns: number }) =>
      `this table row has ${cells} cells and the table's header ${columns}: the cells beyond it would not be shown; add a column to the header (and its | --- |), or remove the extra cells`,
    de: ({ cells, columns }) =>
      `diese Tabellenzeile hat ${cells} Zellen, die Kopfzeile der Tabelle ${columns}: die Zellen darüber hinaus würden nicht angezeigt; in der Kopfzeile eine Spalte ergänzen (und in der Zeile darunter ihr | --- |), oder die überzähligen Zellen entfernen`,
  } satisfies Entry<{ cells: number; columns: number }>,
  rawHtml: {
    en: ({ tag }: { tag: string }) =>
      `raw HTML (${tag}…) is not allowed in Markdown: it would bypass the site's checks; write it in Markdown instead`,
    de: ({ tag }) =>
      `HTML-Code (${tag}…) ist in Markdown nicht erlaubt: er würde die Prüfungen der Website umgehen; stattdessen Markdown schreiben`,
  } satisfies Entry<{ tag: string }>,
  nestedTooDeep: {
    en: ({ max }: { max: number }) =>
      `the text nests more than ${max} levels deep (quotes, lists, emphasis or components inside each other): flatten it`,
    de: ({ max }) =>
      `der Text ist mehr als ${max} Ebenen tief verschachtelt (Zitate, Listen, Hervorhebungen oder Komponenten ineinander): ihn flacher gliedern`,
  } satisfies Entry<{ max: number }>,
  tooManyMarks: {
    en: ({ max }: { max: number }) =>
      `a paragraph with more than ${max} * or _ marks: split it into several paragraphs`,
    de: ({ max }) => `ein Absatz mit mehr als ${max} Markierungen * oder _: ihn in mehrere Absätze aufteilen`,
  } satisfies Entry<{ max: number }>,
  chromeId: {
    en: ({ heading, id }: { heading: string; id: string }) =>
      `the heading "${heading}" would get the id "${id}", which the page itself uses: reword the heading (e.g. "${heading} overview")`,
    de: ({ heading, id }) =>
      `die Überschrift "${heading}" bekäme die ID "${id}", die die Seite selbst schon verwendet: die Überschrift umformulieren (z. B. "${heading} im Überblick")`,
  } satisfies Entry<{ heading: string; id: string }>,
  componentInCell: {
    en: ({ written, name }: { written: string; name: string }) =>
      `"${written}" is in a table cell, where no component can stand: put ::${name} on a line of its own, above or below the table`,
    de: ({ written, name }) =>
      `"${written}" steht in einer Tabellenzelle, wo keine Komponente stehen kann: ::${name} in eine eigene Zeile über oder unter der Tabelle schreiben`,
  } satisfies Entry<{ written: string; name: string }>,
  closesNothing: {
    en: ({ colons }: { colons: string }) =>
      `this ${colons} closes no component (the one above was closed already): to put a component inside another, give the outer one more colons, ::::callout{type=note} … :::: around :::callout{type=tip} … :::`,
    de: ({ colons }) =>
      `dieses ${colons} schließt keine Komponente (die darüber ist schon geschlossen): um eine Komponente in eine andere zu setzen, der äußeren mehr Doppelpunkte geben, ::::callout{type=note} … :::: um :::callout{type=tip} … :::`,
  } satisfies Entry<{ colons: string }>,
  misreadComponent: {
    en: ({ written, example }: { written: string; example: string }) =>
      `"${written}" looks like a component but cannot be read: write the name right after the colons, values with spaces or quotes in "…", and close { } and [ ] (e.g. ${example})`,
    de: ({ written, example }) =>
      `"${written}" sieht aus wie eine Komponente, lässt sich aber nicht lesen: den Namen direkt hinter die Doppelpunkte schreiben, Werte mit Leerzeichen oder Anführungszeichen in "…", und { } und [ ] schließen (z. B. ${example})`,
  } satisfies Entry<{ written: string; example: string }>,
  notAComponent: {
    en: ({ components }: { components: string }) => `is not a component: use ${components} (see content/README.md)`,
    de: ({ components }) => `ist keine Komponente: ${components} verwenden (siehe content/README.md)`,
  } satisfies Entry<{ components: string }>,
  componentsNotHere: {
    en: (_: Record<string, never>) => "components are not possible in this file: write plain Markdown",
    de: () => "in dieser Datei sind keine Komponenten möglich: einfaches Markdown schreiben",
  } satisfies Entry<Record<string, never>>,
  componentIsBlock: {
    en: ({ opening }: { opening: string }) =>
      `is a block: write ${opening} on a line of its own, its content below and ::: to close it`,
    de: ({ opening }) =>
      `ist ein Block: ${opening} in eine eigene Zeile schreiben, den Inhalt darunter und ::: zum Schließen`,
  } satisfies Entry<{ opening: string }>,
  componentIsLine: {
    en: ({ example }: { example: string }) => `is written on one line: ${example}`,
    de: ({ example }) => `wird in einer Zeile geschrieben: ${example}`,
  } satisfies Entry<{ example: string }>,
  componentNeedsText: {
    en: ({ example }: { example: string }) => `needs its text in brackets: ${example}`,
    de: ({ example }) => `braucht ihren Text in eckigen Klammern: ${example}`,
  } satisfies Entry<{ example: string }>,
  buttonText: {
    en: ({ example }: { example: string }) =>
      `its [text] is the button's words: no link or image inside it (${example})`,
    de: ({ example }) =>
      `ihr [Text] ist die Beschriftung der Schaltfläche: keinen Link und kein Bild hineinschreiben (${example})`,
  } satisfies Entry<{ example: string }>,
  componentTakesNoText: {
    en: ({ opening }: { opening: string }) => `takes no [text] after its name: ${opening}`,
    de: ({ opening }) => `nimmt hinter ihrem Namen keinen [Text] an: ${opening} schreiben`,
  } satisfies Entry<{ opening: string }>,
  notAnAttribute: {
    en: ({ key, component, attributes, unquoted }: NotAnAttribute) =>
      `"${key}" is not an attribute of ${component}: it takes ${
        attributes.length === 0
          ? "no attributes"
          : attributes.length === 1
            ? `only ${attributes[0]}`
            : andList(attributes, "en")
      }${unquoted ? ' (a value with spaces goes in quotes: title="two words")' : ""}`,
    de: ({ key, component, attributes, unquoted }) =>
      `"${key}" ist kein Attribut von ${component}: ${
        attributes.length === 0
          ? "sie hat keine Attribute"
          : attributes.length === 1
            ? `sie hat nur ${attributes[0]}`
            : `sie hat ${andList(attributes, "de")}`
      }${unquoted ? ' (ein Wert mit Leerzeichen steht in Anführungszeichen: title="zwei Wörter")' : ""}`,
  } satisfies Entry<NotAnAttribute>,
  linkToFolder: {
    en: (_: Record<string, never>) => "is a link to a folder: pages must be in real folders inside content/",
    de: () =>
      "ist eine symbolische Verknüpfung auf einen Ordner: Seiten müssen in echten Ordnern in content/ liegen; die Seiten in einen solchen Ordner verschieben",
  } satisfies Entry<Record<string, never>>,
  noImageFile: {
    en: ({ src }: { src: string }) => `no image file ${src} next to this page`,
    de: ({ src }) => `keine Bilddatei ${src} neben dieser Seite: die Datei dort ablegen, oder image berichtigen`,
  } satisfies Entry<{ src: string }>,
  previewNeedsRaster: {
    en: (_: Record<string, never>) =>
      "needs a PNG or JPEG image (social networks do not show SVG): change image, or remove linkPreview",
    de: () =>
      "braucht ein PNG- oder JPEG-Bild (soziale Netzwerke zeigen kein SVG): image ändern, oder linkPreview entfernen",
  } satisfies Entry<Record<string, never>>,
  fileNameNoAddress: {
    en: ({ name, hint }: { name: string; hint: string }) =>
      `the file name "${name}" cannot be an address: name files and folders with lowercase letters, digits and -, e.g. ${hint}`,
    de: ({ name, hint }) =>
      `der Dateiname "${name}" kann keine Adresse sein: Dateien und Ordner mit Kleinbuchstaben, Ziffern und - benennen, z. B. ${hint}`,
  } satisfies Entry<{ name: string; hint: string }>,
  homePageFile: {
    en: (_: Record<string, never>) =>
      "the home page comes from home.yaml; a page needs a name of its own, e.g. pages/about.md",
    de: () => "die Startseite kommt aus home.yaml; eine Seite braucht einen eigenen Namen, z. B. pages/ueber-uns.md",
  } satisfies Entry<Record<string, never>>,
  pageSizeOfSection: {
    en: (_: Record<string, never>) =>
      "only a section's index.md lists pages: remove pageSize here (or set it in the folder's index.md)",
    de: () =>
      "nur die index.md eines Bereichs listet Seiten auf: pageSize hier entfernen (oder in die index.md des Ordners schreiben)",
  } satisfies Entry<Record<string, never>>,
  sectionWithoutIndex: {
    en: ({ section, lang, index, original }: { section: string; lang: string; index: string; original: string }) =>
      `is in the section ${section}/, which has no page in ${lang}: add ${index} (a translation of ${original}), or move this page out of the folder`,
    de: ({ section, lang, index, original }) =>
      `liegt im Bereich ${section}/, der auf ${languageName(lang, "de")} keine Seite hat: ${index} anlegen (eine Übersetzung von ${original}), oder diese Seite aus dem Ordner verschieben`,
  } satisfies Entry<{ section: string; lang: string; index: string; original: string }>,
};

/** What set a page's address (shared/verdict/reserved.ts), as a message names it. */
interface AddressOrigin {
  kind: "slug" | "url" | "file";
  value: string;
}

interface BelowSection {
  origin: AddressOrigin;
  name: string;
  section: string;
  why: Said;
}

interface MenuEntry {
  /** header.nav */
  menu: string;
  /** Counted from 1. */
  entry: number;
  here: string;
  there: string;
}

/** What answers at an address, as an author knows it (routes/aliases.ts). */
export type AddressOwner =
  | { kind: "tag"; name: string }
  | { kind: "search"; common: string }
  | { kind: "list"; number: number; file: string }
  | { kind: "file"; file: string };

function ownerName(owner: AddressOwner, lang: MessageLanguage): string {
  const de = lang === "de";
  if (owner.kind === "tag")
    return de ? `der Liste der Seiten mit dem Schlagwort „${owner.name}“` : `the list of pages tagged "${owner.name}"`;
  if (owner.kind === "search")
    return de
      ? `der Seite der Suche (search.path in ${owner.common})`
      : `the site search's page (search.path in ${owner.common})`;
  if (owner.kind === "list")
    return de
      ? `Seite ${owner.number} der Liste von ${owner.file}`
      : `page ${owner.number} of the list of ${owner.file}`;
  return owner.file;
}

function originName({ kind, value }: AddressOrigin, lang: MessageLanguage): string {
  if (kind === "file") return lang === "de" ? `der Dateiname "${value}"` : `the file name "${value}"`;
  return `${kind} "${value}"`;
}

/** A part of a page's structure, as structure parity names it. */
export interface PartName {
  kind: string;
  text: string;
}

function partName(part: PartName, lang: MessageLanguage): string {
  if (part.kind.startsWith("block:")) {
    const type = part.kind.slice("block:".length);
    return lang === "de" ? `Block ${part.text} (${type})` : `block ${part.text} (${type})`;
  }
  if (part.kind.startsWith("h")) return lang === "de" ? `die Überschrift "${part.text}"` : `the heading "${part.text}"`;
  if (part.kind === "figure") return lang === "de" ? `die Abbildung ${part.text}` : `the figure ${part.text}`;
  return lang === "de" ? `die Komponente ${part.text}` : `the component ${part.text}`;
}

export type MessageId = keyof typeof MESSAGES;
type ValuesOf<K extends MessageId> = Parameters<(typeof MESSAGES)[K]["en"]>[0];

/** A message in every language, from its values. */
export function say<K extends MessageId>(id: K, values: ValuesOf<K>): Said {
  const entry = MESSAGES[id] as Entry<ValuesOf<K>>;
  return { en: entry.en(values), de: entry.de(values) };
}

/** The language a reader gets: theirs where the catalogue has it, English otherwise. */
export const messageLanguage = (code: string | undefined): MessageLanguage =>
  (MESSAGE_LANGUAGES as readonly string[]).includes(code ?? "") ? (code as MessageLanguage) : "en";

// Markdown, directives, pages, guards (issue 54): what their messages name.

interface NotAnAttribute {
  key: string;
  /** The component as written: ::cta. */
  component: string;
  /** The attributes it takes. */
  attributes: readonly string[];
  /** The key has no value: most often the rest of a value with spaces written without quotes. */
  unquoted: boolean;
}

/** "provider, id and title", "provider, id und title". */
function andList(items: readonly string[], lang: MessageLanguage): string {
  const all = [...items];
  return all.length < 2
    ? all.join("")
    : `${all.slice(0, -1).join(", ")} ${lang === "de" ? "und" : "and"} ${all.at(-1)}`;
}

interface TooLarge {
  /** In bytes: the file's size, and the most its kind may have. */
  size: number;
  max: number;
  /** Whether the limit is every content file's (else the file's own, said as "it"). */
  contentFile: boolean;
  /** The fix, as the message ends. */
  advice: Said;
}

/** A size as messages give it: KB below a megabyte, MB from there ("645 KB", "17.2 MB"; in German "17,2 MB"). */
function sizeIn(bytes: number, lang: MessageLanguage): string {
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const megabytes = (bytes / 1024 / 1024).toFixed(1);
  return `${lang === "de" ? megabytes.replace(".", ",") : megabytes} MB`;
}

/** The invisible characters a content file may not hold (content/read/guards.ts), by their Unicode names. */
const CHARACTER_NAMES: Record<string, Said> = {
  "\u200b": { en: "zero-width space", de: "breitenloses Leerzeichen" },
  "\u200c": { en: "zero-width non-joiner", de: "Bindehemmer" },
  "\u200d": { en: "zero-width joiner", de: "breitenloser Verbinder" },
  "\u200e": { en: "left-to-right mark", de: "Links-nach-rechts-Marke" },
  "\u200f": { en: "right-to-left mark", de: "Rechts-nach-links-Marke" },
  "\u202a": { en: "left-to-right embedding", de: "Links-nach-rechts-Einbettung" },
  "\u202b": { en: "right-to-left embedding", de: "Rechts-nach-links-Einbettung" },
  "\u202c": { en: "pop directional formatting", de: "Ende der Richtungsformatierung" },
  "\u202d": { en: "left-to-right override", de: "Links-nach-rechts-Überschreibung" },
  "\u202e": { en: "right-to-left override", de: "Rechts-nach-links-Überschreibung" },
  "\u2060": { en: "word joiner", de: "Wortverbinder" },
  "\u2066": { en: "left-to-right isolate", de: "Links-nach-rechts-Isolierung" },
  "\u2067": { en: "right-to-left isolate", de: "Rechts-nach-links-Isolierung" },
  "\u2068": { en: "first strong isolate", de: "Isolierung nach dem ersten starken Zeichen" },
  "\u2069": { en: "pop directional isolate", de: "Ende der Richtungsisolierung" },
  "\ufeff": { en: "byte-order mark", de: "Byte-Order-Mark" },
};

/** A character as messages name it: "U+202E (right-to-left override)", "U+202E (Rechts-nach-links-Überschreibung)". */
export function characterName(char: string, lang: MessageLanguage): string {
  const point = char.codePointAt(0) ?? 0;
  const code = `U+${point.toString(16).toUpperCase().padStart(4, "0")}`;
  const de = lang === "de";
  const name =
    CHARACTER_NAMES[char]?.[lang] ??
    (point < 0xa0
      ? de
        ? "Steuerzeichen"
        : "control character"
      : point >= 0xd800 && point <= 0xdfff
        ? de
          ? "halbes Zeichen"
          : "half of a character"
        : de
          ? "Nichtzeichen, in XML nicht erlaubt"
          : "noncharacter, not allowed in XML");
  return `${code} (${name})`;
}
