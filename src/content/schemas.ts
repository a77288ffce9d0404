import { z } from "zod";
import { CALLOUT_TYPES } from "./directives/callout-types.ts";
import { VIDEO_PROVIDER_NAMES, type VideoProvider } from "./directives/video-providers.ts";
import { phoneProblem } from "./phone.ts";
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

/** The title's limit in the editor's German interface. */
const TITLE_MAX_DE = `darf höchstens ${TITLE_MAX_LENGTH} Zeichen lang sein: Suchergebnisse kürzen längere Titel`;

const url = z.url({ protocol: /^https$/, message: "must be an https:// URL" });

// Every value that reaches a link-preview card or a <title> has a length limit (issue 29), which the editor shows:
// the cards' layout and the titles' length stay bounded whatever an author pastes.
/** The company's name, in every feed's title and after page titles where it fits. */
const COMPANY_NAME_MAX_LENGTH = 60;
/** The header's logo text, on every card beside the logo mark. */
const LOGO_MAX_LENGTH = 30;
/** The home page's headline, its card's title: three lines at the card's smallest size hold about 120 characters. */
const HEADLINE_MAX_LENGTH = 120;
/** A title with a {title} to fill in (a feed's, a list page's): the filled title is held to its own limit where it is shown. */
const TEMPLATE_TITLE_MAX_LENGTH = 80;
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
 * Where the form sends messages: "simulated", a path on the site's own origin (the contact receiver,
 * /api/contact, which adds nothing to the CSP), or exactly an origin and a path. The origin goes into the
 * Content-Security-Policy's connect-src, so nothing else may ride along: a ";" would start a new directive,
 * a "*" would allow every host, quotes and spaces would end the source expression.
 */
const deliverySchema = z.string().superRefine((value, context) => {
  if (value === "simulated") return;
  const fail = (message: string) => context.addIssue({ code: "custom", message });
  if (value.startsWith("/")) {
    if (!/^(\/[A-Za-z0-9._~-]+)+$/.test(value))
      fail("a path on this site must be letters, digits, . _ ~ - between single slashes, such as /api/contact");
    return;
  }
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return fail('must be "simulated", a path on this site such as /api/contact, or an https:// URL');
  }
  // http:// only for a receiver on this machine (tests, local back-ends); anything public must be https.
  const local = ["127.0.0.1", "localhost", "[::1]"].includes(parsed.hostname);
  if (parsed.protocol !== "https:" && !(parsed.protocol === "http:" && local))
    return fail('must be "simulated", a path on this site such as /api/contact, or an https:// URL');
  if (!isOriginAndPath(value, parsed)) {
    return fail(
      "must be exactly an origin and a path, such as https://formspree.io/f/abcdwxyz: no query, #fragment, user name, spaces, quotes, ; , * or $",
    );
  }
});

/**
 * An address whose origin goes into a Content-Security-Policy (and nginx's include): exactly an origin and a path.
 * A ";" would start a new directive, a "*" allow every host, quotes and spaces end the source, a "$" is a variable
 * to nginx; a query, fragment or user name has no place in a source.
 */
function isOriginAndPath(value: string, parsed: URL): boolean {
  return (
    !/[\s;,'"*\\$]/.test(value) &&
    !parsed.username &&
    !parsed.password &&
    `${parsed.origin}${parsed.pathname}` === value
  );
}

/** An https:// address whose origin reaches the /admin/ policy (editor.baseUrl): held to form.delivery's rule. */
const policyUrl = url.refine((value) => {
  try {
    // "https://git.example.org" names the same address as ".../": the URL parser adds the path's slash.
    const written = /^https:\/\/[^/]*$/.test(value) ? `${value}/` : value;
    return isOriginAndPath(written, new URL(written));
  } catch {
    return false;
  }
}, "must be exactly an origin and a path, such as https://git.example.org: no query, #fragment, user name, spaces, quotes, ; , * or $");

/**
 * Where the web editor (/admin/) saves: the repository host and the repository. The editor's login and
 * API calls go to that host only; see docs/editor.md.
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
  baseUrl: policyUrl
    .meta(
      de("Adresse des Hosts", undefined, {
        format:
          "muss genau ein Ursprung mit Pfad sein, etwa https://git.example.org: ohne Query, #Fragment, Benutzername, Leerzeichen, Anführungszeichen, ; , * oder $",
      }),
    )
    .optional(),
  /** The OAuth helper that hands GitHub's token to the editor (Netlify's, or a Cloudflare Worker). */
  authEndpoint: policyUrl
    .meta(
      de("OAuth-Helfer", undefined, {
        format:
          "muss genau ein Ursprung mit Pfad sein, etwa https://auth.example.org: ohne Query, #Fragment, Benutzername, Leerzeichen, Anführungszeichen, ; , * oder $",
      }),
    )
    .optional(),
  /** The OAuth application's client id (GitLab and Gitea/Forgejo, PKCE). */
  appId: z
    .string()
    .regex(/^[\w-]+$/, "must be the application id the host shows")
    .meta(
      de("OAuth-Anwendungs-ID", undefined, { string_format: "muss die ID der Anwendung sein, die der Host anzeigt" }),
    )
    .optional(),
});

