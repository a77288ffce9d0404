import { expect, it } from "vitest";
import type { z } from "zod";
import {
  commonSchema,
  formSchema,
  homeSchema,
  impressumSchema,
  pageSchema,
  siteSchema,
} from "../../../src/content/schemas/index.ts";
import { editorConfig, FORMATS, LABEL_LANGUAGES } from "../../../src/editor/config.ts";
import { jsonSchemaOf } from "../../../src/editor/fields.ts";
import type { EditorField } from "../../../src/editor/fields.ts";
import { OWN_TEXT_WIDGET } from "../../../src/editor/browser/data.ts";

// Issue 42: the generated configuration, walked field by field, for every collection, file and interface language.
const LOCALES = [
  { code: "en", default: true, prefix: "", ogLocale: "en_US", dateLocale: "en-GB", published: true },
  { code: "de", default: false, prefix: "/de", ogLocale: "de_DE", dateLocale: "de-DE", published: true },
] as const;

interface Form {
  /** "pages", "copy/home", "site/site" … */
  name: string;
  /** Whether the file exists once per language (each language's tab edits its own). */
  perLanguage: boolean;
  fields: EditorField[];
}

function formsOf(language: (typeof LABEL_LANGUAGES)[number]): Form[] {
  const config = editorConfig(LOCALES, undefined, language);
  return config.collections.flatMap((collection): Form[] => {
    const files = (collection as { files?: { name: string; i18n?: boolean; fields: EditorField[] }[] }).files;
    if (files)
      return files.map((file) => ({
        name: `${collection.name}/${file.name}`,
        perLanguage: file.i18n === true,
        fields: file.fields,
      }));
    const own = collection as { i18n?: boolean; fields: EditorField[] };
    return [{ name: collection.name, perLanguage: own.i18n === true, fields: own.fields }];
  });
}

/** A JSON Schema node with the words the schemas write beside each field. */
type Node = {
  title?: string;
  description?: string;
  properties?: Record<string, Node>;
  items?: Node;
  "x-editor"?: string;
  "x-labels"?: Record<string, { title?: string; description?: string }>;
};

/** Every field with its path, the items of lists included (a list's `field`, an object's `fields`). */
function* walk(fields: EditorField[], path: string): Generator<[string, EditorField, boolean]> {
  for (const field of fields) {
    const at = `${path}.${field.name}`;
    yield [at, field, false];
    for (const child of field.fields ?? []) yield* walk([child], at);
    if (field.field) yield [`${at}[]`, field.field, true];
  }
}

it("every field of a per-language file can be edited on each language's tab: lists and their items included", () => {
  const uneditable: string[] = [];
  for (const form of formsOf("en").filter((candidate) => candidate.perLanguage))
    for (const [path, field] of walk(form.fields, form.name)) if (field.i18n !== true) uneditable.push(path);
  // Before issue 42 a list's item lacked i18n: the German tab showed tags, old addresses and badges as grey bars.
  expect(uneditable).toEqual([]);
});

it("nothing required is hidden, and the developer's settings of site.yaml have no field", () => {
  for (const language of LABEL_LANGUAGES)
    for (const form of formsOf(language))
      for (const [path, field] of walk(form.fields, form.name))
        expect(field.widget === "hidden" && field.required !== false, `${language} ${path}`).toBe(false);
  const facts = formsOf("en").find((form) => form.name === "site/site")?.fields ?? [];
  expect(facts.map((field) => field.name)).toEqual([
    "authors",
    "company",
    "schedulingUrl",
    "social",
    "legal",
    "copyrightYear",
  ]);
});

