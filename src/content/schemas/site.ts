import { z } from "zod";
import { MAX_POW_NUMBER } from "../../shared/form/proof-of-work.ts";
import { phoneProblem } from "../rules/phone.ts";
import {
  COMPANY_NAME_MAX_LENGTH,
  DEVELOPER_ONLY,
  LOGO_MAX_LENGTH,
  bounds,
  choices,
  de,
  strictObjectDe,
  text,
  url,
  words,
} from "./fields.ts";
import { isTimeZone } from "../../shared/time-zone.ts";
import { campaignsSchema } from "./blocks.ts";

/** One language of the site. The table in site.yaml is the only place that lists languages. */
export const localeSchema = z.strictObject({
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
export const deliverySchema = z.string().superRefine((value, context) => {
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
export function isOriginAndPath(value: string, parsed: URL): boolean {
  return (
    !/[\s;,'"*\\$]/.test(value) &&
    !parsed.username &&
    !parsed.password &&
    `${parsed.origin}${parsed.pathname}` === value
  );
}

/** An https:// address whose origin reaches the /admin/ policy (editor.baseUrl): held to form.delivery's rule. */
export const policyUrl = url.refine((value) => {
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
export const timeZoneSchema = z
  .string()
  .refine(isTimeZone, "must be a time zone such as Europe/Berlin or UTC (the IANA name)");

/** One author: a page whose author is this name shows the role beside it, and search engines get a Person. */
export const authorSchema = z.strictObject({
  name: text.meta(
    words(
      ["Name", "As pages name them in their author field, e.g. Anna Schmidt."],
      ["Name", "So, wie Seiten sie im Feld Autor nennen, z. B. Anna Schmidt."],
    ),
  ),
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
  locales: localesSchema.meta({ ...de("Sprachen"), ...DEVELOPER_ONLY }),
  /**
   * "complete": every page exists in every published language, and npm run build -- --strict refuses one
   * that does not. "partial" (the default): a page may exist in some languages only.
   */
  translations: z
    .enum(["complete", "partial"], 'must be "complete" or "partial"')
    .meta({ ...de("Übersetzungen"), ...DEVELOPER_ONLY })
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
      ...DEVELOPER_ONLY,
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
  /** The codes a campaign page's call to action may carry to the contact form (schemas/blocks.ts). */
  // Hidden from the web editor (handed back untouched) until its campaign fields exist (issue 59, editor side).
  campaigns: campaignsSchema.meta(DEVELOPER_ONLY).optional(),
  editor: editorSchema.meta({ ...de("Web-Editor"), ...DEVELOPER_ONLY }).optional(),
  company: z
    .strictObject({
      name: text
        .max(
          COMPANY_NAME_MAX_LENGTH,
          `must be at most ${COMPANY_NAME_MAX_LENGTH} characters: it ends titles and names every feed`,
        )
        .meta(
          words(
            ["Company name", "Ends page titles and names every feed, e.g. Leap AI."],
            ["Firmenname", "Beendet Seitentitel und benennt jeden Feed, z. B. Leap AI."],
            {
              max_length: `darf höchstens ${COMPANY_NAME_MAX_LENGTH} Zeichen lang sein: er beendet Titel und benennt jeden Feed`,
            },
          ),
        ),
      logo: text
        .max(
          LOGO_MAX_LENGTH,
          `must be at most ${LOGO_MAX_LENGTH} characters: it stands in the header and on every link-preview card`,
        )
        .meta(
          words(
            ["Logo text", "The short name in the header and on every link-preview card."],
            ["Logo-Text", "Der kurze Name in der Kopfzeile und auf jeder Linkvorschau."],
            {
              max_length: `darf höchstens ${LOGO_MAX_LENGTH} Zeichen lang sein: er steht in der Kopfzeile und auf jeder Linkvorschau`,
            },
          ),
        ),
      email: z
        .email("must be an e-mail address")
        .meta(
          words(
            ["E-mail", "The address visitors write to, shown in the footer and on the contact form."],
            ["E-Mail", "Die Adresse, an die Besucher schreiben; steht in der Fußzeile und beim Kontaktformular."],
            { format: "muss eine E-Mail-Adresse sein", string_format: "muss eine E-Mail-Adresse sein" },
          ),
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
    })
    .meta(
      words(
        ["Company", "The name, logo text, e-mail and phone every page shows."],
        ["Firma", "Name, Logo-Text, E-Mail und Telefon, die jede Seite zeigt."],
      ),
    ),
  url: siteUrlSchema.meta({ ...de("Adresse der Website"), ...DEVELOPER_ONLY }),
  schedulingUrl: url.meta(
    words(
      ["Booking link", 'Where "Book a meeting" leads, e.g. https://cal.example/leap-ai; opens in a new tab.'],
      [
        "Link zur Terminbuchung",
        "Wohin „Termin buchen“ führt, z. B. https://cal.example/leap-ai; öffnet sich in einem neuen Tab.",
      ],
      { format: "muss eine https://-Adresse sein" },
    ),
  ),
  social: z
    .array(
      z.strictObject({
        name: text.meta(
          words(
            ["Name", "As the footer names it, e.g. LinkedIn."],
            ["Name", "So, wie die Fußzeile es nennt, z. B. LinkedIn."],
          ),
        ),
        icon: z.enum(["linkedin", "youtube", "instagram"]).meta({
          ...words(
            ["Icon", "The network's symbol in the footer."],
            ["Symbol", "Das Zeichen des Netzwerks in der Fußzeile."],
          ),
          ...choices({
            linkedin: ["LinkedIn", "LinkedIn"],
            youtube: ["YouTube", "YouTube"],
            instagram: ["Instagram", "Instagram"],
          }),
        }),
        url: url.meta(
          words(
            ["Profile address", "The company's profile, starting with https://."],
            ["Adresse des Profils", "Das Profil der Firma, beginnend mit https://."],
            { format: "muss eine https://-Adresse sein" },
          ),
        ),
      }),
    )
    .min(1)
    .meta(
      words(
        ["Social profiles", "The company's profiles, linked in the footer of every page."],
        ["Soziale Netzwerke", "Die Profile der Firma, verlinkt in der Fußzeile jeder Seite."],
      ),
    ),
  legal: z
    .strictObject({
      companyName: text.meta(
        words(
          ["Company name", "The full registered name, e.g. Leap AI GmbH."],
          ["Firmenname", "Der volle eingetragene Name, z. B. Leap AI GmbH."],
        ),
      ),
      legalForm: text.meta(
        words(
          ["Legal form", "e.g. Gesellschaft mit beschränkter Haftung (GmbH)."],
          ["Rechtsform", "z. B. Gesellschaft mit beschränkter Haftung (GmbH)."],
        ),
      ),
      street: text.meta(
        words(
          ["Street", "Street and number of the registered address."],
          ["Straße", "Straße und Hausnummer der Anschrift."],
        ),
      ),
      postalCode: text.meta(words(["Postal code", "e.g. 10115."], ["Postleitzahl", "z. B. 10115."])),
      city: text.meta(words(["City", "e.g. Berlin."], ["Ort", "z. B. Berlin."])),
      country: text.meta(
        words(
          ["Country (German)", "As the German Impressum writes it, e.g. Deutschland."],
          ["Land", "So, wie das deutsche Impressum es schreibt, z. B. Deutschland."],
        ),
      ),
      countryEn: text.meta(
        words(
          ["Country (English)", "As the English Impressum writes it, e.g. Germany."],
          ["Land auf Englisch", "So, wie das englische Impressum es schreibt, z. B. Germany."],
        ),
      ),
      representative: text.meta(
        words(
          ["Represented by", "The managing director(s) who represent the company."],
          ["Vertreten durch", "Die Geschäftsführung, die die Firma vertritt."],
        ),
      ),
      register: text.meta(
        words(
          ["Commercial register", "Court and number, e.g. Amtsgericht Berlin-Charlottenburg, HRB 000000 B."],
          ["Handelsregister", "Gericht und Nummer, z. B. Amtsgericht Berlin-Charlottenburg, HRB 000000 B."],
        ),
      ),
      vatId: text.meta(
        words(
          ["VAT ID", "The VAT identification number, e.g. DE123456789."],
          ["USt-IdNr.", "Die Umsatzsteuer-Identifikationsnummer, z. B. DE123456789."],
        ),
      ),
      responsibleForContent: text.meta(
        words(
          ["Responsible for the content", "Name and address of the person responsible (§ 18 MStV)."],
          ["Verantwortlich für den Inhalt", "Name und Anschrift der verantwortlichen Person (§ 18 MStV)."],
        ),
      ),
    })
    .meta(
      words(
        ["Legal data", "The Impressum and the privacy policy show these facts."],
        ["Rechtliche Angaben", "Impressum und Datenschutzerklärung zeigen diese Angaben."],
      ),
    ),
  copyrightYear: z
    .int()
    .min(1990)
    .max(2100)
    .meta(
      words(
        ["Copyright year", "The year in the footer's copyright line, e.g. 2024."],
        ["Jahr im Copyright", "Das Jahr in der Copyright-Zeile der Fußzeile, z. B. 2024."],
      ),
    ),
  /** The language of the contact mail's frame (its labels and subject); the site's default language unless set. */
  mail: z
    .strictObject({
      language: z
        .string()
        .regex(/^[a-z]{2,3}$/, "must be a language code such as en or de")
        .meta(
          words(
            ["Language of the contact mail", "The language of the labels in the mail a message arrives in, e.g. de."],
            [
              "Sprache der Kontakt-E-Mail",
              "Die Sprache der Beschriftungen in der E-Mail, in der eine Nachricht ankommt, z. B. de.",
            ],
            { string_format: "muss ein Sprachkürzel wie en oder de sein" },
          ),
        ),
    })
    .optional()
    // An operator's setting, with the receiver's (docs/receiver.md), as the form's is.
    .meta({ ...de("Kontakt-E-Mail"), ...DEVELOPER_ONLY }),
  // Where messages go and how the form protects itself: a developer's settings (docs/receiver.md).
  form: z
    .strictObject({
      delivery: deliverySchema.meta(de("Zustellung der Nachrichten")),
      deliveryTimeoutMs: z.int().min(1000).max(60_000).meta(de("Zeitlimit der Zustellung (ms)")),
      simulatedDelayMs: z.int().min(0).max(10_000).meta(de("Simulierte Verzögerung (ms)")),
      // The site's own receiver drops a message sent sooner than this after the form was first touched (a bot);
      // 0 or absent: no such check (docs/receiver.md, "Spam").
      minFillMs: z.int().min(0).max(60_000).optional().meta(de("Mindestzeit zum Ausfüllen (ms)")),
      // The site's own receiver asks the form to solve an ALTCHA-style challenge up to this number first (a
      // bot pays in CPU); 0 or absent: off (docs/receiver.md, "Spam", for what each value costs a visitor).
      proofOfWork: z.int().min(0).max(MAX_POW_NUMBER).optional().meta(de("Rechenaufgabe gegen Spam (Höchstzahl)")),
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
    })
    .meta({ ...de("Kontaktformular"), ...DEVELOPER_ONLY }),
});
