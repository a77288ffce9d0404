import { z } from "zod";
import { plainPathProblem } from "../../host/addresses.ts";
import { PAGE_PATH } from "../rules/reserved.ts";
import { slugOf } from "../rules/slug.ts";
import { SECTION_LIST } from "./sections.ts";
import { choices, OWN_PER_LANGUAGE, de, meta, text, words } from "./fields.ts";
import { blocksSchema } from "./blocks.ts";

/** Years a page can plausibly be dated in: a typo such as 0026 or 20260 would otherwise be published. */
export const DATE_YEARS = { min: 1990, max: 2100 } as const;

export const ordinal = (day: number) =>
  `${day}${day % 10 === 1 && day !== 11 ? "st" : day % 10 === 2 && day !== 12 ? "nd" : day % 10 === 3 && day !== 13 ? "rd" : "th"}`;

/** A calendar date written YYYY-MM-DD, with a message that says what is wrong with it. */
export const isoDate = z
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
export const WEIGHT_MAX = 9999;
export const WEIGHT_MESSAGE = `must be a whole number from 1 to ${WEIGHT_MAX} (1 is listed first; leave weight out to list the page after the weighted ones, newest first)`;
export const PAGE_SIZE_MESSAGE = `must be a whole number from 1 to ${SECTION_LIST.maxPageSize}: how many pages one list page of this section shows (leave it out for ${SECTION_LIST.pageSize})`;

/**
 * A slug names the last part of a page's address (Hugo's slug): the page stays in its section, whose address it
 * takes, translated or not. A slash would move it elsewhere, which is what url is for.
 */
export const slugSchema = z.string().superRefine((value, context) => {
  if (/^[a-z0-9][a-z0-9-]*$/.test(value)) return;
  const last = value.split("/").filter(Boolean).at(-1) ?? "";
  context.addIssue({
    code: "custom",
    message:
      value.includes("/") && PAGE_PATH.test(value.replace(/^\/+/, ""))
        ? `"${value}": a slug names the last part of the address only (write slug: ${last}; the page takes its section's address before it); to set the whole address, write url: /${value.replace(/^\/+/, "")}`
        : `${JSON.stringify(value)} cannot be an address: use lowercase letters, digits and -, ${
            slugOf(value) ? `e.g. ${slugOf(value)}` : "e.g. a word of the title written in Latin letters (ueber-uns)"
          }`,
  });
});

