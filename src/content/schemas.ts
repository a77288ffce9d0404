import { z } from "zod";
import { CALLOUT_TYPES } from "./directives/callout-types.ts";
import { VIDEO_PROVIDER_NAMES, type VideoProvider } from "./directives/video-providers.ts";
import { PAGE_PATH } from "./reserved.ts";
import { SECTION_LIST } from "./sections.ts";
import { TITLE_MAX_LENGTH } from "./titles.ts";

/**
 * A field's words in the web editor's German interface, beside its definition (the English ones are its title and
 * description, or its key): its label, its help text, and its checks' messages by kind (max_length, string_format …).
 */
const de = (title: string, description?: string, messages?: Record<string, string>) => ({
  "x-labels": {
    de: { title, ...(description === undefined ? {} : { description }), ...(messages ? { messages } : {}) },
  },
});

/** A strict object with its label in the web editor's German interface (see de). */
const strictObjectDe = <Shape extends z.core.$ZodLooseShape>(title: string, shape: Shape) =>
  z.strictObject(shape).meta(de(title));

// Every schema is strict: an unknown key is almost always a typo, and a typo would otherwise vanish silently.
const text = z.string().trim().min(1, "must not be empty");
/** A title search results show in full: see titles.ts (the company's name is added only where it fits). */
// A limit written as .max() is data the editor's configuration reads (pipeline/editor). It counts the
// characters as written in the file, not as the HTML escapes them ("&" is one, not five).
const title = text.max(
  TITLE_MAX_LENGTH,
  `must be at most ${TITLE_MAX_LENGTH} characters: search results cut longer titles`,
);

const url = z.url({ protocol: /^https$/, message: "must be an https:// URL" });
const bounds = z
  .strictObject({ min: z.int().positive().meta(de("Mindestens")), max: z.int().positive().meta(de("Höchstens")) })
  .refine((value) => value.min <= value.max, "min must not be greater than max");

/** One language of the site. The table in site.yaml is the only place that lists languages. */
const localeSchema = z.strictObject({
  code: z
    .string()
    .regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, "must be a language code such as en, de or pt-BR")
    .meta(de("Sprachcode", undefined, { string_format: "muss ein Sprachcode wie en, de oder pt-BR sein" })),
  /** The default language lives at the site root and is the x-default alternate. */
  default: z.boolean().meta(de("Standardsprache")).default(false),
  /** URL prefix: "" for the default language, "/de" and the like for the others. */
  prefix: z
    .union([
      z.literal(""),
      z.string().regex(/^\/[a-z0-9-]+$/, 'must be "" or a slash and a lowercase folder name, e.g. /de'),
    ])
    .meta(
      de("URL-Präfix", undefined, {
        string_format: 'muss "" sein oder ein Schrägstrich und ein kleingeschriebener Ordnername, z. B. /de',
      }),
    ),
  ogLocale: z
    .string()
    .regex(/^[a-z]{2,3}_[A-Z]{2}$/, "must be an Open Graph locale such as de_DE")
    .meta(de("Open-Graph-Locale", undefined, { string_format: "muss eine Open-Graph-Locale wie de_DE sein" })),
  /** The locale whose conventions format dates on this language's pages (e.g. en-GB: 16 November 2026). */
  dateLocale: z
    .string()
    .refine((tag) => {
      try {
        return Intl.DateTimeFormat.supportedLocalesOf(tag).length === 1;
      } catch {
        return false;
      }
    }, "must be a locale the date formatter knows, e.g. en-GB or de-DE")
    .meta(de("Datumsformat")),
  /** false: a staged language, built by npm run dev only (with a marker) until its translation is done. */
  published: z.boolean().meta(de("Veröffentlicht")).default(true),
});

export const localesSchema = z
  .array(localeSchema)
  .min(1)
  .superRefine((locales, context) => {
    const defaults = locales.filter((locale) => locale.default);
    if (defaults.length !== 1)
      context.addIssue({ code: "custom", message: "exactly one language must have default: true" });
    locales.forEach((locale, index) => {
      if (locale.default && !locale.published) {
        context.addIssue({
          code: "custom",
          path: [index, "published"],
          message: "the default language is always published: stage another language instead",
        });
      }
      if (locale.default !== (locale.prefix === "")) {
        context.addIssue({
          code: "custom",
          path: [index, "prefix"],
          message: 'the default language has prefix "", every other one a prefix of its own',
        });
      }
      const clash = locales.findIndex((other) => other.code === locale.code || other.prefix === locale.prefix);
      if (clash !== index)
        context.addIssue({
          code: "custom",
          path: [index],
          message: `has the same code or prefix as entry ${clash + 1}`,
        });
    });
  });

