/**
 * The schemas' own messages in German, beside the catalogue (catalogue.ts): the schemas word their checks in English
 * where they are defined (src/content/schemas/), and a field may carry its German beside it (`de(…)` in
 * schemas/fields.ts); the rest are said in German from here, one row per message as the schemas word it, its
 * numbers as $1. The build's refusals (content/read/issues.ts) and the editor's German form (editor/fields.ts) both
 * say them from here, and tests/unit/content/schema-german.test.ts walks the schemas and fails on a message that has
 * no German.
 */
const ROWS: [english: RegExp, german: string][] = [
  [/^must not be empty$/, "darf nicht leer sein"],
  [/^has the wrong format$/, "hat das falsche Format"],
  [/^needs at least one entry$/, "braucht mindestens einen Eintrag"],
  [
    /^must be a whole number from 1 to 9999 \(1 is listed first; leave weight out to list the page after the weighted ones, newest first\)$/,
    "muss eine ganze Zahl von 1 bis 9999 sein (1 steht zuerst; weight weglassen, damit die Seite nach den gewichteten steht, die neuesten zuerst)",
  ],
  [
    /^must be a whole number from 1 to 100: how many pages one list page of this section shows \(leave it out for 20\)$/,
    "muss eine ganze Zahl von 1 bis 100 sein: wie viele Seiten eine Listenseite dieses Bereichs zeigt (weglassen für 20)",
  ],
  [/^min must not be greater than max$/, "min darf nicht größer als max sein"],
  [
    /^must be exactly an origin and a path, such as (\S+): no query, #fragment, user name, spaces, quotes, ; , \* or \$$/,
    "muss genau ein Ursprung und ein Pfad sein, etwa $1: keine Abfrage, kein #Fragment, kein Benutzername, keine Leerzeichen, Anführungszeichen, ; , * oder $",
  ],
  [
    /^may hold at most (\d+) entries: a landing page stays short$/,
    "darf höchstens $1 Einträge haben: eine Landingpage bleibt kurz",
  ],
  [
    /^may hold at most (\d+) blocks: a landing page stays within its first 14 KB$/,
    "darf höchstens $1 Blöcke haben: eine Landingpage bleibt in ihren ersten 14 KB",
  ],
  [
    /^shows the page's image, and the page has none: add image, or remove linkPreview$/,
    "zeigt das Bild der Seite, und die Seite hat keines: image ergänzen, oder linkPreview entfernen",
  ],
  [
    /^needs at least one block \(or remove blocks: to write the page in Markdown\)$/,
    "braucht mindestens einen Block (oder blocks: entfernen, um die Seite in Markdown zu schreiben)",
  ],
  [
    /^an image needs its alt text: add imageAlt, saying what the image shows$/,
    "ein Bild braucht seinen Alternativtext: imageAlt ergänzen, mit dem, was das Bild zeigt",
  ],
  [
    /^imageAlt describes an image: add image, or remove imageAlt$/,
    "imageAlt beschreibt ein Bild: image ergänzen, oder imageAlt entfernen",
  ],
  [/^must not end with \/$/, "darf nicht auf / enden"],
  [/^must list exactly three stats$/, "muss genau drei Kennzahlen aufführen"],
  [/^must list exactly three badges$/, "muss genau drei Plaketten aufführen"],
  [/^must contain \{email\}$/, "muss {email} enthalten"],
  [
    /^must be true: write consent: true once the person has agreed in writing to be quoted by name$/,
    "muss true sein: consent: true schreiben, sobald die Person schriftlich zugestimmt hat, namentlich zitiert zu werden",
  ],
  [
    /^must be at most (\d+) characters: a heading is a line or two$/,
    "darf höchstens $1 Zeichen lang sein: eine Überschrift ist ein, zwei Zeilen",
  ],
  [
    /^must be at most (\d+) characters: a figure such as 40 % or 3 weeks$/,
    "darf höchstens $1 Zeichen lang sein: eine Zahl wie 40 % oder 3 Wochen",
  ],
  [/^must be at most (\d+) characters$/, "darf höchstens $1 Zeichen lang sein"],
  [/^must be an https:\/\/ URL$/, "muss eine https://-Adresse sein"],
  [
    /^must be a time zone such as Europe\/Berlin or UTC \(the IANA name\)$/,
    "muss eine Zeitzone wie Europe/Berlin oder UTC sein (der IANA-Name)",
  ],
  [
    /^must be a locale the date formatter knows, e\.g\. en-GB or de-DE$/,
    "muss ein Gebietsschema sein, das die Datumsformatierung kennt, z. B. en-GB oder de-DE",
  ],
  [
    /^must be "partial" \(leave it out for the rule in site\.yaml\)$/,
    'muss "partial" sein (weglassen, damit die Regel aus site.yaml gilt)',
  ],
  [
    /^must be "own" \(leave it out to have the page follow the default language's structure\)$/,
    'muss "own" sein (weglassen, damit die Seite dem Aufbau der Standardsprache folgt)',
  ],
  [/^must be "complete" or "partial"$/, 'muss "complete" oder "partial" sein'],
  [
    /^must be "" or a slash and a lowercase folder name, e\.g\. \/de$/,
    'muss "" sein oder ein Schrägstrich mit einem kleingeschriebenen Ordnernamen, z. B. /de',
  ],
  [
    /^a page may have at most (\d+) tags: keep the few a reader would look for \(each makes a list page\)$/,
    "eine Seite darf höchstens $1 Schlagwörter haben: die wenigen behalten, nach denen ein Leser suchen würde (jedes ergibt eine Listenseite)",
  ],
  [
    /^a figure needs its evidence: add source: \(an https:\/\/ address\) or footnote: \(where the number comes from\)$/,
    "eine Zahl braucht ihren Beleg: source: (eine https://-Adresse) oder footnote: (woher die Zahl stammt) ergänzen",
  ],
];

/** A schema's own English message in German, or undefined where no row says it. */
export function germanOfSchemaMessage(english: string): string | undefined {
  for (const [pattern, german] of ROWS) if (pattern.test(english)) return english.replace(pattern, german);
  return undefined;
}