it("every file an author edits: every field has a label and a hint in both interface languages", () => {
  // In the schemas, beside each field: its English words are its title and description, its German ones de(...).
  const unworded = (node: Node, path: string): string[] =>
    Object.entries(node.properties ?? {})
      .filter(([, child]) => child["x-editor"] !== "developer")
      .flatMap(([key, child]) => [
        ...(child.title && child.description && child["x-labels"]?.de?.title && child["x-labels"]?.de?.description
          ? []
          : [`${path}.${key}`]),
        ...unworded(child, `${path}.${key}`),
        // A list's item shows under its list's label and hint.
        ...(child.items ? unworded(child.items, `${path}.${key}[]`) : []),
      ]);
  const schemas = {
    site: FORMATS["site-facts"].schema,
    page: FORMATS["site-page-frontmatter"].schema,
    impressum: impressumSchema,
    home: homeSchema,
    common: commonSchema,
    form: formSchema,
  };
  for (const [name, schema] of Object.entries(schemas))
    expect(unworded(jsonSchemaOf(schema) as Node, name), name).toEqual([]);
  // And the forms show them: a hint under every field, in each interface language.
  const missing: string[] = [];
  // A field the schema gives no words shows its key ("Scheduling url", issue 42): each label must be the words
  // written beside the field in its schema, in the form's interface language.
  const schemaOf: Record<string, z.ZodType> = {
    pages: pageSchema,
    "copy/home": homeSchema,
    "copy/common": commonSchema,
    "copy/form": formSchema,
    "site/site": siteSchema,
    "site/impressum": impressumSchema,
  };
  const rawKeys: string[] = [];
  const compare = (fields: EditorField[], node: Node, path: string, language: string) => {
    for (const field of fields) {
      if (path.endsWith(":") && field.name === "body") continue; // the Markdown below the front matter
      const own = node.properties?.[field.name];
      const words = language === "en" ? own?.title : own?.["x-labels"]?.[language]?.title;
      if (!own || !words || field.label !== words) rawKeys.push(`${path}${field.name}: ${field.label}`);
      if (own?.items && field.fields) compare(field.fields, own.items, `${path}${field.name}[].`, language);
      else if (own && field.fields) compare(field.fields, own, `${path}${field.name}.`, language);
    }
  };
  expect(formsOf("en").map((form) => form.name)).toEqual(Object.keys(schemaOf));
  for (const language of LABEL_LANGUAGES)
    for (const form of formsOf(language))
      compare(
        form.fields,
        jsonSchemaOf(schemaOf[form.name] as z.ZodType) as Node,
        `${language} ${form.name}:`,
        language,
      );
  expect(missing).toEqual([]);
  expect(rawKeys).toEqual([]);
  const german = formsOf("de").find((form) => form.name === "site/site")?.fields ?? [];
  expect(german.find((field) => field.name === "schedulingUrl")).toMatchObject({ label: "Link zur Terminbuchung" });
  const english = formsOf("en").find((form) => form.name === "site/site")?.fields ?? [];
  expect(english.find((field) => field.name === "schedulingUrl")).toMatchObject({ label: "Booking link" });
});

it("'Copy from English' leaves a page's slug, url, old addresses and tags out, and the form says so", () => {
  for (const language of LABEL_LANGUAGES) {
    const pages = formsOf(language).find((form) => form.name === "pages")?.fields ?? [];
    const byName = (name: string) => pages.find((field) => field.name === name);
    // Sveltia copies string, text, markdown and list fields by type (its copy.js): these are none of them.
    expect(byName("slug")?.widget).toBe(OWN_TEXT_WIDGET);
    expect(byName("url")?.widget).toBe(OWN_TEXT_WIDGET);
    expect(byName("aliases")?.field?.widget).toBe(OWN_TEXT_WIDGET);
    expect(byName("tags")?.field?.widget).toBe(OWN_TEXT_WIDGET);
    expect(byName("slug")?.pattern?.[0]).toBe("^[a-z0-9][a-z0-9-]*$");
    for (const name of ["slug", "url", "aliases", "tags"])
      expect(byName(name)?.hint, `${language} ${name}`).toMatch(/Copy from English|Aus Englisch kopieren/);
    // An image field is not copied (Sveltia copies text): its hint says which paths work from this language's file.
    expect(byName("image")?.widget).toBe("image");
    expect(byName("image")?.hint, `${language} image`).toMatch(/(Copy from English|Aus Englisch kopieren).*\/media\//);
    // The text she translates is still copied.
    expect(byName("title")?.widget).toBe("string");
    expect(byName("body")?.widget).toBe("markdown");
  }
});

it("every choice an author makes shows words, not the file's value, in each interface language", () => {
  // A German author met "partial", "own" and "card" as the choices of a German form (issue 54, the walkthrough).
  const bare: string[] = [];
  for (const language of LABEL_LANGUAGES)
    for (const form of formsOf(language))
      for (const [path, field] of walk(form.fields, `${language} ${form.name}`))
        for (const option of field.options ?? []) if (typeof option === "string") bare.push(`${path}: ${option}`);
  expect(bare).toEqual([]);
  const page = (language: (typeof LABEL_LANGUAGES)[number]) =>
    formsOf(language).find((form) => form.name === "pages")?.fields ?? [];
  expect(page("de").find((field) => field.name === "translations")?.options).toEqual([
    { label: "Nur in einigen Sprachen", value: "partial" },
  ]);
  expect(page("en").find((field) => field.name === "linkPreview")?.options).toEqual([
    { label: "Card from the title", value: "card" },
    { label: "The page's image", value: "image" },
  ]);
});