/** The live site's address: https, no trailing slash. SITE_URL from the environment is held to the same rule. */
export const siteUrlSchema = url.refine((value) => !value.endsWith("/"), "must not end with /");

/**
 * Where the form sends messages: "simulated", or exactly an origin and a path. The origin goes into the
 * Content-Security-Policy's connect-src, so nothing else may ride along: a ";" would start a new directive,
 * a "*" would allow every host, quotes and spaces would end the source expression.
 */
const deliverySchema = z.string().superRefine((value, context) => {
  if (value === "simulated") return;
  const fail = (message: string) => context.addIssue({ code: "custom", message });
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return fail('must be "simulated" or an https:// URL');
  }
  // http:// only for a receiver on this machine (tests, local back-ends); anything public must be https.
  const local = ["127.0.0.1", "localhost", "[::1]"].includes(parsed.hostname);
  if (parsed.protocol !== "https:" && !(parsed.protocol === "http:" && local))
    return fail('must be "simulated" or an https:// URL');
  if (
    /[\s;,'"*\\]/.test(value) ||
    parsed.username ||
    parsed.password ||
    `${parsed.origin}${parsed.pathname}` !== value
  ) {
    return fail(
      "must be exactly an origin and a path, such as https://formspree.io/f/abcdwxyz: no query, #fragment, user name, spaces, quotes, ; , or *",
    );
  }
});

/**
 * Where the web editor (/admin/) saves: the repository host and the repository. The editor's login and
 * API calls go to that host only; see README, "The web editor".
 */
export const editorSchema = z.strictObject({
  backend: z.enum(["github", "gitlab", "gitea"]).meta(de("Repository-Host")),
  repo: z
    .string()
    .regex(/^[\w.-]+(\/[\w.-]+)+$/, "must be owner/name, e.g. leap-ai/website")
    .meta(de("Repository", undefined, { string_format: "muss Besitzer/Name sein, z. B. leap-ai/website" })),
  branch: z
    .string()
    .regex(/^[\w./-]+$/, "must be a branch name such as main")
    .meta(de("Branch", undefined, { string_format: "muss ein Branch-Name wie main sein" }))
    .optional(),
  /** The host's address for a self-hosted GitLab, Gitea or Forgejo (https://git.example.org). */
  baseUrl: url.meta(de("Adresse des Hosts")).optional(),
  /** The OAuth helper that hands GitHub's token to the editor (Netlify's, or a Cloudflare Worker). */
  authEndpoint: url.meta(de("OAuth-Helfer")).optional(),
  /** The OAuth application's client id (GitLab and Gitea/Forgejo, PKCE). */
  appId: z
    .string()
    .regex(/^[\w-]+$/, "must be the application id the host shows")
    .meta(
      de("OAuth-Anwendungs-ID", undefined, { string_format: "muss die ID der Anwendung sein, die der Host anzeigt" }),
    )
    .optional(),
});

