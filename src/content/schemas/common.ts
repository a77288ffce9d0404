import { z } from "zod";
import { CALLOUT_TYPES } from "../markdown/directives/callout-types.ts";
import { VIDEO_PROVIDER_NAMES, type VideoProvider } from "../markdown/directives/video-providers.ts";
import { TEMPLATE_TITLE_MAX_LENGTH, TITLE_MAX_DE, text, title, words } from "./fields.ts";
import { TITLE_MAX_LENGTH } from "./titles.ts";

/**
 * Where a menu entry leads: "#services" (a section of the home page), a page by its path under pages/
 * ("privacy", "insights"), "home" or "impressum". Resolved per language, so the German menu gets German URLs.
 */
export const LINK_TARGET = /^(#[a-z][a-z0-9-]*|[a-z0-9][a-z0-9/-]*(#[a-z][a-z0-9-]*)?)$/;
export const linkTarget = z
  .string()
  .regex(
    LINK_TARGET,
    'must be "#section-id", a page path such as insights (optionally with "#heading-id"), "home" or "impressum"',
  );
const LINK_TEXT: Parameters<typeof words> = [
  ["Link text", "What the link says, e.g. Services."],
  ["Linktext", "Was der Link sagt, z. B. Leistungen."],
];
export const navLinkSchema = z.strictObject({
  label: text.meta(words(...LINK_TEXT)),
  to: linkTarget.meta(
    words(
      [
        "Leads to",
        "Pick a page from the list (its title and address), or type a section of the home page (#services).",
      ],
      [
        "Führt zu",
        "Eine Seite aus der Liste wählen (Titel und Adresse) oder einen Abschnitt der Startseite tippen (#services).",
      ],
      {
        string_format:
          'muss "#abschnitt-id", ein Seitenpfad wie insights (auch mit "#überschrift-id"), "home" oder "impressum" sein',
      },
    ),
  ),
});

/**
 * The longest label a link of a menu may have: the header's entries stand side by side in one line from 900 px
 * (a 128-letter label made the header 1,597 px wide at 1,280), the footer's under one another in a column.
 */
export const MENU_LABEL_MAX = { header: 24, footer: 40 } as const;

/** A list of links (a menu, the footer's arrow links) with its words: its items have the link's, and a label limit. */
const links = (en: [string, string], german: [string, string], max: number) =>
  z
    .array(
      navLinkSchema.extend({
        label: text
          .max(max, `must be at most ${max} characters: a menu entry is a word or two (the page's title can say more)`)
          .meta(
            words(LINK_TEXT[0], LINK_TEXT[1], {
              max_length: `darf höchstens ${max} Zeichen lang sein: ein Menüeintrag ist ein, zwei Wörter (der Titel der Seite kann mehr sagen)`,
            }),
          ),
      }),
    )
    .min(1)
    .meta(words(en, german));

/** The word above a callout, by its type, in both interface languages. */
const CALLOUT_WORDS: Record<(typeof CALLOUT_TYPES)[number], [en: string, german: string]> = {
  note: ["Note", "Hinweis"],
  tip: ["Tip", "Tipp"],
  warning: ["Warning", "Warnung"],
};

export const commonSchema = z.strictObject({
  /** How this language names itself on every other language's language button. */
  language: z
    .strictObject({
      short: z
        .string()
        .regex(/^[A-Z]{2,3}$/, "must be a short code in capitals, such as DE")
        .meta(
          words(
            ["Short name", "The language button's letters for this language, e.g. EN."],
            ["Kürzel", "Die Buchstaben dieser Sprache auf dem Sprachknopf, z. B. DE."],
            { string_format: "muss ein Kürzel in Großbuchstaben sein, z. B. DE" },
          ),
        ),
      readThisPage: text.meta(
        words(
          ["Read this page", "The language button's words on other languages' pages, e.g. Read this page in English."],
          [
            "Diese Seite lesen",
            "Die Worte des Sprachknopfs auf den Seiten anderer Sprachen, z. B. Diese Seite auf Deutsch lesen.",
          ],
        ),
      ),
      /** The language's own name, marking a menu link to a page that exists in this language only: "(English)". */
      name: text.meta(
        words(
          ["Language name", "This language's own name; marks a link to a page that exists only in it, e.g. English."],
          [
            "Name der Sprache",
            "Der eigene Name dieser Sprache; markiert Links auf Seiten, die es nur in ihr gibt, z. B. Deutsch.",
          ],
        ),
      ),
      /** On the language button of a page that has no translation in this language: where it leads instead. */
      notAvailable: text.meta(
        words(
          [
            "Not available",
            "The language button of a page without a translation in this language, which leads to the nearest page.",
          ],
          [
            "Nicht verfügbar",
            "Der Sprachknopf einer Seite ohne Übersetzung in diese Sprache; er führt zur nächstgelegenen Seite.",
          ],
        ),
      ),
      /** Shown on arrival at the nearest page in this language, after that button. */
      notTranslated: text.meta(
        words(
          ["Not translated", "Shown at the top of the nearest page when a visitor arrives there from that button."],
          ["Nicht übersetzt", "Steht oben auf der nächstgelegenen Seite, wenn jemand über diesen Knopf kommt."],
        ),
      ),
      /** The marker on every page of a staged language in npm run dev (the default language's text is shown). */
      staged: text.meta(
        words(
          ["Preview marker", "Marks every page of this language while it is not published yet (preview only)."],
          [
            "Hinweis auf die Vorschau",
            "Markiert jede Seite dieser Sprache, solange sie noch nicht veröffentlicht ist (nur in der Vorschau).",
          ],
        ),
      ),
    })
    .meta(
      words(
        ["Language", "How this language names itself on the language button of the other languages' pages."],
        ["Sprache", "Wie sich diese Sprache auf dem Sprachknopf der Seiten anderer Sprachen nennt."],
      ),
    ),
  skipLink: text.meta(
    words(
      ["Skip link", "The first link keyboard and screen reader users meet, e.g. Skip to main content."],
      ["Sprunglink zum Inhalt", "Der erste Link für Tastatur und Screenreader, z. B. Zum Hauptinhalt springen."],
    ),
  ),
  header: z
    .strictObject({
      homeLabel: text.meta(
        words(
          ["Logo link", "What screen readers say for the logo, which leads home, e.g. Leap AI – home."],
          [
            "Beschriftung des Logos",
            "Was Screenreader zum Logo sagen, das zur Startseite führt, z. B. Leap AI – Startseite.",
          ],
        ),
      ),
      navLabel: text.meta(
        words(
          ["Menu name", "What screen readers call the header menu, e.g. Main."],
          ["Name der Navigation", "Wie Screenreader das Menü der Kopfzeile nennen, z. B. Hauptmenü."],
        ),
      ),
      /** The button that opens the navigation below 900 px. */
      menuButton: text.meta(
        words(
          ["Menu button", "The button that opens the menu on phones and narrow windows."],
          ["Menü-Button", "Der Button, der das Menü auf Telefonen und in schmalen Fenstern öffnet."],
        ),
      ),
      nav: links(
        ["Menu", "The header's links, in this order."],
        ["Menü", "Die Links der Kopfzeile, in dieser Reihenfolge."],
        MENU_LABEL_MAX.header,
      ),
      bookMeeting: text.meta(
        words(
          ["Book a meeting", "The header's booking button; it leads to the booking link in the company facts."],
          ["Termin buchen", "Der Buchungs-Button der Kopfzeile; er führt zum Buchungslink in den Firmendaten."],
        ),
      ),
      bookMeetingShort: text.meta(
        words(
          ["Book a meeting (short)", "The same button on phones, where there is room for one word, e.g. Book."],
          ["Termin buchen (kurz)", "Derselbe Button auf Telefonen, wo ein Wort Platz hat, z. B. Termin."],
        ),
      ),
    })
    .meta(
      words(
        ["Header", "The top of every page: logo, menu and booking button."],
        ["Kopfzeile", "Der Kopf jeder Seite: Logo, Menü und Buchungs-Button."],
      ),
    ),
  footer: z
    .strictObject({
      tagline: text.meta(
        words(
          ["Tagline", "The sentences under the logo in the footer."],
          ["Slogan", "Die Sätze unter dem Logo in der Fußzeile."],
        ),
      ),
      /** Arrow links under the tagline ("Our services →"), "to" as in the menus. */
      links: links(
        ["Links", "The arrow links under the tagline."],
        ["Links", "Die Pfeil-Links unter dem Slogan."],
        MENU_LABEL_MAX.footer,
      ),
      contactHeading: text.meta(
        words(
          ["Contact heading", "Above the e-mail address and phone number."],
          ["Überschrift Kontakt", "Über E-Mail-Adresse und Telefonnummer."],
        ),
      ),
      followHeading: text.meta(
        words(
          ["Social heading", "Above the social profiles, e.g. Follow us."],
          ["Überschrift Folgen", "Über den sozialen Netzwerken, z. B. Folgen Sie uns."],
        ),
      ),
      navHeading: text.meta(
        words(
          ["Link list heading", "Above the footer's link list, e.g. Legal."],
          ["Überschrift Navigation", "Über der Linkliste der Fußzeile, z. B. Rechtliches."],
        ),
      ),
      nav: links(
        ["Link list", "The footer's links, e.g. the legal notice and the privacy policy."],
        ["Linkliste", "Die Links der Fußzeile, etwa Impressum und Datenschutz."],
        MENU_LABEL_MAX.footer,
      ),
      copyright: text.meta(
        words(
          ["Copyright line", "{year} and {company} are filled in from the company facts."],
          ["Copyright-Zeile", "{year} und {company} werden aus den Firmendaten eingesetzt."],
        ),
      ),
    })
    .meta(
      words(
        ["Footer", "The bottom of every page: tagline, contact, profiles and links."],
        ["Fußzeile", "Der Fuß jeder Seite: Slogan, Kontakt, Profile und Links."],
      ),
    ),
  newTab: text.meta(
    words(
      ["Opens in a new tab", "What screen readers say after a link that opens in a new tab."],
      ["Öffnet in neuem Tab", "Was Screenreader nach einem Link sagen, der in einem neuen Tab öffnet."],
    ),
  ),
  legal: z
    .strictObject({
      backToHome: text.meta(
        words(
          ["Back to home", "The link back home on the legal pages."],
          ["Zurück zur Startseite", "Der Link zurück zur Startseite auf den rechtlichen Seiten."],
        ),
      ),
      onThisPage: text.meta(
        words(
          ["On this page", "The heading of a legal page's table of contents."],
          ["Auf dieser Seite", "Die Überschrift des Inhaltsverzeichnisses einer rechtlichen Seite."],
        ),
      ),
    })
    .meta(
      words(
        ["Legal pages", "The words of the Impressum and the privacy policy."],
        ["Rechtliche Seiten", "Die Texte von Impressum und Datenschutzerklärung."],
      ),
    ),
  /** The words of the components authors use in Markdown pages (content/README.md). */
  components: z
    .strictObject({
      /** The word above a callout, by its type. */
      callout: z
        .strictObject(
          Object.fromEntries(
            CALLOUT_TYPES.map((type) => {
              const [en, german] = CALLOUT_WORDS[type];
              return [
                type,
                text.meta(
                  words(
                    [en, `The word above a callout of type ${type}.`],
                    [german, `Das Wort über einer Hinweisbox vom Typ ${type}.`],
                  ),
                ),
              ];
            }),
          ) as Record<(typeof CALLOUT_TYPES)[number], typeof text>,
        )
        .meta(
          words(
            ["Callout", "The word above each kind of callout."],
            ["Hinweisbox", "Das Wort über jeder Art von Hinweisbox."],
          ),
        ),
      video: z
        .strictObject({
          /** The button on the still image. */
          play: text.meta(
            words(
              ["Play button", "The button on a video's still image."],
              ["Abspielen", "Der Button auf dem Standbild eines Videos."],
            ),
          ),
          /** What a click loads and sends, by provider: shown under every video before it is played. */
          notice: z
            .strictObject(
              Object.fromEntries(
                VIDEO_PROVIDER_NAMES.map((name) => {
                  const provider = { youtube: "YouTube" }[name] ?? name;
                  return [
                    name,
                    text.meta(
                      words(
                        [provider, `What a click on a ${provider} video loads and sends, shown before it is played.`],
                        [
                          provider,
                          `Was ein Klick auf ein ${provider}-Video lädt und sendet; steht vor dem Abspielen da.`,
                        ],
                      ),
                    ),
                  ];
                }),
              ) as Record<VideoProvider, typeof text>,
            )
            .meta(
              words(
                ["Notice before playing", "Under every video until it is played, by provider."],
                ["Hinweis vor dem Abspielen", "Steht unter jedem Video, bis es abgespielt wird, je Anbieter."],
              ),
            ),
          /** The link after the notice: the privacy policy's section on videos. */
          privacy: navLinkSchema.meta(
            words(
              ["Privacy link", "The link after the notice, to the privacy policy's section on videos."],
              [
                "Link zur Datenschutzerklärung",
                "Der Link nach dem Hinweis, zum Abschnitt über Videos in der Datenschutzerklärung.",
              ],
            ),
          ),
        })
        .meta(
          words(
            ["Video", "What a video shows before it is played."],
            ["Video", "Was ein Video zeigt, bevor es abgespielt wird."],
          ),
        ),
    })
    .meta(
      words(
        ["Components", "The words of the components in pages (callout, video)."],
        ["Bausteine", "Die Texte der Bausteine in Seiten (Hinweisbox, Video)."],
      ),
    ),
  pages: z
    .strictObject({
      /** Back link from a section's page to the section; {title} is the section's title. */
      backToSection: text.meta(
        words(
          ["Back to section", "The link from a page back to its section; {title} is the section's title."],
          [
            "Zurück zum Bereich",
            "Der Link von einer Seite zurück zu ihrem Bereich; {title} ist der Titel des Bereichs.",
          ],
        ),
      ),
      /** Marks a draft in npm run dev (drafts are never published). */
      draft: text.meta(
        words(
          ["Draft marker", "Marks a draft in the preview; drafts are never published."],
          ["Markierung „Entwurf“", "Markiert einen Entwurf in der Vorschau; Entwürfe werden nie veröffentlicht."],
        ),
      ),
      /** Title of a section's Atom feed; {title} is the section's title. */
      feedTitle: text
        .max(
          TEMPLATE_TITLE_MAX_LENGTH,
          `must be at most ${TEMPLATE_TITLE_MAX_LENGTH} characters (before {title} is filled in)`,
        )
        .meta(
          words(
            [
              "Feed title",
              `The title of a section's feed; {title} is the section's title. At most ${TEMPLATE_TITLE_MAX_LENGTH} characters.`,
            ],
            [
              "Titel des Feeds",
              `Der Titel des Feeds eines Bereichs; {title} ist sein Titel. Höchstens ${TEMPLATE_TITLE_MAX_LENGTH} Zeichen.`,
            ],
            {
              max_length: `darf höchstens ${TEMPLATE_TITLE_MAX_LENGTH} Zeichen lang sein (bevor {title} eingesetzt wird)`,
            },
          ),
        ),
      /** Title and heading of a section's list page beyond the first; {title} is the section's title, {number} the page's. */
      listPageTitle: text
        .max(
          TEMPLATE_TITLE_MAX_LENGTH,
          `must be at most ${TEMPLATE_TITLE_MAX_LENGTH} characters (before {title} and {number} are filled in)`,
        )
        .meta(
          words(
            [
              "List page title",
              "Title of a section's second and later list pages; {title} is the section's, {number} the page's.",
            ],
            [
              "Titel der Listenseite",
              "Titel der zweiten und weiteren Listenseiten eines Bereichs; {title} ist sein Titel, {number} die Nummer.",
            ],
            {
              max_length: `darf höchstens ${TEMPLATE_TITLE_MAX_LENGTH} Zeichen lang sein (bevor {title} und {number} eingesetzt werden)`,
            },
          ),
        ),
      /** The links between a long section's list pages, and what screen readers call that navigation. */
      previousPage: text.meta(
        words(
          ["Previous page", "The link to the previous list page of a long section."],
          ["Vorherige Seite", "Der Link zur vorherigen Listenseite eines langen Bereichs."],
        ),
      ),
      nextPage: text.meta(
        words(
          ["Next page", "The link to the next list page of a long section."],
          ["Nächste Seite", "Der Link zur nächsten Listenseite eines langen Bereichs."],
        ),
      ),
      listPagesLabel: text.meta(
        words(
          ["List pages name", "What screen readers call the links between list pages."],
          ["Name der Seitennavigation", "Wie Screenreader die Links zwischen den Listenseiten nennen."],
        ),
      ),
      /** The marker of a page whose date is later than today (npm run dev, --future previews); {date} is that day. */
      scheduled: text.meta(
        words(
          ["Scheduled marker", "Marks a page whose date is still to come, in the preview; {date} is that day."],
          ["Markierung „Geplant“", "Markiert in der Vorschau eine Seite, deren Datum noch kommt; {date} ist der Tag."],
        ),
      ),
      /** The marker of a page past its expiryDate (npm run dev, --future previews); {date} is that day. */
      expired: text.meta(
        words(
          ["Expired marker", "Marks a page past its expiry date, in the preview; {date} is that day."],
          ["Markierung „Abgelaufen“", "Markiert in der Vorschau eine abgelaufene Seite; {date} ist der Tag."],
        ),
      ),
      /** Below a page's date when its front matter has lastmod; {date} is that day. */
      updated: text.meta(
        words(
          ["Updated on", "Below a page's date when it was updated; {date} is that day."],
          ["Aktualisiert am", "Unter dem Datum einer aktualisierten Seite; {date} ist der Tag."],
        ),
      ),
      /** The author's line on a page with an author; {name} is the author's name. */
      byline: text.meta(
        words(
          ["Byline", "The author's line on a page; {name} is the author's name."],
          ["Autorenzeile", "Die Zeile mit dem Autor einer Seite; {name} ist der Name."],
        ),
      ),
    })
    .meta(
      words(
        ["Pages", "The words around pages: markers, list pages, feeds and bylines."],
        ["Seiten", "Die Texte rund um Seiten: Markierungen, Listenseiten, Feeds und Autorenzeilen."],
      ),
    ),
  /** Tags: the address of their list pages in this language, and their words. */
  tags: z
    .strictObject({
      /** The folder of the tag pages: tags gives /tags/rag, schlagwoerter /de/schlagwoerter/rag. */
      path: z
        .string()
        .regex(/^[a-z0-9][a-z0-9-]*$/, "must be one lowercase word (letters, digits and -), e.g. tags")
        .meta(
          words(
            ["Tag pages' folder", "One lowercase word in the tag pages' address: tags gives /tags/rag."],
            [
              "Ordner der Schlagwortseiten",
              "Ein kleingeschriebenes Wort in der Adresse: schlagwoerter ergibt /de/schlagwoerter/rag.",
            ],
            {
              string_format: "muss ein kleingeschriebenes Wort sein (Buchstaben, Ziffern und -), z. B. schlagwoerter",
            },
          ),
        ),
      /** A tag page's title and heading; {tag} is the tag. */
      title: text.meta(
        words(
          ["Tag page title", "A tag page's title and heading; {tag} is the tag."],
          ["Titel einer Schlagwortseite", "Titel und Überschrift einer Schlagwortseite; {tag} ist das Schlagwort."],
        ),
      ),
      /** What screen readers call a page's list of tags. */
      label: text.meta(
        words(
          ["Tag list name", "What screen readers call a page's list of tags."],
          ["Name der Schlagwortliste", "Wie Screenreader die Schlagwörter einer Seite nennen."],
        ),
      ),
      /** The heading above an article's related articles. */
      related: text.meta(
        words(
          ["Related heading", "The heading above an article's related articles, e.g. Related reading."],
          ["Überschrift „Ähnliche Artikel“", "Die Überschrift über ähnlichen Artikeln, z. B. Weiterlesen."],
        ),
      ),
    })
    .meta(
      words(
        ["Tags", "The address and the words of the tag pages."],
        ["Schlagwörter", "Adresse und Texte der Schlagwortseiten."],
      ),
    ),
  /** Site search: the address of its page in this language, and its words (the dialog's and the page's). */
  search: z
    .strictObject({
      /** The search page's address below the language's prefix: search gives /search, suche /de/suche. */
      path: z
        .string()
        .regex(/^[a-z0-9][a-z0-9-]*$/, "must be one lowercase word (letters, digits and -), e.g. search")
        .meta(
          words(
            ["Search page address", "One lowercase word: search gives /search."],
            ["Adresse der Suchseite", "Ein kleingeschriebenes Wort: suche ergibt /de/suche."],
            {
              string_format: "muss ein kleingeschriebenes Wort sein (Buchstaben, Ziffern und -), z. B. suche",
            },
          ),
        ),
      /** The search page's title and heading, the dialog's name, and the search control's accessible name. */
      title: title.meta(
        words(
          ["Title", "The search page's title and heading, and the name of the search dialog and button."],
          ["Titel", "Titel und Überschrift der Suchseite, Name des Suchdialogs und des Buttons."],
          { max_length: TITLE_MAX_DE },
        ),
      ),
      description: text.meta(
        words(
          ["Description", "The search page's description in search results."],
          ["Beschreibung", "Die Beschreibung der Suchseite in Suchergebnissen."],
        ),
      ),
      /** The query field's placeholder. */
      placeholder: text.meta(
        words(
          ["Placeholder", "The grey text in the empty search field."],
          ["Platzhalter im Suchfeld", "Der graue Text im leeren Suchfeld."],
        ),
      ),
      /** The button that closes the dialog. */
      close: text.meta(
        words(
          ["Close", "The button that closes the search dialog."],
          ["Schließen", "Der Button, der den Suchdialog schließt."],
        ),
      ),
      /** What the live region announces; {count} is the number of results, {query} what was searched. */
      results: text.meta(
        words(
          ["Results", "Announced after a search; {count} is the number of results, {query} what was searched."],
          ["Ergebnisse", "Wird nach einer Suche angesagt; {count} ist die Anzahl, {query} das Gesuchte."],
        ),
      ),
      oneResult: text.meta(
        words(
          ["One result", "As Results, for exactly one result."],
          ["Ein Ergebnis", "Wie Ergebnisse, für genau ein Ergebnis."],
        ),
      ),
      noResults: text.meta(
        words(
          ["No results", "When nothing matches; {query} is what was searched."],
          ["Keine Ergebnisse", "Wenn nichts passt; {query} ist das Gesuchte."],
        ),
      ),
      /** Above the other language's results when this one has none; {language} is that language's own name. */
      otherLanguage: text.meta(
        words(
          [
            "Other language's results",
            "Above the other language's results when this one has none; {language} is its name.",
          ],
          [
            "Ergebnisse der anderen Sprache",
            "Über den Ergebnissen der anderen Sprache, wenn diese keine hat; {language} ist ihr Name.",
          ],
        ),
      ),
      /** The search page without JavaScript: the text above its lists of links, and their headings. */
      browse: text.meta(
        words(
          ["Without JavaScript", "The search page's text above its lists of links, for browsers without JavaScript."],
          ["Ohne JavaScript", "Der Text der Suchseite über ihren Linklisten, für Browser ohne JavaScript."],
        ),
      ),
      sections: text.meta(
        words(
          ["Sections heading", "Above the list of sections, without JavaScript."],
          ["Überschrift „Bereiche“", "Über der Liste der Bereiche, ohne JavaScript."],
        ),
      ),
      tags: text.meta(
        words(
          ["Tags heading", "Above the list of tags, without JavaScript."],
          ["Überschrift „Schlagwörter“", "Über der Liste der Schlagwörter, ohne JavaScript."],
        ),
      ),
      pages: text.meta(
        words(
          ["All pages heading", "Above the list of all pages, without JavaScript."],
          ["Überschrift „Alle Seiten“", "Über der Liste aller Seiten, ohne JavaScript."],
        ),
      ),
    })
    .meta(
      words(
        ["Search", "The search page's address and the words of search."],
        ["Suche", "Adresse der Suchseite und die Texte der Suche."],
      ),
    ),
  notFound: z
    .strictObject({
      title: title.meta(
        words(
          ["Title", `The browser tab's title of the 404 page; at most ${TITLE_MAX_LENGTH} characters.`],
          ["Titel", `Der Titel der Seite 404 im Browser-Tab; höchstens ${TITLE_MAX_LENGTH} Zeichen.`],
          { max_length: TITLE_MAX_DE },
        ),
      ),
      description: text.meta(
        words(
          ["Description", "The 404 page's description for search engines."],
          ["Beschreibung", "Die Beschreibung der Seite 404 für Suchmaschinen."],
        ),
      ),
      heading: text.meta(
        words(["Heading", "The 404 page's big heading."], ["Überschrift", "Die große Überschrift der Seite 404."]),
      ),
      text: text.meta(words(["Text", "The sentence under the heading."], ["Text", "Der Satz unter der Überschrift."])),
      returnHome: text.meta(
        words(
          ["Back home", "The button that leads home."],
          ["Zurück zur Startseite", "Der Button, der zur Startseite führt."],
        ),
      ),
      consoleMessage: text.meta(
        words(
          [
            "Console message",
            "Written to the browser console with the address that was tried; visitors do not see it.",
          ],
          [
            "Meldung in der Konsole",
            "Steht mit der aufgerufenen Adresse in der Browser-Konsole; Besucher sehen sie nicht.",
          ],
        ),
      ),
    })
    .meta(
      words(
        ["404 page", "The page shown for an address that does not exist."],
        ["Seite 404", "Die Seite für eine Adresse, die es nicht gibt."],
      ),
    ),
});
