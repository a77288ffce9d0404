import { z } from "zod";
import { TITLE_MAX_LENGTH } from "./titles.ts";

/**
 * A field's words in the web editor's German interface, beside its definition (the English ones are its title and
 * description, or its key): its label, its help text, and its checks' messages by kind (max_length, string_format …).
 */
export const de = (title: string, description?: string, messages?: Record<string, string>) => ({
  "x-labels": {
    de: { title, ...(description === undefined ? {} : { description }), ...(messages ? { messages } : {}) },
  },
});

/**
 * A field's words in both interface languages: English label and hint, German label and hint (and the German
 * messages of its checks, see de). Every field an author edits has both: the editor shows no raw key names.
 */
export const words = (
  en: [title: string, description: string],
  german: [title: string, description: string],
  messages?: Record<string, string>,
) => ({ title: en[0], description: en[1], ...de(german[0], german[1], messages) });

/**
 * The words of a choice's values in the web editor, by interface language: the file keeps the value ("partial"),
 * the form shows its words ("Nur in einigen Sprachen"). Every value of a choice an author makes has both.
 */
export const choices = (words: Record<string, [en: string, de: string]>) => ({
  "x-choices": {
    en: Object.fromEntries(Object.entries(words).map(([value, [en]]) => [value, en])),
    de: Object.fromEntries(Object.entries(words).map(([value, [, german]]) => [value, german])),
  },
});

/**
 * What only a developer changes (the locale table, the site's address, the time zone …): the web editor shows no
 * field for it, and hands the file's value back untouched on save (docs/editor.md, "What the editor leaves out").
 */
export const DEVELOPER_ONLY = { "x-editor": "developer" } as const;

/**
 * A value each language sets for itself (a page's slug, url, old addresses, tags): the editor's "Copy from English"
 * leaves it out, since a copied address collides with the English page's and a copied tag is the English word.
 */
export const OWN_PER_LANGUAGE = { "x-editor": "own-per-language" } as const;

/**
 * A campaign code of site.yaml's `campaigns`: the web editor offers that list as a choice, each code by its campaign's
 * name (editor/fields.ts, offerCampaigns), so an author never has to know the codes. The build checks it against the
 * same list (content/blocks.ts).
 */
export const SITE_CAMPAIGN = { "x-editor": "campaign" } as const;

/** A strict object with its label in the web editor's German interface (see de). */
export const strictObjectDe = <Shape extends z.core.$ZodLooseShape>(title: string, shape: Shape) =>
  z.strictObject(shape).meta(de(title));

// Every schema is strict: an unknown key is almost always a typo, and a typo would otherwise vanish silently.
export const text = z.string().trim().min(1, "must not be empty");
/** A title search results show in full: see titles.ts (the company's name is added only where it fits). */
// A limit written as .max() is data the editor's configuration reads (pipeline/editor). It counts the
// characters as written in the file, not as the HTML escapes them ("&" is one, not five).
export const title = text.max(
  TITLE_MAX_LENGTH,
  `must be at most ${TITLE_MAX_LENGTH} characters: search results cut longer titles`,
);

/** The title's limit in the editor's German interface. */
export const TITLE_MAX_DE = `darf höchstens ${TITLE_MAX_LENGTH} Zeichen lang sein: Suchergebnisse kürzen längere Titel`;

export const url = z.url({ protocol: /^https$/, message: "must be an https:// URL" });

// Every value that reaches a link-preview card or a <title> has a length limit (issue 29), which the editor shows:
// the cards' layout and the titles' length stay bounded whatever an author pastes.
/** The company's name, in every feed's title and after page titles where it fits. */
export const COMPANY_NAME_MAX_LENGTH = 60;
/** The header's logo text, on every card beside the logo mark. */
export const LOGO_MAX_LENGTH = 30;
/** The home page's headline, its card's title: three lines at the card's smallest size hold about 120 characters. */
export const HEADLINE_MAX_LENGTH = 120;
/** A title with a {title} to fill in (a feed's, a list page's): the filled title is held to its own limit where it is shown. */
export const TEMPLATE_TITLE_MAX_LENGTH = 80;
export const bounds = z
  .strictObject({ min: z.int().positive().meta(de("Mindestens")), max: z.int().positive().meta(de("Höchstens")) })
  .refine((value) => value.min <= value.max, "min must not be greater than max");

// Limits are written as .max() rather than a refine so that they are data: the editor's configuration
// (pipeline/editor) reads them, with their messages, from the schema. Titles count characters as read (titles.ts).
/** Search results show about this many characters of a description. */
export const DESCRIPTION_MAX_LENGTH = 200;
/** A page's title and description (home.yaml and every page's front matter). */
export const meta = z.strictObject({
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