export const siteSchema = z.strictObject({
  locales: localesSchema.meta(de("Sprachen")),
  /**
   * "complete": every page exists in every published language, and npm run build -- --strict refuses one
   * that does not. "partial" (the default): a page may exist in some languages only.
   */
  translations: z
    .enum(["complete", "partial"], 'must be "complete" or "partial"')
    .meta(de("Übersetzungen"))
    .default("partial"),
  editor: editorSchema.meta(de("Web-Editor")).optional(),
  company: strictObjectDe("Firma", {
    name: text.meta(de("Name")),
    logo: text.meta(de("Logo-Text")),
    email: z.email("must be an e-mail address").meta(
      de("E-Mail", undefined, {
        format: "muss eine E-Mail-Adresse sein",
        string_format: "muss eine E-Mail-Adresse sein",
      }),
    ),
    phone: text.meta(de("Telefon")),
    phoneHref: z
      .string()
      .regex(/^\+\d{6,15}$/, "must be + and the digits of the number, e.g. +493012345678")
      .meta(
        de("Telefon für Links", undefined, {
          string_format: "muss + und die Ziffern der Nummer sein, z. B. +493012345678",
        }),
      ),
  }),
  url: siteUrlSchema.meta(de("Adresse der Website")),
  schedulingUrl: url.meta(de("Seite für Terminbuchungen")),
  social: z
    .array(
      z.strictObject({
        name: text.meta(de("Name")),
        icon: z.enum(["linkedin", "youtube", "instagram"]).meta(de("Symbol")),
        url: url.meta(de("Adresse")),
      }),
    )
    .min(1)
    .meta(de("Soziale Netzwerke")),
  legal: strictObjectDe("Rechtliche Angaben", {
    companyName: text.meta(de("Firmenname")),
    legalForm: text.meta(de("Rechtsform")),
    street: text.meta(de("Straße")),
    postalCode: text.meta(de("Postleitzahl")),
    city: text.meta(de("Ort")),
    country: text.meta(de("Land")),
    countryEn: text.meta(de("Land auf Englisch")),
    representative: text.meta(de("Vertreten durch")),
    register: text.meta(de("Handelsregister")),
    vatId: text.meta(de("USt-IdNr.")),
    responsibleForContent: text.meta(de("Verantwortlich für den Inhalt")),
  }),
  copyrightYear: z.int().min(1990).max(2100).meta(de("Jahr im Copyright")),
  form: strictObjectDe("Kontaktformular", {
    delivery: deliverySchema.meta(de("Zustellung der Nachrichten")),
    deliveryTimeoutMs: z.int().min(1000).max(60_000).meta(de("Zeitlimit der Zustellung (ms)")),
    simulatedDelayMs: z.int().min(0).max(10_000).meta(de("Simulierte Verzögerung (ms)")),
    limits: strictObjectDe("Längen der Felder", {
      name: bounds.meta(de("Name")),
      email: z.strictObject({ max: z.int().positive().meta(de("Höchstens")) }).meta(de("E-Mail")),
      company: bounds.meta(de("Firma")),
      message: bounds.meta(de("Nachricht")),
    }),
    throttle: strictObjectDe("Schutz vor zu vielen Nachrichten", {
      minGapMs: z.int().positive().meta(de("Mindestabstand (ms)")),
      maxPerWindow: z.int().positive().meta(de("Höchstens je Zeitfenster")),
      windowMs: z.int().positive().meta(de("Zeitfenster (ms)")),
    }),
  }),
});

/**
 * Where a menu entry leads: "#services" (a section of the home page), a page by its path under pages/
 * ("privacy", "insights"), "home" or "impressum". Resolved per language, so the German menu gets German URLs.
 */
export const LINK_TARGET = /^(#[a-z][a-z0-9-]*|[a-z0-9][a-z0-9/-]*(#[a-z][a-z0-9-]*)?)$/;
const linkTarget = z
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
        Object.fromEntries(VIDEO_PROVIDER_NAMES.map((name) => [name, text])) as Record<VideoProvider, typeof text>,
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
    feedTitle: text.meta(de("Titel des Feeds")),
    /** Title and heading of a section's list page beyond the first; {title} is the section's title, {number} the page's. */
    listPageTitle: text.meta(de("Titel der Listenseite")),
    /** The links between a long section's list pages, and what screen readers call that navigation. */
    previousPage: text.meta(de("Vorherige Seite")),
    nextPage: text.meta(de("Nächste Seite")),
    listPagesLabel: text.meta(de("Name der Seitennavigation")),
  }),
  notFound: strictObjectDe("Seite 404", {
    title: title.meta(de("Titel")),
    description: text.meta(de("Beschreibung")),
    heading: text.meta(de("Überschrift")),
    text: text.meta(de("Text")),
    returnHome: text.meta(de("Zurück zur Startseite")),
    consoleMessage: text.meta(de("Meldung in der Konsole")),
  }),
});

