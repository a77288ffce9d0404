import { z } from "zod";
import { CALLOUT_TYPES } from "../markdown/directives/callout-types.ts";
import { VIDEO_PROVIDER_NAMES, type VideoProvider } from "../markdown/directives/video-providers.ts";
import { TEMPLATE_TITLE_MAX_LENGTH, TITLE_MAX_DE, de, strictObjectDe, text, title } from "./fields.ts";

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
export const navLinkSchema = z.strictObject({
  label: text.meta(de("Beschriftung")),
  to: linkTarget.meta(
    de("Ziel", undefined, {
      string_format:
        'muss "#abschnitt-id", ein Seitenpfad wie insights (auch mit "#überschrift-id"), "home" oder "impressum" sein',
    }),
  ),
});

export const commonSchema = z.strictObject({
  /** How this language names itself on every other language's language button. */
  language: strictObjectDe("Sprache", {
    short: z
      .string()
      .regex(/^[A-Z]{2,3}$/, "must be a short code in capitals, such as DE")
      .meta(de("Kürzel", undefined, { string_format: "muss ein Kürzel in Großbuchstaben sein, z. B. DE" })),
    readThisPage: text.meta(de("Diese Seite lesen")),
    /** The language's own name, marking a menu link to a page that exists in this language only: "(English)". */
    name: text.meta(de("Name der Sprache")),
    /** On the language button of a page that has no translation in this language: where it leads instead. */
    notAvailable: text.meta(de("Nicht verfügbar")),
    /** Shown on arrival at the nearest page in this language, after that button. */
    notTranslated: text.meta(de("Nicht übersetzt")),
    /** The marker on every page of a staged language in npm run dev (the default language's text is shown). */
    staged: text.meta(de("Hinweis auf die Vorschau")),
  }),
  skipLink: text.meta(de("Sprunglink zum Inhalt")),
  header: strictObjectDe("Kopfzeile", {
    homeLabel: text.meta(de("Beschriftung des Logos")),
    navLabel: text.meta(de("Name der Navigation")),
    /** The button that opens the navigation below 900 px. */
    menuButton: text.meta(de("Menü-Button")),
    nav: z.array(navLinkSchema).min(1).meta(de("Menü")),
    bookMeeting: text.meta(de("Termin buchen")),
    bookMeetingShort: text.meta(de("Termin buchen (kurz)")),
  }),
  footer: strictObjectDe("Fußzeile", {
    tagline: text.meta(de("Slogan")),
    /** Arrow links under the tagline ("Our services →"), "to" as in the menus. */
    links: z.array(navLinkSchema).min(1).meta(de("Links")),
    contactHeading: text.meta(de("Überschrift Kontakt")),
    followHeading: text.meta(de("Überschrift Folgen")),
    navHeading: text.meta(de("Überschrift Navigation")),
    nav: z.array(navLinkSchema).min(1).meta(de("Menü")),
    copyright: text.meta(de("Copyright")),
  }),
  newTab: text.meta(de("Öffnet in neuem Tab")),
  legal: z
    .strictObject({ backToHome: text.meta(de("Zurück zur Startseite")), onThisPage: text.meta(de("Auf dieser Seite")) })
    .meta(de("Rechtliche Seiten")),
  /** The words of the components authors use in Markdown pages (content/README.md). */
  components: strictObjectDe("Bausteine", {
    /** The word above a callout, by its type. */
    callout: strictObjectDe(
      "Hinweisbox",
      Object.fromEntries(
        CALLOUT_TYPES.map((type) => [type, text.meta(de({ note: "Hinweis", tip: "Tipp", warning: "Warnung" }[type]))]),
      ) as Record<(typeof CALLOUT_TYPES)[number], typeof text>,
    ),
    video: strictObjectDe("Video", {
      /** The button on the still image. */
      play: text.meta(de("Abspielen")),
      /** What a click loads and sends, by provider: shown under every video before it is played. */
      notice: strictObjectDe(
        "Hinweis vor dem Abspielen",
        Object.fromEntries(
          VIDEO_PROVIDER_NAMES.map((name) => [name, text.meta(de({ youtube: "YouTube" }[name] ?? name))]),
        ) as Record<VideoProvider, typeof text>,
      ),
      /** The link after the notice: the privacy policy's section on videos. */
      privacy: navLinkSchema.meta(de("Link zur Datenschutzerklärung")),
    }),
  }),
  pages: strictObjectDe("Seiten", {
    /** Back link from a section's page to the section; {title} is the section's title. */
    backToSection: text.meta(de("Zurück zum Bereich")),
    /** Marks a draft in npm run dev (drafts are never published). */
    draft: text.meta(de("Markierung „Entwurf“")),
    /** Title of a section's Atom feed; {title} is the section's title. */
    feedTitle: text
      .max(
        TEMPLATE_TITLE_MAX_LENGTH,
        `must be at most ${TEMPLATE_TITLE_MAX_LENGTH} characters (before {title} is filled in)`,
      )
      .meta(
        de("Titel des Feeds", undefined, {
          max_length: `darf höchstens ${TEMPLATE_TITLE_MAX_LENGTH} Zeichen lang sein (bevor {title} eingesetzt wird)`,
        }),
      ),
    /** Title and heading of a section's list page beyond the first; {title} is the section's title, {number} the page's. */
    listPageTitle: text
      .max(
        TEMPLATE_TITLE_MAX_LENGTH,
        `must be at most ${TEMPLATE_TITLE_MAX_LENGTH} characters (before {title} and {number} are filled in)`,
      )
      .meta(
        de("Titel der Listenseite", undefined, {
          max_length: `darf höchstens ${TEMPLATE_TITLE_MAX_LENGTH} Zeichen lang sein (bevor {title} und {number} eingesetzt werden)`,
        }),
      ),
    /** The links between a long section's list pages, and what screen readers call that navigation. */
    previousPage: text.meta(de("Vorherige Seite")),
    nextPage: text.meta(de("Nächste Seite")),
    listPagesLabel: text.meta(de("Name der Seitennavigation")),
    /** The marker of a page whose date is later than today (npm run dev, --future previews); {date} is that day. */
    scheduled: text.meta(de("Markierung „Geplant“")),
    /** The marker of a page past its expiryDate (npm run dev, --future previews); {date} is that day. */
    expired: text.meta(de("Markierung „Abgelaufen“")),
    /** Below a page's date when its front matter has lastmod; {date} is that day. */
    updated: text.meta(de("Aktualisiert am")),
    /** The author's line on a page with an author; {name} is the author's name. */
    byline: text.meta(de("Autorenzeile")),
  }),
  /** Tags: the address of their list pages in this language, and their words. */
  tags: strictObjectDe("Schlagwörter", {
    /** The folder of the tag pages: tags gives /tags/rag, schlagwoerter /de/schlagwoerter/rag. */
    path: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]*$/, "must be one lowercase word (letters, digits and -), e.g. tags")
      .meta(
        de("Ordner der Schlagwortseiten", undefined, {
          string_format: "muss ein kleingeschriebenes Wort sein (Buchstaben, Ziffern und -), z. B. schlagwoerter",
        }),
      ),
    /** A tag page's title and heading; {tag} is the tag. */
    title: text.meta(de("Titel einer Schlagwortseite")),
    /** What screen readers call a page's list of tags. */
    label: text.meta(de("Name der Schlagwortliste")),
    /** The heading above an article's related articles. */
    related: text.meta(de("Überschrift „Ähnliche Artikel“")),
  }),
  /** Site search: the address of its page in this language, and its words (the dialog's and the page's). */
  search: strictObjectDe("Suche", {
    /** The search page's address below the language's prefix: search gives /search, suche /de/suche. */
    path: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]*$/, "must be one lowercase word (letters, digits and -), e.g. search")
      .meta(
        de("Adresse der Suchseite", undefined, {
          string_format: "muss ein kleingeschriebenes Wort sein (Buchstaben, Ziffern und -), z. B. suche",
        }),
      ),
    /** The search page's title and heading, the dialog's name, and the search control's accessible name. */
    title: title.meta(de("Titel", undefined, { max_length: TITLE_MAX_DE })),
    description: text.meta(de("Beschreibung")),
    /** The query field's placeholder. */
    placeholder: text.meta(de("Platzhalter im Suchfeld")),
    /** The button that closes the dialog. */
    close: text.meta(de("Schließen")),
    /** What the live region announces; {count} is the number of results, {query} what was searched. */
    results: text.meta(de("Ergebnisse")),
    oneResult: text.meta(de("Ein Ergebnis")),
    noResults: text.meta(de("Keine Ergebnisse")),
    /** Above the other language's results when this one has none; {language} is that language's own name. */
    otherLanguage: text.meta(de("Ergebnisse der anderen Sprache")),
    /** The search page without JavaScript: the text above its lists of links, and their headings. */
    browse: text.meta(de("Ohne JavaScript")),
    sections: text.meta(de("Überschrift „Bereiche“")),
    tags: text.meta(de("Überschrift „Schlagwörter“")),
    pages: text.meta(de("Überschrift „Alle Seiten“")),
  }),
  notFound: strictObjectDe("Seite 404", {
    title: title.meta(de("Titel", undefined, { max_length: TITLE_MAX_DE })),
    description: text.meta(de("Beschreibung")),
    heading: text.meta(de("Überschrift")),
    text: text.meta(de("Text")),
    returnHome: text.meta(de("Zurück zur Startseite")),
    consoleMessage: text.meta(de("Meldung in der Konsole")),
  }),
});
