import { z } from "zod";
import { CALLOUT_TYPES } from "./directives/callout-types.ts";
import { VIDEO_PROVIDER_NAMES, type VideoProvider } from "./directives/video-providers.ts";
import { phoneProblem } from "./phone.ts";
import { PAGE_PATH } from "./reserved.ts";
import { SECTION_LIST } from "./sections.ts";
import { TITLE_MAX_LENGTH } from "./titles.ts";

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
  .strictObject({ min: z.int().positive(), max: z.int().positive() })
  .refine((value) => value.min <= value.max, "min must not be greater than max");

/** One language of the site. The table in site.yaml is the only place that lists languages. */
const localeSchema = z.strictObject({
  code: z.string().regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, "must be a language code such as en, de or pt-BR"),
  /** The default language lives at the site root and is the x-default alternate. */
  default: z.boolean().default(false),
  /** URL prefix: "" for the default language, "/de" and the like for the others. */
  prefix: z.union([
    z.literal(""),
    z.string().regex(/^\/[a-z0-9-]+$/, 'must be "" or a slash and a lowercase folder name, e.g. /de'),
  ]),
  ogLocale: z.string().regex(/^[a-z]{2,3}_[A-Z]{2}$/, "must be an Open Graph locale such as de_DE"),
  /** The locale whose conventions format dates on this language's pages (e.g. en-GB: 16 November 2026). */
  dateLocale: z.string().refine((tag) => {
    try {
      return Intl.DateTimeFormat.supportedLocalesOf(tag).length === 1;
    } catch {
      return false;
    }
  }, "must be a locale the date formatter knows, e.g. en-GB or de-DE"),
  /** false: a staged language, built by npm run dev only (with a marker) until its translation is done. */
  published: z.boolean().default(true),
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
 * API calls go to that host only; see README, "The web editor".
 */
export const editorSchema = z.strictObject({
  backend: z.enum(["github", "gitlab", "gitea"]),
  repo: z.string().regex(/^[\w.-]+(\/[\w.-]+)+$/, "must be owner/name, e.g. leap-ai/website"),
  branch: z
    .string()
    .regex(/^[\w./-]+$/, "must be a branch name such as main")
    .optional(),
  /** The host's address for a self-hosted GitLab, Gitea or Forgejo (https://git.example.org). */
  baseUrl: policyUrl.optional(),
  /** The OAuth helper that hands GitHub's token to the editor (Netlify's, or a Cloudflare Worker). */
  authEndpoint: policyUrl.optional(),
  /** The OAuth application's client id (GitLab and Gitea/Forgejo, PKCE). */
  appId: z
    .string()
    .regex(/^[\w-]+$/, "must be the application id the host shows")
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
  name: text,
  /** What they do, in one language for all, or per language: { en: AI consultant, de: KI-Beraterin }. */
  role: z.union([text, z.record(z.string(), text)]).optional(),
  /** A portrait in content/media/, shared by every language. */
  photo: z
    .string()
    .regex(
      /^\/media\/[^\s]+\.(png|jpe?g|webp)$/i,
      "must be a PNG, JPEG or WebP file in content/media/, written /media/name.jpg",
    )
    .optional(),
});

export const siteSchema = z.strictObject({
  locales: localesSchema,
  /**
   * "complete": every page exists in every published language, and npm run build -- --strict refuses one
   * that does not. "partial" (the default): a page may exist in some languages only.
   */
  translations: z.enum(["complete", "partial"], 'must be "complete" or "partial"').default("partial"),
  /** The zone whose calendar decides when a scheduled page goes live (Hugo's timeZone); UTC without it. */
  timeZone: timeZoneSchema.default("UTC"),
  /** People who write pages, described once: a page's author naming one shows its role and photo. */
  authors: z.array(authorSchema).optional(),
  editor: editorSchema.optional(),
  company: z.strictObject({
    name: text.max(
      COMPANY_NAME_MAX_LENGTH,
      `must be at most ${COMPANY_NAME_MAX_LENGTH} characters: it ends titles and names every feed`,
    ),
    logo: text.max(
      LOGO_MAX_LENGTH,
      `must be at most ${LOGO_MAX_LENGTH} characters: it stands in the header and on every link-preview card`,
    ),
    email: z.email("must be an e-mail address"),
    /** Written as visitors read it; the tap-to-call link is derived from it (content/phone.ts). */
    phone: text.superRefine((value, context) => {
      const problem = phoneProblem(value);
      if (problem) context.addIssue({ code: "custom", message: problem });
    }),
  }),
  url: siteUrlSchema,
  schedulingUrl: url,
  social: z.array(z.strictObject({ name: text, icon: z.enum(["linkedin", "youtube", "instagram"]), url })).min(1),
  legal: z.strictObject({
    companyName: text,
    legalForm: text,
    street: text,
    postalCode: text,
    city: text,
    country: text,
    countryEn: text,
    representative: text,
    register: text,
    vatId: text,
    responsibleForContent: text,
  }),
  copyrightYear: z.int().min(1990).max(2100),
  form: z.strictObject({
    delivery: deliverySchema,
    deliveryTimeoutMs: z.int().min(1000).max(60_000),
    simulatedDelayMs: z.int().min(0).max(10_000),
    limits: z.strictObject({
      name: bounds,
      email: z.strictObject({ max: z.int().positive() }),
      company: bounds,
      message: bounds,
    }),
    throttle: z.strictObject({
      minGapMs: z.int().positive(),
      maxPerWindow: z.int().positive(),
      windowMs: z.int().positive(),
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
export const navLinkSchema = z.strictObject({ label: text, to: linkTarget });

export const commonSchema = z.strictObject({
  /** How this language names itself on every other language's language button. */
  language: z.strictObject({
    short: z.string().regex(/^[A-Z]{2,3}$/, "must be a short code in capitals, such as DE"),
    readThisPage: text,
    /** The language's own name, marking a menu link to a page that exists in this language only: "(English)". */
    name: text,
    /** On the language button of a page that has no translation in this language: where it leads instead. */
    notAvailable: text,
    /** Shown on arrival at the nearest page in this language, after that button. */
    notTranslated: text,
    /** The marker on every page of a staged language in npm run dev (the default language's text is shown). */
    staged: text,
  }),
  skipLink: text,
  header: z.strictObject({
    homeLabel: text,
    navLabel: text,
    nav: z.array(navLinkSchema).min(1),
    bookMeeting: text,
    bookMeetingShort: text,
  }),
  footer: z.strictObject({
    tagline: text,
    /** Arrow links under the tagline ("Our services →"), "to" as in the menus. */
    links: z.array(navLinkSchema).min(1),
    contactHeading: text,
    followHeading: text,
    navHeading: text,
    nav: z.array(navLinkSchema).min(1),
    copyright: text,
  }),
  newTab: text,
  legal: z.strictObject({ backToHome: text, onThisPage: text }),
  /** The words of the components authors use in Markdown pages (content/README.md). */
  components: z.strictObject({
    /** The word above a callout, by its type. */
    callout: z.strictObject(
      Object.fromEntries(CALLOUT_TYPES.map((type) => [type, text])) as Record<
        (typeof CALLOUT_TYPES)[number],
        typeof text
      >,
    ),
    video: z.strictObject({
      /** The button on the still image. */
      play: text,
      /** What a click loads and sends, by provider: shown under every video before it is played. */
      notice: z.strictObject(
        Object.fromEntries(VIDEO_PROVIDER_NAMES.map((name) => [name, text])) as Record<VideoProvider, typeof text>,
      ),
      /** The link after the notice: the privacy policy's section on videos. */
      privacy: navLinkSchema,
    }),
  }),
  pages: z.strictObject({
    /** Back link from a section's page to the section; {title} is the section's title. */
    backToSection: text,
    /** Marks a draft in npm run dev (drafts are never published). */
    draft: text,
    /** Title of a section's Atom feed; {title} is the section's title. */
    feedTitle: text.max(
      TEMPLATE_TITLE_MAX_LENGTH,
      `must be at most ${TEMPLATE_TITLE_MAX_LENGTH} characters (before {title} is filled in)`,
    ),
    /** Title and heading of a section's list page beyond the first; {title} is the section's title, {number} the page's. */
    listPageTitle: text.max(
      TEMPLATE_TITLE_MAX_LENGTH,
      `must be at most ${TEMPLATE_TITLE_MAX_LENGTH} characters (before {title} and {number} are filled in)`,
    ),
    /** The links between a long section's list pages, and what screen readers call that navigation. */
    previousPage: text,
    nextPage: text,
    listPagesLabel: text,
    /** The marker of a page whose date is later than today (npm run dev, --future previews); {date} is that day. */
    scheduled: text,
    /** The marker of a page past its expiryDate (npm run dev, --future previews); {date} is that day. */
    expired: text,
    /** Below a page's date when its front matter has lastmod; {date} is that day. */
    updated: text,
    /** The author's line on a page with an author; {name} is the author's name. */
    byline: text,
  }),
  /** Tags: the address of their list pages in this language, and their words. */
  tags: z.strictObject({
    /** The folder of the tag pages: tags gives /tags/rag, schlagwoerter /de/schlagwoerter/rag. */
    path: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, "must be one lowercase word (letters, digits and -), e.g. tags"),
    /** A tag page's title and heading; {tag} is the tag. */
    title: text,
    /** What screen readers call a page's list of tags. */
    label: text,
    /** The heading above an article's related articles. */
    related: text,
  }),
  notFound: z.strictObject({
    title,
    description: text,
    heading: text,
    text: text,
    returnHome: text,
    consoleMessage: text,
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
  }),
  description: text
    .max(DESCRIPTION_MAX_LENGTH, `should be at most ${DESCRIPTION_MAX_LENGTH} characters for search results`)
    .meta({
      title: "Description",
      description: `Shown under the title in search results; at most ${DESCRIPTION_MAX_LENGTH} characters.`,
    }),
});

export const serviceIcons = ["spark", "chat", "search", "growth"] as const;

export const homeSchema = z.strictObject({
  meta,
  hero: z.strictObject({
    headline: text.max(
      HEADLINE_MAX_LENGTH,
      `must be at most ${HEADLINE_MAX_LENGTH} characters: the link-preview card sets it in three lines`,
    ),
    subheadline: text,
    bookMeeting: text,
    getInTouch: text,
    badges: z.array(text).length(3, "must list exactly three badges"),
  }),
  services: z.strictObject({
    eyebrow: text,
    heading: text,
    intro: text,
    cards: z.array(z.strictObject({ icon: z.enum(serviceIcons), title: text, description: text })).min(1),
  }),
  expertise: z.strictObject({
    eyebrow: text,
    heading: text,
    intro: text,
    stats: z.array(z.strictObject({ value: text, label: text })).length(3, "must list exactly three stats"),
  }),
  contact: z.strictObject({
    eyebrow: text,
    heading: text,
    subtitle: text,
    booking: z.strictObject({ title: text, text, button: text, note: text }),
  }),
});

const field = z.strictObject({ label: text, placeholder: text });
const toast = z.strictObject({ title: text, text });

export const formSchema = z.strictObject({
  title: text,
  intro: text,
  fields: z.strictObject({ name: field, email: field, company: field, message: field }),
  submit: text,
  sending: text,
  emailAlternative: text.refine((value) => value.includes("{email}"), "must contain {email}"),
  notificationsLabel: text,
  honeypotLabel: text,
  errors: z.strictObject({
    name: z.strictObject({ tooShort: text, tooLong: text, invalid: text }),
    email: z.strictObject({ invalid: text, tooLong: text, format: text }),
    company: z.strictObject({ tooShort: text, tooLong: text }),
    message: z.strictObject({ tooShort: text, tooLong: text }),
  }),
  toasts: z.strictObject({ success: toast, wait: toast, tooMany: toast, invalid: toast, notSent: toast }),
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
    slug: slugSchema.optional(),
    /** The page's whole address below its language's prefix, as Hugo's url: the one way to put a page outside its section. */
    url: urlPathSchema.optional(),
    draft: z.boolean().default(false),
    date: isoDate.optional(),
    /** When the page goes live, if not on its date (Hugo's publishDate): built from that day on in site.yaml's timeZone. */
    publishDate: isoDate.optional(),
    /** The first day the page is no longer built (Hugo's expiryDate). */
    expiryDate: isoDate.optional(),
    /** When its text last changed in a way readers should know: "Updated on …" on the page (Hugo's lastmod). */
    lastmod: isoDate.optional(),
    /** Old addresses of this page (Hugo's aliases): each answers with a redirect to it. */
    aliases: z.array(aliasSchema).optional(),
    /** Tags (Hugo's taxonomy): each has a list page, and articles sharing them are each other's related reading. */
    tags: z
      .array(text.max(TAG_MAX_LENGTH, `must be at most ${TAG_MAX_LENGTH} characters: a tag is a word or two`))
      .optional(),
    /** partial: this page may exist in some languages only, even where site.yaml says translations: complete. */
    translations: z.enum(["partial"], 'must be "partial" (leave it out for the rule in site.yaml)').optional(),
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
      })
      .optional(),
    summary: text.optional(),
    /** The person who wrote the page, named in its structured data; without it, the company is the author. */
    author: text.optional(),
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
      })
      .optional(),
    imageAlt: text
      .meta({
        title: "Image alt text",
        description: "What the image shows, for people who cannot see it. Required with an image.",
      })
      .optional(),
    /** What a link to the page shows on social networks: a card drawn from its title (the default), or its own image. */
    linkPreview: z.enum(["card", "image"]).default("card"),
    /** Adds the page to a menu, after the entries in common.yaml. */
    nav: z.strictObject({ menu: z.enum(["header", "footer"]), label: text }).optional(),
    /** A table of contents of the page's ## headings. */
    toc: z.boolean().default(false),
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
  title,
  description: text,
  sections: z.array(z.strictObject({ lang: text, heading: text })).min(1),
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