// Limits are written as .max() rather than a refine so that they are data: the editor's configuration
// (pipeline/editor) reads them, with their messages, from the schema. Titles count characters as read (titles.ts).
/** Search results show about this many characters of a description. */
const DESCRIPTION_MAX_LENGTH = 200;
const meta = z.strictObject({
  title: title.meta({
    title: "Title",
    description: `The browser tab and search results show it; at most ${TITLE_MAX_LENGTH} characters.`,
    ...de("Titel", `Der Browser-Tab und die Suchergebnisse zeigen ihn; höchstens ${TITLE_MAX_LENGTH} Zeichen.`, {
      max_length: `darf höchstens ${TITLE_MAX_LENGTH} Zeichen lang sein: Suchergebnisse kürzen längere Titel`,
    }),
  }),
  description: text
    .max(DESCRIPTION_MAX_LENGTH, `should be at most ${DESCRIPTION_MAX_LENGTH} characters for search results`)
    .meta({
      title: "Description",
      description: `Shown under the title in search results; at most ${DESCRIPTION_MAX_LENGTH} characters.`,
      ...de("Beschreibung", `Steht in Suchergebnissen unter dem Titel; höchstens ${DESCRIPTION_MAX_LENGTH} Zeichen.`, {
        max_length: `sollte für Suchergebnisse höchstens ${DESCRIPTION_MAX_LENGTH} Zeichen lang sein`,
      }),
    }),
});

export const serviceIcons = ["spark", "chat", "search", "growth"] as const;

export const homeSchema = z.strictObject({
  meta: meta.meta(de("Titel und Beschreibung")),
  hero: strictObjectDe("Kopfbereich", {
    headline: text.meta(de("Überschrift")),
    subheadline: text.meta(de("Unterzeile")),
    bookMeeting: text.meta(de("Termin buchen")),
    getInTouch: text.meta(de("Kontakt aufnehmen")),
    badges: z.array(text).length(3, "must list exactly three badges").meta(de("Merkmale")),
  }),
  services: strictObjectDe("Leistungen", {
    eyebrow: text.meta(de("Dachzeile")),
    heading: text.meta(de("Überschrift")),
    intro: text.meta(de("Einleitung")),
    cards: z
      .array(
        z.strictObject({
          icon: z.enum(serviceIcons).meta(de("Symbol")),
          title: text.meta(de("Titel")),
          description: text.meta(de("Beschreibung")),
        }),
      )
      .min(1)
      .meta(de("Karten")),
  }),
  expertise: strictObjectDe("Expertise", {
    eyebrow: text.meta(de("Dachzeile")),
    heading: text.meta(de("Überschrift")),
    intro: text.meta(de("Einleitung")),
    stats: z
      .array(z.strictObject({ value: text.meta(de("Wert")), label: text.meta(de("Beschriftung")) }))
      .length(3, "must list exactly three stats")
      .meta(de("Kennzahlen")),
  }),
  contact: strictObjectDe("Kontakt", {
    eyebrow: text.meta(de("Dachzeile")),
    heading: text.meta(de("Überschrift")),
    subtitle: text.meta(de("Untertitel")),
    booking: z
      .strictObject({
        title: text.meta(de("Titel")),
        text: text.meta(de("Text")),
        button: text.meta(de("Button")),
        note: text.meta(de("Hinweis")),
      })
      .meta(de("Terminbuchung")),
  }),
});

const field = z.strictObject({ label: text.meta(de("Beschriftung")), placeholder: text.meta(de("Platzhalter")) });
const toast = z.strictObject({ title: text.meta(de("Titel")), text: text.meta(de("Text")) });

export const formSchema = z.strictObject({
  title: text.meta(de("Titel")),
  intro: text.meta(de("Einleitung")),
  fields: z
    .strictObject({
      name: field.meta(de("Name")),
      email: field.meta(de("E-Mail")),
      company: field.meta(de("Firma")),
      message: field.meta(de("Nachricht")),
    })
    .meta(de("Felder")),
  submit: text.meta(de("Button „Senden“")),
  sending: text.meta(de("Während des Sendens")),
  emailAlternative: text
    .refine((value) => value.includes("{email}"), "must contain {email}")
    .meta(de("Alternative per E-Mail")),
  notificationsLabel: text.meta(de("Name der Benachrichtigungen")),
  errors: strictObjectDe("Fehlermeldungen", {
    name: z
      .strictObject({
        tooShort: text.meta(de("Zu kurz")),
        tooLong: text.meta(de("Zu lang")),
        invalid: text.meta(de("Ungültig")),
      })
      .meta(de("Name")),
    email: z
      .strictObject({
        invalid: text.meta(de("Ungültig")),
        tooLong: text.meta(de("Zu lang")),
        format: text.meta(de("Format")),
      })
      .meta(de("E-Mail")),
    company: z
      .strictObject({ tooShort: text.meta(de("Zu kurz")), tooLong: text.meta(de("Zu lang")) })
      .meta(de("Firma")),
    message: z
      .strictObject({ tooShort: text.meta(de("Zu kurz")), tooLong: text.meta(de("Zu lang")) })
      .meta(de("Nachricht")),
  }),
  toasts: z
    .strictObject({
      success: toast.meta(de("Gesendet")),
      wait: toast.meta(de("Bitte warten")),
      tooMany: toast.meta(de("Zu viele Nachrichten")),
      invalid: toast.meta(de("Ungültige Eingaben")),
      notSent: toast.meta(de("Nicht gesendet")),
    })
    .meta(de("Einblendungen")),
});

