import { z } from "zod";
import type { Locale } from "../content/locales.ts";
import {
  commonSchema,
  type EditorSettings,
  formSchema,
  homeSchema,
  impressumSchema,
  pageSchema,
  siteSchema,
} from "../content/schemas/index.ts";
import { BODY_BUTTONS } from "./browser/data.ts";
import { type Campaign, type EditorField, fieldsOf, jsonSchemaOf, offerCampaigns } from "./fields.ts";

/** The words of the collections and files, in each interface language: beside the collections that use them. */
const WORDS = {
  en: {
    pages: "Pages",
    pagesNote: "Every page and section of the site, with the articles in them, in each language.",
    page: "Page",
    path: "Path",
    body: "Text",
    bodyHint: "The page's text in Markdown. Components (button, callout, figure, video) are in the toolbar.",
    // Collection names are one or two words: the editor's sidebar cut longer ones ("Startseite, Kopf…",
    // "Pages and secti…", "Company, Impr…", issue 54); the description says what is in the collection.
    copy: "Site texts",
    copyNote: "The home page, header, footer, menus, 404 page and contact form, in each language.",
    home: "Home page",
    common: "Header, footer, menus, 404 page",
    form: "Contact form",
    site: "Company",
    facts: "Company facts (site.yaml)",
    siteNote:
      "Languages, site address, translation rule, time zone and form delivery: a developer changes them in content/site.yaml.",
    impressum: "Impressum",
  },
  de: {
    pages: "Seiten",
    pagesNote: "Alle Seiten und Bereiche der Website mit ihren Artikeln, in jeder Sprache.",
    page: "Seite",
    path: "Pfad",
    body: "Text",
    bodyHint:
      "Der Text der Seite in Markdown. Bausteine (Button, Hinweisbox, Abbildung, Video) stehen in der Werkzeugleiste.",
    copy: "Website-Texte",
    copyNote: "Startseite, Kopfzeile, Fußzeile, Menüs, Seite 404 und Kontaktformular, in jeder Sprache.",
    home: "Startseite",
    common: "Kopfzeile, Fußzeile, Menüs, Seite 404",
    form: "Kontaktformular",
    site: "Firma",
    facts: "Firmendaten (site.yaml)",
    siteNote:
      "Sprachen, Adresse der Website, Übersetzungsregel, Zeitzone, Formular-Zustellung: sie ändert die Entwicklung in content/site.yaml.",
    impressum: "Impressum",
  },
} as const satisfies Record<string, Record<string, string>>;

/** The interface languages the editor's labels exist in; English is the fallback. */
export type LabelLanguage = keyof typeof WORDS;
export const LABEL_LANGUAGES = Object.keys(WORDS) as LabelLanguage[];

/**
 * The custom formats (browser/formats.ts) the collections' files are read and written with, each with what
 * its schema fills in for a key left out. The editor accepts a .md file only in a format named *-frontmatter.
 */
export const FORMATS = {
  "site-page-frontmatter": { kind: "page", schema: pageSchema },
  "site-impressum-frontmatter": { kind: "page", schema: impressumSchema },
  "site-copy": { kind: "yaml", schema: z.union([homeSchema, commonSchema, formSchema]) },
  "site-facts": { kind: "yaml", schema: siteSchema },
} as const;

/** The Markdown below a page's front matter. */
const body = (i18n: boolean, language: LabelLanguage): EditorField => ({
  name: "body",
  label: WORDS[language].body,
  hint: WORDS[language].bodyHint,
  widget: "markdown",
  buttons: BODY_BUTTONS,
  // A campaign page is made of blocks and has no text below its front matter (the build refuses both together).
  required: false,
  ...(i18n ? { i18n: true } : {}),
});

const fieldsFrom = (schema: z.ZodType, i18n: boolean, language: LabelLanguage, campaigns: readonly Campaign[] = []) =>
  fieldsOf(offerCampaigns(jsonSchemaOf(schema), campaigns), i18n, language);

/** The repository host the editor logs in to and commits through (site.yaml's `editor`). */
function backendOf(editor: EditorSettings | undefined): Record<string, string> {
  // Without settings the editor still opens in npm run dev (local files); online it asks for them.
  if (!editor) return { name: "github", repo: "owner/repository" };
  const backend: Record<string, string> = { name: editor.backend, repo: editor.repo, branch: editor.branch ?? "main" };
  if (editor.baseUrl) {
    backend.base_url = editor.baseUrl;
    backend.api_root = `${editor.baseUrl}/api/${editor.backend === "gitlab" ? "v4" : "v1"}`;
  }
  if (editor.authEndpoint) backend.base_url = editor.authEndpoint;
  if (editor.appId) {
    backend.app_id = editor.appId;
    if (editor.backend === "gitlab") backend.auth_type = "pkce";
  }
  return backend;
}