/** An IANA time zone such as Europe/Berlin, as the date formatter knows them. */
const timeZoneSchema = z.string().refine((zone) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}, "must be a time zone such as Europe/Berlin or UTC (the IANA name)");

/** One author: a page whose author is this name shows the role beside it, and search engines get a Person. */
const authorSchema = z.strictObject({
  name: text.meta(de("Name")),
  /** What they do, in one language for all, or per language: { en: AI consultant, de: KI-Beraterin }. */
  role: z
    .union([text, z.record(z.string(), text)])
    .meta({
      title: "Role",
      description: "Optional: what they do, shown beside their name.",
      ...de("Rolle", "Optional: was sie tun, steht neben dem Namen."),
    })
    .optional(),
  /** A portrait in content/media/, shared by every language. */
  photo: z
    .string()
    .regex(
      /^\/media\/[^\s]+\.(png|jpe?g|webp)$/i,
      "must be a PNG, JPEG or WebP file in content/media/, written /media/name.jpg",
    )
    .meta({
      title: "Photo",
      description: "Optional: a portrait among the shared images (content/media/).",
      "x-editor": "image",
      ...de("Foto", "Optional: ein Porträt unter den gemeinsamen Bildern (content/media/).", {
        string_format: "muss eine PNG-, JPEG- oder WebP-Datei in content/media/ sein, geschrieben /media/name.jpg",
      }),
    })
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
  /** The zone whose calendar decides when a scheduled page goes live (Hugo's timeZone); UTC without it. */
  timeZone: timeZoneSchema
    .meta({
      title: "Time zone",
      description: "Scheduled pages go live at midnight in this zone, e.g. Europe/Berlin (the IANA name).",
      ...de(
        "Zeitzone",
        "Geplante Seiten gehen um Mitternacht in dieser Zone online, z. B. Europe/Berlin (der IANA-Name).",
      ),
    })
    .default("UTC"),
  /** People who write pages, described once: a page's author naming one shows its role and photo. */
  authors: z
    .array(authorSchema)
    .meta({
      title: "Authors",
      description: "A page whose author is one of these names shows the role and photo beside it.",
      ...de("Autorinnen und Autoren", "Eine Seite, deren Autor oder Autorin hier steht, zeigt Rolle und Foto daneben."),
    })
    .optional(),
  editor: editorSchema.meta(de("Web-Editor")).optional(),
  company: strictObjectDe("Firma", {
    name: text
      .max(
        COMPANY_NAME_MAX_LENGTH,
        `must be at most ${COMPANY_NAME_MAX_LENGTH} characters: it ends titles and names every feed`,
      )
      .meta(
        de("Name", undefined, {
          max_length: `darf höchstens ${COMPANY_NAME_MAX_LENGTH} Zeichen lang sein: er beendet Titel und benennt jeden Feed`,
        }),
      ),
    logo: text
      .max(
        LOGO_MAX_LENGTH,
        `must be at most ${LOGO_MAX_LENGTH} characters: it stands in the header and on every link-preview card`,
      )
      .meta(
        de("Logo-Text", undefined, {
          max_length: `darf höchstens ${LOGO_MAX_LENGTH} Zeichen lang sein: er steht in der Kopfzeile und auf jeder Linkvorschau`,
        }),
      ),
    email: z.email("must be an e-mail address").meta(
      de("E-Mail", undefined, {
        format: "muss eine E-Mail-Adresse sein",
        string_format: "muss eine E-Mail-Adresse sein",
      }),
    ),
    /** Written as visitors read it; the tap-to-call link is derived from it (content/phone.ts). */
    phone: text
      .superRefine((value, context) => {
        const problem = phoneProblem(value);
        if (problem) context.addIssue({ code: "custom", message: problem });
      })
      .meta({
        title: "Phone",
        description: "As visitors read it, e.g. +49 30 1234 5678; the tap-to-call link is made from it.",
        ...de("Telefon", "So, wie Besucher sie lesen, z. B. +49 30 1234 5678; der Link zum Anrufen entsteht daraus."),
      }),
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
  notFound: strictObjectDe("Seite 404", {
    title: title.meta(de("Titel", undefined, { max_length: TITLE_MAX_DE })),
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
      max_length: TITLE_MAX_DE,
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
    headline: text
      .max(
        HEADLINE_MAX_LENGTH,
        `must be at most ${HEADLINE_MAX_LENGTH} characters: the link-preview card sets it in three lines`,
      )
      .meta(
        de("Überschrift", undefined, {
          max_length: `darf höchstens ${HEADLINE_MAX_LENGTH} Zeichen lang sein: die Linkvorschau setzt sie in drei Zeilen`,
        }),
      ),
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
  honeypotLabel: text.meta(de("Beschriftung des Fallenfelds")),
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

/**
 * A slug names the last part of a page's address (Hugo's slug): the page stays in its section, whose address it
 * takes, translated or not. A slash would move it elsewhere, which is what url is for.
 */
const slugSchema = z.string().superRefine((value, context) => {
  if (/^[a-z0-9][a-z0-9-]*$/.test(value)) return;
  const last = value.split("/").filter(Boolean).at(-1) ?? "";
  context.addIssue({
    code: "custom",
    message:
      value.includes("/") && PAGE_PATH.test(value.replace(/^\/+/, ""))
        ? `"${value}": a slug names the last part of the address only (write slug: ${last}; the page takes its section's address before it); to set the whole address, write url: /${value.replace(/^\/+/, "")}`
        : `"${value}" cannot be an address: use lowercase letters, digits and -, e.g. ${value
            .normalize("NFKD")
            .replace(/\p{M}/gu, "")
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, "-")
            .replace(/^-+|-+$/g, "")}`,
  });
});

/** A page's whole address below its language's prefix (Hugo's url): /referenzen/acme in de is /de/referenzen/acme. */
const urlPathSchema = z
  .string()
  .regex(
    /^\/[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/,
    "must be the address below the language's prefix, starting with /: lowercase words joined by - and /, e.g. /referenzen/acme",
  );

const TAG_MAX_LENGTH = 40;

/** An address this page had before, written as visitors typed it: from the site's root, with the language's prefix. */
const aliasSchema = z.string().superRefine((value, context) => {
  const fail = (message: string) => context.addIssue({ code: "custom", message });
  if (!value.startsWith("/") || value.startsWith("//"))
    return fail(
      `"${value}" must be an old address of this site from its root, starting with /, e.g. /de/einblicke/alter-name`,
    );
  if (/[\s?#"<>\\]/.test(value))
    return fail(`"${value}" must be a path alone: no spaces, query (?), #anchor, quotes or backslashes`);
  try {
    decodeURI(value);
  } catch {
    return fail(`"${value}" has a malformed %-encoding`);
  }
});

/** Front matter of a page under content/<lang>/pages/. */
export const pageSchema = z
  .strictObject({
    ...meta.shape,
    /** The last part of the page's address, when it should differ from its file's name (localized URLs), as in Hugo. */
    slug: slugSchema
      .meta({
        title: "Slug",
        description:
          "Optional: the last part of the page's address, if not its file's name: lowercase letters, digits and -.",
        // The editor checks the form the build accepts; the build's message also suggests a slug or a url.
        pattern: "^[a-z0-9][a-z0-9-]*$",
        "x-messages": {
          string_format:
            "cannot be an address: use lowercase letters, digits and - (to set the whole address, use URL)",
        },
        ...de(
          "Adresse (Slug)",
          "Optional: der letzte Teil der Adresse, wenn er nicht der Dateiname sein soll: Kleinbuchstaben, Ziffern und -.",
          {
            string_format:
              "kann keine Adresse sein: nur Kleinbuchstaben, Ziffern und - (die ganze Adresse steht unter URL)",
          },
        ),
      })
      .optional(),
    /** The page's whole address below its language's prefix, as Hugo's url: the one way to put a page outside its section. */
    url: urlPathSchema
      .meta({
        title: "URL",
        description:
          "Optional: the page's whole address below the language's prefix, e.g. /references/acme; moves it out of its section.",
        ...de(
          "URL",
          "Optional: die ganze Adresse der Seite unter dem Präfix der Sprache, z. B. /referenzen/acme; holt sie aus ihrem Bereich.",
          {
            string_format:
              "muss die Adresse unter dem Präfix der Sprache sein, mit / am Anfang: kleingeschriebene Wörter mit - und /, z. B. /referenzen/acme",
          },
        ),
      })
      .optional(),
    draft: z.boolean().meta(de("Entwurf")).default(false),
    date: isoDate.meta(de("Datum")).optional(),
    /** When the page goes live, if not on its date (Hugo's publishDate): built from that day on in site.yaml's timeZone. */
    publishDate: isoDate
      .meta({
        title: "Publish on",
        description: "Optional: the day the page goes live, if not its date.",
        ...de("Veröffentlichen am", "Optional: der Tag, an dem die Seite online geht, wenn nicht ihr Datum."),
      })
      .optional(),
    /** The first day the page is no longer built (Hugo's expiryDate). */
    expiryDate: isoDate
      .meta({
        title: "Remove on",
        description: "Optional: the first day the page is no longer published.",
        ...de("Entfernen am", "Optional: der erste Tag, an dem die Seite nicht mehr veröffentlicht ist."),
      })
      .optional(),
    /** When its text last changed in a way readers should know: "Updated on …" on the page (Hugo's lastmod). */
    lastmod: isoDate
      .meta({
        title: "Updated on",
        description: "Optional: when the text last changed in a way readers should know; shown on the page.",
        ...de(
          "Aktualisiert am",
          "Optional: wann sich der Text zuletzt so geändert hat, dass Leser es wissen sollten; steht auf der Seite.",
        ),
      })
      .optional(),
    /** Old addresses of this page (Hugo's aliases): each answers with a redirect to it. */
    aliases: z
      .array(
        aliasSchema.meta({
          pattern: '^/(?!/)[^\\s?#"<>\\\\]*$',
          "x-messages": {
            string_format:
              "must be an old address of this site from its root, starting with /, without spaces, ?, #, quotes or backslashes",
          },
          ...de("Alte Adresse", undefined, {
            string_format:
              "muss eine alte Adresse dieser Website ab ihrer Wurzel sein, mit / am Anfang, ohne Leerzeichen, ?, #, Anführungszeichen oder Backslashes",
          }),
        }),
      )
      .meta({
        title: "Old addresses",
        description: "Optional: addresses this page had before, e.g. /de/einblicke/alter-name; each redirects here.",
        ...de(
          "Alte Adressen",
          "Optional: Adressen, die die Seite früher hatte, z. B. /de/einblicke/alter-name; jede leitet hierher um.",
        ),
      })
      .optional(),
    /** Tags (Hugo's taxonomy): each has a list page, and articles sharing them are each other's related reading. */
    tags: z
      .array(
        text.max(TAG_MAX_LENGTH, `must be at most ${TAG_MAX_LENGTH} characters: a tag is a word or two`).meta(
          de("Schlagwort", undefined, {
            max_length: `darf höchstens ${TAG_MAX_LENGTH} Zeichen lang sein: ein Schlagwort ist ein, zwei Wörter`,
          }),
        ),
      )
      .meta({
        title: "Tags",
        description: "Optional: each tag has a list page; articles sharing one are each other's related reading.",
        ...de(
          "Schlagwörter",
          "Optional: jedes Schlagwort hat eine Listenseite; Artikel mit gemeinsamen Schlagwörtern verweisen aufeinander.",
        ),
      })
      .optional(),
    /** partial: this page may exist in some languages only, even where site.yaml says translations: complete. */
    translations: z
      .enum(["partial"], 'must be "partial" (leave it out for the rule in site.yaml)')
      .meta({
        title: "Translations",
        description: "partial: this page may exist in some languages only, whatever site.yaml says.",
        ...de(
          "Übersetzungen",
          "partial: diese Seite darf es nur in einigen Sprachen geben, was auch immer in site.yaml steht.",
        ),
      })
      .optional(),
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
  .superRefine((page, context) => {
    const live = page.publishDate ?? page.date;
    const which = page.publishDate !== undefined ? "publishDate" : "date";
    if (page.expiryDate !== undefined && live !== undefined && page.expiryDate <= live)
      context.addIssue({
        code: "custom",
        path: ["expiryDate"],
        message: `${page.expiryDate} is not after ${live}, the day the page goes live (its ${which}): the page would never be shown`,
      });
    if (page.lastmod !== undefined && live !== undefined && page.lastmod < live)
      context.addIssue({
        code: "custom",
        path: ["lastmod"],
        message: `${page.lastmod} is before ${live}, the page's ${which}: lastmod says when the published text last changed`,
      });
  })
  .refine((page) => page.linkPreview !== "image" || page.image !== undefined, {
    message: "shows the page's image, and the page has none: add image, or remove linkPreview",
    path: ["linkPreview"],
  });

export const impressumSchema = z.strictObject({
  title: title.meta(de("Titel", undefined, { max_length: TITLE_MAX_DE })),
  description: text.meta(de("Beschreibung")),
  sections: z
    .array(z.strictObject({ lang: text.meta(de("Sprache")), heading: text.meta(de("Überschrift")) }))
    .min(1)
    .meta(de("Abschnitte")),
});

/** site.yaml as the build reads it: company.phoneHref, the tel: link's number, is derived from company.phone. */
export type Site = z.infer<typeof siteSchema> & { company: { phoneHref: string } };
export type EditorSettings = z.infer<typeof editorSchema>;
export type Locale = z.infer<typeof localeSchema>;
export type NavLink = z.infer<typeof navLinkSchema>;
export type PageMeta = z.infer<typeof pageSchema>;
export type Common = z.infer<typeof commonSchema>;
export type Home = z.infer<typeof homeSchema>;
export type FormCopy = z.infer<typeof formSchema>;