/** Years a page can plausibly be dated in: a typo such as 0026 or 20260 would otherwise be published. */
export const DATE_YEARS = { min: 1990, max: 2100 } as const;

const ordinal = (day: number) =>
  `${day}${day % 10 === 1 && day !== 11 ? "st" : day % 10 === 2 && day !== 12 ? "nd" : day % 10 === 3 && day !== 13 ? "rd" : "th"}`;

/** A calendar date written YYYY-MM-DD, with a message that says what is wrong with it. */
const isoDate = z
  .string()
  .superRefine((value, context) => {
    const fail = (message: string) => context.addIssue({ code: "custom", message });
    const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (!parts) return fail(`must be a date written YYYY-MM-DD, e.g. 2026-11-16 (not "${value}")`);
    const [year, month, day] = parts.slice(1).map(Number) as [number, number, number];
    if (month < 1 || month > 12) return fail(`${value}: there is no month ${month} (write YYYY-MM-DD)`);
    const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
    // The month's name only for the message: toLocaleString costs as much as the rest of a page's front matter.
    const monthName = () =>
      new Date(Date.UTC(2000, month - 1, 1)).toLocaleString("en-GB", { month: "long", timeZone: "UTC" });
    if (day < 1 || day > days) return fail(`${value}: ${monthName()} ${year} has no ${ordinal(day)} day`);
    if (year < DATE_YEARS.min || year > DATE_YEARS.max)
      return fail(`${value}: the year must be between ${DATE_YEARS.min} and ${DATE_YEARS.max}`);
    // The editor (pipeline/editor) offers a date picker for a field whose JSON Schema format is "date".
  })
  .meta({ format: "date" });

/** A list's places: more than any section holds, and a bound the web editor's number field can show. */
const WEIGHT_MAX = 9999;
const WEIGHT_MESSAGE = `must be a whole number from 1 to ${WEIGHT_MAX} (1 is listed first; leave weight out to list the page after the weighted ones, newest first)`;
const PAGE_SIZE_MESSAGE = `must be a whole number from 1 to ${SECTION_LIST.maxPageSize}: how many pages one list page of this section shows (leave it out for ${SECTION_LIST.pageSize})`;