/**
 * The editor's whole configuration, computed from the zod schemas in src/content/schemas/index.ts and the
 * locale table, with its labels in one interface language: a field added to a schema appears in the editor
 * without any edit here. A call to action's campaign is a choice of site.yaml's `campaigns` (offerCampaigns).
 */
export function editorConfig(
  locales: readonly Locale[],
  editor: EditorSettings | undefined,
  language: LabelLanguage = "en",
  campaigns: readonly Campaign[] = [],
) {
  const words = WORDS[language];
  const codes = locales.map((locale) => locale.code);
  const defaultLocale = locales.find((locale) => locale.default)?.code ?? codes[0];
  const perLanguage = (name: string, label: string, schema: z.ZodType) => ({
    name,
    label,
    file: `content/{{locale}}/${name}.yaml`,
    format: "site-copy",
    i18n: true,
    fields: fieldsFrom(schema, true, language),
  });
  return {
    backend: backendOf(editor),
    // Each save is one commit; drafts are the pages' own `draft: true`, which the build already knows.
    publish_mode: "simple",
    // An optional field left empty stays out of the file, as the schemas expect (no `date: ''`).
    output: { omit_empty_optional_fields: true },
    // The shared images (content/media/): the image field's dialog offers them as "Global Assets" beside the
    // page's own, and a pick is written /media/name.png, which the build finds in content/media/.
    media_folder: "content/media",
    public_folder: "/media",
    // Stock photo libraries would load from their own hosts: no request to another origin from /admin/.
    media_libraries: { stock_assets: false },
    i18n: {
      structure: "multiple_folders",
      locales: codes,
      default_locale: defaultLocale,
      // A new page starts in the published languages; a staged one (published: false) is switched on per page
      // when its translation is written, so it never blocks a save. Any language but the default can be
      // switched off for a page, which the build allows (translations: partial, or a warning).
      initial_locales: locales.filter((locale) => locale.published).map((locale) => locale.code),
    },
    collections: [
      {
        name: "pages",
        label: words.pages,
        label_singular: words.page,
        description: words.pagesNote,
        folder: "content/{{locale}}/pages",
        extension: "md",
        format: "site-page-frontmatter",
        create: true,
        i18n: true,
        // Sections are folders (pages/insights/…, with index.md as the section's own page): shown as a tree.
        nested: { depth: 8, subfolders: false },
        meta: { path: { label: words.path } },
        // Images sit next to the page that shows them (./diagram.png), where the build looks for them.
        media_folder: "",
        public_folder: "./",
        summary: "{{title}}",
        fields: [...fieldsFrom(pageSchema, true, language, campaigns), body(true, language)],
      },
      {
        name: "copy",
        label: words.copy,
        description: words.copyNote,
        i18n: true,
        files: [
          perLanguage("home", words.home, homeSchema),
          perLanguage("common", words.common, commonSchema),
          perLanguage("form", words.form, formSchema),
        ],
      },
      {
        name: "site",
        label: words.site,
        description: words.siteNote,
        files: [
          // What only a developer changes (DEVELOPER_ONLY in the schemas) has no field; the rest is the author's.
          {
            name: "site",
            label: words.facts,
            file: "content/site.yaml",
            format: "site-facts",
            fields: fieldsFrom(siteSchema, false, language),
          },
          {
            name: "impressum",
            label: words.impressum,
            file: "content/impressum.md",
            format: "site-impressum-frontmatter",
            fields: [...fieldsFrom(impressumSchema, false, language), body(false, language)],
          },
        ],
      },
    ],
  };
}

/** The origins the editor talks to online: the repository host's API (and GitHub's avatars). */
export function editorHostOrigins(editor: EditorSettings | undefined): string[] {
  const backend = editor?.backend ?? "github";
  if (editor?.baseUrl) return [new URL(editor.baseUrl).origin];
  if (backend === "github") return ["https://api.github.com", "https://avatars.githubusercontent.com"];
  if (backend === "gitlab") return ["https://gitlab.com"];
  return [];
}