/** A page's whole address below its language's prefix (Hugo's url): /referenzen/acme in de is /de/referenzen/acme. */
export const urlPathSchema = z
  .string()
  .regex(
    /^\/[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/,
    "must be the address below the language's prefix, starting with /: lowercase words joined by - and /, e.g. /referenzen/acme",
  );

export const TAG_MAX_LENGTH = 40;
/** Tags one page may have: each is a list page in dist/ (5,000 on one page made 166 MB and 4,990 warnings). */
export const TAGS_PER_PAGE_MAX = 20;

/**
 * An address this page had before, written as visitors typed it: from the site's root, with the language's prefix.
 * A plain path that every host reads as one address (host/addresses.ts): never a pattern of Netlify's or Cloudflare's
 * _redirects, nor a character of nginx's syntax. The value is shown escaped, so a line break cannot split the message.
 */
export const aliasSchema = z.string().superRefine((value, context) => {
  const problem = plainPathProblem(value);
  if (problem) context.addIssue({ code: "custom", message: `${JSON.stringify(value)} ${problem}` });
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
        ...OWN_PER_LANGUAGE,
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
        ...OWN_PER_LANGUAGE,
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
    draft: z
      .boolean()
      .meta(
        words(
          ["Draft", "On: only the preview (npm run dev) shows the page; the live site leaves it out."],
          ["Entwurf", "An: nur die Vorschau (npm run dev) zeigt die Seite; die Website lässt sie weg."],
        ),
      )
      .default(false),
    date: isoDate
      .meta(
        words(
          [
            "Date",
            "Optional: the article's date, shown on it; a day in the future schedules the page. Empty in a translation: it shares its original's (never earlier).",
          ],
          [
            "Datum",
            "Optional: das Datum des Artikels, steht auf ihm; ein Tag in der Zukunft plant die Seite ein. Leer in einer Übersetzung: sie teilt das des Originals (nie früher).",
          ],
        ),
      )
      .optional(),
    /** When the page goes live, if not on its date (Hugo's publishDate): built from that day on in site.yaml's timeZone. */
    publishDate: isoDate
      .meta({
        title: "Publish on",
        description: "Optional: the day the page goes live, if not its date. Empty in a translation: its original's.",
        ...de(
          "Veröffentlichen am",
          "Optional: der Tag, an dem die Seite online geht, wenn nicht ihr Datum. Leer in einer Übersetzung: der des Originals.",
        ),
      })
      .optional(),
    /** The first day the page is no longer built (Hugo's expiryDate). */
    expiryDate: isoDate
      .meta({
        title: "Remove on",
        description: "Optional: the first day the page is no longer published. Empty in a translation: its original's.",
        ...de(
          "Entfernen am",
          "Optional: der erste Tag, an dem die Seite nicht mehr veröffentlicht ist. Leer in einer Übersetzung: der des Originals.",
        ),
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
          ...OWN_PER_LANGUAGE,
          title: "Old address",
          pattern: "^/(?!/)([A-Za-z0-9\\-_.~/]|%[0-9A-Fa-f]{2})*$",
          "x-messages": {
            string_format:
              "must be an old address of this site from its root, starting with /: letters, digits, -, _, ., ~ and /, other characters %-encoded",
          },
          ...de("Alte Adresse", undefined, {
            string_format:
              "muss eine alte Adresse dieser Website ab ihrer Wurzel sein, mit / am Anfang: Buchstaben, Ziffern, -, _, ., ~ und /, andere Zeichen %-kodiert",
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
        text.max(TAG_MAX_LENGTH, `must be at most ${TAG_MAX_LENGTH} characters: a tag is a word or two`).meta({
          ...OWN_PER_LANGUAGE,
          title: "Tag",
          ...de("Schlagwort", undefined, {
            max_length: `darf höchstens ${TAG_MAX_LENGTH} Zeichen lang sein: ein Schlagwort ist ein, zwei Wörter`,
          }),
        }),
      )
      .max(
        TAGS_PER_PAGE_MAX,
        `a page may have at most ${TAGS_PER_PAGE_MAX} tags: keep the few a reader would look for (each makes a list page)`,
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
        description: "Some languages only: this page may exist in some languages only, whatever site.yaml says.",
        ...de(
          "Übersetzungen",
          "Nur in einigen Sprachen: diese Seite darf es nur in einigen Sprachen geben, was auch immer in site.yaml steht.",
        ),
        ...choices({ partial: ["Some languages only", "Nur in einigen Sprachen"] }),
      })
      .optional(),
    /**
     * own: this page's structure differs from the default language's on purpose. Its missing headings, components and
     * figures are then no warning, and npm run build -- --strict does not refuse them where translations: complete.
     */
    structure: z
      .enum(["own"], 'must be "own" (leave it out to have the page follow the default language\'s structure)')
      .meta({
        title: "Structure",
        description:
          "Its own: this translation leaves out headings, components or figures of the default language's page on purpose.",
        ...de(
          "Aufbau",
          "Eigener: diese Übersetzung lässt Überschriften, Bausteine oder Abbildungen der Seite in der Standardsprache absichtlich aus.",
        ),
        ...choices({ own: ["Its own", "Eigener"] }),
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
    summary: text
      .meta(
        words(
          ["Summary", "Optional: one or two sentences for the section's overview, if not the description."],
          ["Zusammenfassung", "Optional: ein, zwei Sätze für die Übersicht des Bereichs, wenn nicht die Beschreibung."],
          { min_length: "darf nicht leer sein" },
        ),
      )
      .optional(),
    /** The person who wrote the page, named in its structured data; without it, the company is the author. */
    author: text
      .meta(
        words(
          ["Author", "Optional: who wrote it, as in the authors of Company facts; without it, the company."],
          ["Autor oder Autorin", "Optional: wer ihn schrieb, wie unter Autoren der Firmendaten; sonst die Firma."],
          { min_length: "darf nicht leer sein" },
        ),
      )
      .optional(),
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
    linkPreview: z
      .enum(["card", "image"])
      .meta({
        ...words(
          ["Link preview", "What a shared link to the page shows: a card drawn from its title, or the page's image."],
          ["Linkvorschau", "Was ein geteilter Link zur Seite zeigt: eine Karte aus dem Titel oder das Bild der Seite."],
        ),
        ...choices({
          card: ["Card from the title", "Karte aus dem Titel"],
          image: ["The page's image", "Bild der Seite"],
        }),
      })
      .default("card"),
    /** Adds the page to a menu, after the entries in common.yaml. */
    nav: z
      .strictObject({
        menu: z.enum(["header", "footer"]).meta({
          ...words(
            ["Menu", "The header's menu or the footer's."],
            ["Menü", "Das Menü der Kopfzeile oder der Fußzeile."],
          ),
          ...choices({ header: ["Header", "Kopfzeile"], footer: ["Footer", "Fußzeile"] }),
        }),
        label: text.meta(
          words(
            ["Menu label", "The words in the menu, e.g. Insights."],
            ["Beschriftung", "Die Worte im Menü, z. B. Einblicke."],
          ),
        ),
      })
      .meta(
        words(
          ["Menu entry", "Optional: adds the page to a menu, after the entries of the header and footer."],
          ["Menüeintrag", "Optional: nimmt die Seite in ein Menü auf, nach den Einträgen von Kopf- und Fußzeile."],
        ),
      )
      .optional(),
    /** A campaign page's sections (schemas/blocks.ts): the page is made of them instead of a Markdown text. */
    // The web editor draws it as Sveltia's variable types, one per entry of BLOCKS (src/editor/fields.ts).
    blocks: blocksSchema.meta({ ...blocksSchema.meta(), "x-editor": "blocks" }).optional(),
    /** A table of contents of the page's ## headings. */
    toc: z
      .boolean()
      .meta(
        words(
          ["Table of contents", "On: the page opens with a list of its ## headings."],
          ["Inhaltsverzeichnis", "An: die Seite beginnt mit einer Liste ihrer ##-Überschriften."],
        ),
      )
      .default(false),
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
