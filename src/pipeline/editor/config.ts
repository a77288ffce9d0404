import type { z } from "zod";
import type { Locale } from "../../content/locales.ts";
import {
  commonSchema,
  type EditorSettings,
  formSchema,
  homeSchema,
  impressumSchema,
  pageSchema,
  siteSchema,
} from "../../content/schemas.ts";
import { type EditorField, fieldsOf, jsonSchemaOf } from "./fields.ts";

/** The Markdown below a page's front matter. */
const body = (i18n: boolean): EditorField => ({
  name: "body",
  label: "Text",
  widget: "markdown",
  ...(i18n ? { i18n: true } : {}),
});

const fieldsFrom = (schema: z.ZodType, i18n: boolean) => fieldsOf(jsonSchemaOf(schema), i18n);

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
 * The editor's whole configuration, computed from the zod schemas in src/content/schemas.ts and the
 * locale table: a field added to a schema appears in the editor without any edit here.
 */
export function editorConfig(locales: readonly Locale[], editor: EditorSettings | undefined) {
  const codes = locales.map((locale) => locale.code);
  const defaultLocale = locales.find((locale) => locale.default)?.code ?? codes[0];
  const perLanguage = (name: string, label: string, schema: z.ZodType) => ({
    name,
    label,
    file: `content/{{locale}}/${name}.yaml`,
    format: "yaml",
    i18n: true,
    fields: fieldsFrom(schema, true),
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
    i18n: { structure: "multiple_folders", locales: codes, default_locale: defaultLocale },
    collections: [
      {
        name: "pages",
        label: "Pages and sections",
        label_singular: "Page",
        folder: "content/{{locale}}/pages",
        extension: "md",
        format: "yaml-frontmatter",
        create: true,
        i18n: true,
        // Sections are folders (pages/insights/…, with index.md as the section's own page): shown as a tree.
        nested: { depth: 8, subfolders: false },
        meta: { path: { label: "Path" } },
        // Images sit next to the page that shows them (./diagram.png), where the build looks for them.
        media_folder: "",
        public_folder: "./",
        summary: "{{title}}",
        fields: [...fieldsFrom(pageSchema, true), body(true)],
      },
      {
        name: "copy",
        label: "Home page, header, footer and form",
        i18n: true,
        files: [
          perLanguage("home", "Home page", homeSchema),
          perLanguage("common", "Header, footer, menus, 404 page", commonSchema),
          perLanguage("form", "Contact form", formSchema),
        ],
      },
      {
        name: "site",
        label: "Company facts and Impressum",
        files: [
          // Every key stays in the form (the locale table too): a key left out could be dropped on save.
          {
            name: "site",
            label: "Company facts (site.yaml)",
            file: "content/site.yaml",
            format: "yaml",
            fields: fieldsFrom(siteSchema, false),
          },
          {
            name: "impressum",
            label: "Impressum",
            file: "content/impressum.md",
            format: "yaml-frontmatter",
            fields: [...fieldsFrom(impressumSchema, false), body(false)],
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