/** Front matter of a page under content/<lang>/pages/. */
export const pageSchema = z
  .strictObject({
    ...meta.shape,
    /** The page's URL below its language's prefix, when it should differ from its file's path (localized URLs). */
    slug: z
      .string()
      .regex(PAGE_PATH, "must be lowercase words joined by - and /, e.g. referenzen/acme")
      .meta(
        de("Adresse (Slug)", undefined, {
          string_format: "muss aus kleingeschriebenen Wörtern mit - und / bestehen, z. B. referenzen/acme",
        }),
      )
      .optional(),
    draft: z.boolean().meta(de("Entwurf")).default(false),
    date: isoDate.meta(de("Datum")).optional(),
    /** Orders a section's list as Hugo does: lower weights first, then pages without one; then newest date, then title. */
    weight: z
      .number({ error: WEIGHT_MESSAGE })
      .int(WEIGHT_MESSAGE)
      .min(1, WEIGHT_MESSAGE)
      .max(WEIGHT_MAX, WEIGHT_MESSAGE)
      .meta({
        title: "Weight",
        description:
          "Optional: the page's place in its section's list, 1 first; pages without one follow, newest first.",
        ...de(
          "Reihenfolge",
          "Optional: der Platz der Seite in der Liste ihres Bereichs, 1 zuerst; Seiten ohne Angabe folgen, die neuesten zuerst.",
        ),
      })
      .optional(),
    /** A section's index.md only: entries per list page. */
    pageSize: z
      .number({ error: PAGE_SIZE_MESSAGE })
      .int(PAGE_SIZE_MESSAGE)
      .min(1, PAGE_SIZE_MESSAGE)
      .max(SECTION_LIST.maxPageSize, PAGE_SIZE_MESSAGE)
      .meta({
        title: "Entries per list page",
        description: `Optional, on a section's index page: how many pages one list page shows (default ${SECTION_LIST.pageSize}).`,
        ...de(
          "Einträge je Listenseite",
          "Optional, auf der Startseite eines Bereichs: wie viele Seiten eine Listenseite zeigt.",
        ),
      })
      .optional(),
    summary: text.meta(de("Zusammenfassung", undefined, { min_length: "darf nicht leer sein" })).optional(),
    /** The person who wrote the page, named in its structured data; without it, the company is the author. */
    author: text.meta(de("Autor oder Autorin", undefined, { min_length: "darf nicht leer sein" })).optional(),
    image: z
      .string()
      .regex(
        /^(\.{1,2}\/|\/media\/)/,
        "must be a path next to the page, starting with ./, or a shared image in content/media/, starting with /media/",
      )
      .meta({
        title: "Image",
        description: "Shown on the section's overview and when the page is shared.",
        "x-editor": "image",
        ...de("Bild", "Steht in der Übersicht des Bereichs und wenn die Seite geteilt wird.", {
          string_format:
            "muss ein Pfad neben der Seite sein (beginnend mit ./) oder ein gemeinsames Bild in content/media/ (beginnend mit /media/)",
        }),
      })
      .optional(),
    imageAlt: text
      .meta({
        title: "Image alt text",
        description: "What the image shows, for people who cannot see it. Required with an image.",
        ...de(
          "Alternativtext des Bildes",
          "Was das Bild zeigt, für Menschen, die es nicht sehen. Pflicht, wenn es ein Bild gibt.",
          { min_length: "darf nicht leer sein" },
        ),
      })
      .optional(),
    /** What a link to the page shows on social networks: a card drawn from its title (the default), or its own image. */
    linkPreview: z.enum(["card", "image"]).meta(de("Linkvorschau")).default("card"),
    /** Adds the page to a menu, after the entries in common.yaml. */
    nav: z
      .strictObject({ menu: z.enum(["header", "footer"]).meta(de("Menü")), label: text.meta(de("Beschriftung")) })
      .meta(de("Menüeintrag"))
      .optional(),
    /** A table of contents of the page's ## headings. */
    toc: z.boolean().meta(de("Inhaltsverzeichnis")).default(false),
  })
  .refine((page) => page.image === undefined || page.imageAlt !== undefined, {
    message: "an image needs its alt text: add imageAlt, saying what the image shows",
    path: ["image"],
  })
  .refine((page) => page.imageAlt === undefined || page.image !== undefined, {
    message: "imageAlt describes an image: add image, or remove imageAlt",
    path: ["imageAlt"],
  })
  .refine((page) => page.linkPreview !== "image" || page.image !== undefined, {
    message: "shows the page's image, and the page has none: add image, or remove linkPreview",
    path: ["linkPreview"],
  });

export const impressumSchema = z.strictObject({
  title: title.meta(de("Titel")),
  description: text.meta(de("Beschreibung")),
  sections: z
    .array(z.strictObject({ lang: text.meta(de("Sprache")), heading: text.meta(de("Überschrift")) }))
    .min(1)
    .meta(de("Abschnitte")),
});

export type Site = z.infer<typeof siteSchema>;
export type EditorSettings = z.infer<typeof editorSchema>;
export type Locale = z.infer<typeof localeSchema>;
export type NavLink = z.infer<typeof navLinkSchema>;
export type PageMeta = z.infer<typeof pageSchema>;
export type Common = z.infer<typeof commonSchema>;
export type Home = z.infer<typeof homeSchema>;
export type FormCopy = z.infer<typeof formSchema>;
