import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, expect, it } from "vitest";
import type { EditorField } from "../../../src/editor/fields.ts";
import type { z } from "zod";
import { COMPONENTS } from "../../../src/content/markdown/directives/table.ts";
import { componentForms } from "../../../src/editor/components.ts";
import { editorConfig, FORMATS } from "../../../src/editor/config.ts";
import { buildsPage } from "../../../src/editor/editor-data.ts";
import { jsonSchemaOf } from "../../../src/editor/fields.ts";
import { BLOCK_TYPES, BLOCKS } from "../../../src/content/schemas/blocks.ts";
import { loadContent } from "../../../src/content/load.ts";
import { campaignContent } from "../../support/campaign.ts";

const LOCALES = [
  { code: "en", default: true, prefix: "", ogLocale: "en_US", dateLocale: "en-GB", published: true },
  { code: "de", default: false, prefix: "/de", ogLocale: "de_DE", dateLocale: "de-DE", published: true },
] as const;

type Config = ReturnType<typeof editorConfig>;
const pageFields = (config: Config) => (config.collections[0]?.fields ?? []) as EditorField[];
const field = (fields: EditorField[], name: string) => fields.find((candidate) => candidate.name === name);

const temp = mkdtempSync(join(tmpdir(), "admin-config-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

it("a field added to a schema appears in the editor's configuration, with its rules and messages, and no edit elsewhere", async () => {
  cpSync("src", join(temp, "src"), { recursive: true });
  symlinkSync(resolve("node_modules"), join(temp, "node_modules"));
  const schemas = join(temp, "src/content/schemas/page.ts");
  const source = readFileSync(schemas, "utf8");
  const anchor = "    toc: z\n";
  expect(source).toContain(anchor);
  writeFileSync(
    schemas,
    source.replace(
      anchor,
      `    teaser: text.max(90, "should be at most 90 characters on the overview").meta({ title: "Teaser", description: "One line for the overview.", ...de("Anreißer", "Eine Zeile für die Übersicht.", { max_length: "sollte in der Übersicht höchstens 90 Zeichen lang sein" }) }),\n${anchor}`,
    ),
  );
  const copied = (await import(join(temp, "src/editor/config.ts"))) as { editorConfig: typeof editorConfig };

  const teaser = field(pageFields(copied.editorConfig(LOCALES, undefined)), "teaser");
  expect(teaser).toEqual({
    name: "teaser",
    label: "Teaser",
    hint: "One line for the overview.",
    widget: "string",
    i18n: true,
    pattern: ["^\\s*[\\s\\S]{0,90}\\s*$", "should be at most 90 characters on the overview"],
  });
  // Its German label, help and message, written beside it, are the German interface's.
  expect(field(pageFields(copied.editorConfig(LOCALES, undefined, "de")), "teaser")).toMatchObject({
    label: "Anreißer",
    hint: "Eine Zeile für die Übersicht.",
    pattern: ["^\\s*[\\s\\S]{0,90}\\s*$", "sollte in der Übersicht höchstens 90 Zeichen lang sein"],
  });
  expect(field(pageFields(editorConfig(LOCALES, undefined)), "teaser")).toBeUndefined();
});

it("the page form has the schema's keys in order, its limits with the build's messages, and the body", () => {
  const fields = pageFields(editorConfig(LOCALES, undefined));
  expect(fields.map((f) => f.name)).toEqual([
    "title",
    "description",
    "slug",
    "url",
    "draft",
    "date",
    "publishDate",
    "expiryDate",
    "lastmod",
    "aliases",
    "tags",
    "translations",
    "structure",
    "weight",
    "pageSize",
    "summary",
    "author",
    "image",
    "imageAlt",
    "linkPreview",
    "nav",
    "blocks",
    "toc",
    "body",
  ]);
  // The style menu offers no "Heading 1": the build refuses a # in a page's text (the title is the page's only #).
  const buttons = field(fields, "body")?.buttons ?? [];
  expect(buttons).toContain("heading-two");
  expect(buttons).not.toContain("heading-one");
  const title = field(fields, "title");
  expect(title?.required).toBeUndefined();
  const [regex = "", message] = title?.pattern ?? [];
  expect(message).toMatch(/^must be at most 60 characters/);
  expect(new RegExp(regex).test("x".repeat(60))).toBe(true);
  expect(new RegExp(regex).test(`  ${"x".repeat(60)}  `)).toBe(true);
  expect(new RegExp(regex).test("x".repeat(61))).toBe(false);
  expect(field(fields, "nav")?.fields?.find((f) => f.name === "menu")).toMatchObject({
    widget: "select",
    options: [
      { label: "Header", value: "header" },
      { label: "Footer", value: "footer" },
    ],
  });
  expect(field(fields, "date")).toMatchObject({ widget: "datetime", required: false, format: "YYYY-MM-DD" });
  expect(field(fields, "weight")).toMatchObject({ widget: "number", value_type: "int", min: 1, required: false });
  expect(field(fields, "pageSize")).toMatchObject({
    widget: "number",
    value_type: "int",
    min: 1,
    max: 100,
    required: false,
  });
});

it("a campaign page's blocks are Sveltia's variable types: every type of the blocks' table, by its name in each interface language, with its own fields", () => {
  for (const language of ["en", "de"] as const) {
    const blocks = field(pageFields(editorConfig(LOCALES, undefined, language)), "blocks");
    expect(blocks).toMatchObject({ widget: "list", i18n: true, required: false, min: 1, max: 20 });
    expect(blocks?.types?.map((type) => [type.name, type.label])).toEqual(
      BLOCK_TYPES.map((type) => [type, BLOCKS[type].label[language]]),
    );
    const types = Object.fromEntries((blocks?.types ?? []).map((type) => [type.name, type.fields]));
    // One field set per type, from its schema; the type key is Sveltia's, with no field of its own.
    expect(types.hero?.map((f) => f.name)).toEqual(["headline", "subline", "image", "imageAlt", "action"]);
    expect(types.cta?.map((f) => f.name)).toEqual(["heading", "text", "label", "campaign"]);
    expect(
      Object.values(types)
        .flat()
        .map((f) => f?.name),
    ).not.toContain("type");
    // A text block's text is rich text with the page body's toolbar (no "Heading 1").
    expect(types.text?.[0]).toMatchObject({ name: "body", widget: "markdown" });
    expect(types.text?.[0]?.buttons).not.toContain("heading-one");
    expect(types.services?.find((f) => f.name === "cards")?.fields?.find((f) => f.name === "icon")?.widget).toBe(
      "select",
    );
    expect(types.hero?.[0]?.label).toBe(language === "de" ? "Schlagzeile" : "Headline");
  }
});

it("per-language files and the locale folders follow the locale table; a staged language is not started with a new page", () => {
  const config = editorConfig(LOCALES, undefined);
  expect(config.i18n).toEqual({
    structure: "multiple_folders",
    locales: ["en", "de"],
    default_locale: "en",
    initial_locales: ["en", "de"],
  });
  const staged = { ...LOCALES[1], code: "fr", prefix: "/fr", ogLocale: "fr_FR", dateLocale: "fr-FR", published: false };
  expect(editorConfig([...LOCALES, staged], undefined).i18n).toMatchObject({
    locales: ["en", "de", "fr"],
    initial_locales: ["en", "de"],
  });
  expect(config.collections[0]).toMatchObject({ folder: "content/{{locale}}/pages", extension: "md" });
  const files = (config.collections[1]?.files ?? []) as { file: string; fields: EditorField[] }[];
  expect(files.map((f) => f.file)).toEqual([
    "content/{{locale}}/home.yaml",
    "content/{{locale}}/common.yaml",
    "content/{{locale}}/form.yaml",
  ]);
  const badges = field(field(files[0]?.fields ?? [], "hero")?.fields ?? [], "badges");
  expect(badges).toMatchObject({ widget: "list", min: 3, max: 3 });
});

it("the repository host is a setting: GitHub with an OAuth helper, GitLab and Gitea with PKCE", () => {
  expect(
    editorConfig(LOCALES, { backend: "github", repo: "acme/site", authEndpoint: "https://auth.acme.org" }).backend,
  ).toEqual({
    name: "github",
    repo: "acme/site",
    branch: "main",
    base_url: "https://auth.acme.org",
  });
  expect(editorConfig(LOCALES, { backend: "gitlab", repo: "acme/site", appId: "abc123" }).backend).toMatchObject({
    name: "gitlab",
    app_id: "abc123",
    auth_type: "pkce",
  });
  expect(
    editorConfig(LOCALES, { backend: "gitea", repo: "acme/site", baseUrl: "https://git.acme.org", appId: "abc" })
      .backend,
  ).toMatchObject({
    name: "gitea",
    base_url: "https://git.acme.org",
    api_root: "https://git.acme.org/api/v1",
  });
});

it("online, the note after a save links to the branch's commits, where the host marks each with its build's result", () => {
  expect(buildsPage(undefined)).toBeUndefined();
  expect(buildsPage({ backend: "github", repo: "acme/site", authEndpoint: "https://auth.acme.org" })).toBe(
    "https://github.com/acme/site/commits/main",
  );
  expect(buildsPage({ backend: "gitlab", repo: "acme/web/site", branch: "live" })).toBe(
    "https://gitlab.com/acme/web/site/-/commits/live",
  );
  expect(buildsPage({ backend: "gitea", repo: "acme/site", baseUrl: "https://git.acme.org", branch: "a/b" })).toBe(
    "https://git.acme.org/acme/site/commits/branch/a/b",
  );
});

it("every field of every form has its German label beside its definition, and the German forms use them", () => {
  type Node = {
    properties?: Record<string, Node>;
    items?: Node;
    anyOf?: Node[];
    pattern?: string;
    maxLength?: number;
    "x-messages"?: Record<string, string>;
    "x-labels"?: Record<string, { title?: string; messages?: Record<string, string> }>;
  };
  /** The kinds of message the editor shows for a field (fields.ts, textPattern), and whether German has each. */
  const untranslated = (node: Node, own: Node, path: string): string[] => {
    const english = node["x-messages"] ?? {};
    const german = { ...own["x-labels"]?.de?.messages, ...node["x-labels"]?.de?.messages };
    const missing =
      (node.pattern !== undefined &&
        (english.string_format ?? english.format) !== undefined &&
        (german.string_format ?? german.format) === undefined) ||
      (node.pattern === undefined && node.maxLength !== undefined && english.max_length && !german.max_length);
    return missing ? [`${path} (message)`] : [];
  };
  const unlabelled = (node: Node, path: string): string[] => [
    ...(node.anyOf ?? []).flatMap((option) => unlabelled(option, path)),
    ...Object.entries(node.properties ?? {}).flatMap(([key, child]) => [
      ...(child["x-labels"]?.de?.title ? [] : [`${path}.${key}`]),
      ...untranslated(child, child, `${path}.${key}`),
      ...unlabelled(child, `${path}.${key}`),
      ...(child.items
        ? [...untranslated(child.items, child, `${path}.${key}[]`), ...unlabelled(child.items, `${path}.${key}[]`)]
        : []),
    ]),
  ];
  for (const [name, { schema }] of Object.entries(FORMATS))
    expect(unlabelled(jsonSchemaOf(schema) as Node, name), name).toEqual([]);
  for (const name of ["cta", "callout", "video"])
    expect(unlabelled(jsonSchemaOf(COMPONENTS[name]?.attributes as z.ZodType) as Node, name)).toEqual([]);

  const german = editorConfig(LOCALES, undefined, "de");
  expect(german.collections.map((collection) => collection.label)).toEqual(["Seiten", "Website-Texte", "Firma"]);
  expect(field(pageFields(german), "imageAlt")).toMatchObject({
    label: "Alternativtext des Bildes",
    hint: expect.stringContaining("Was das Bild zeigt"),
  });
  expect(field(pageFields(german), "title")?.pattern?.[1]).toMatch(/^darf höchstens 60 Zeichen lang sein/);
});

it("a call to action's campaign is a choice of site.yaml's campaigns, each by its name and code, in both interface languages", async () => {
  const ctaCampaign = (config: Config) =>
    field(pageFields(config), "blocks")
      ?.types?.find((type) => type.name === "cta")
      ?.fields?.find((f) => f.name === "campaign");
  // The campaign fixture's site.yaml, loaded as the build loads it, with a third campaign an author's team added.
  const copy = campaignContent({
    "site.yaml": `${readFileSync("content/site.yaml", "utf8").trimEnd()}\n\n${readFileSync("tests/fixtures/campaign/campaigns.yaml", "utf8").trimEnd()}\n  - code: autumn-event\n    name: Autumn event\n`,
  });
  const { site } = await loadContent(copy.dir).finally(() => copy.cleanup());
  for (const language of ["en", "de"] as const) {
    const campaign = ctaCampaign(editorConfig(site.locales, undefined, language, site.campaigns));
    expect(campaign).toMatchObject({
      widget: "select",
      label: language === "de" ? "Kampagne" : "Campaign",
      options: [
        { label: "AI readiness workshop, spring 2026 (ai-readiness-2026)", value: "ai-readiness-2026" },
        { label: "RAG webinar (webinar-rag)", value: "webinar-rag" },
        { label: "Autumn event (autumn-event)", value: "autumn-event" },
      ],
      // Chosen once, on the default language's tab, and written into each language's file.
      i18n: "duplicate",
    });
    expect(campaign?.pattern).toBeUndefined();
  }
  // A site without campaigns: the field stays text with the code's rule (and the build says the list is missing).
  const plain = ctaCampaign(editorConfig(LOCALES, undefined, "de"));
  expect(plain).toMatchObject({ widget: "string" });
  expect(plain?.pattern?.[1]).toMatch(/^muss ein Kampagnencode aus site.yaml sein/);
});

it("the toolbar's forms check a call to action's target against the site's pages and a video's id, before a save", () => {
  for (const language of ["en", "de"] as const) {
    const forms = componentForms(language, ["insights", "insights/rag-agents"]);
    const [to, message] = forms.cta.fields.find((field) => field.name === "to")?.pattern ?? [];
    const target = new RegExp(to ?? "^$");
    for (const good of ["booking", "#contact", "home", "impressum", "insights", "insights/rag-agents#sources"])
      expect(target.test(good), good).toBe(true);
    for (const bad of ["insights/chatbot-roi", "https://example.com", "Insights", "booking#x"])
      expect(target.test(bad), bad).toBe(false);
    expect(message).toContain("insights, insights/rag-agents");
    const [id] = forms.video.fields.find((field) => field.name === "id")?.pattern ?? [];
    expect(new RegExp(id ?? "^$").test("dQw4w9WgXcQ")).toBe(true);
    expect(new RegExp(id ?? "^$").test("https://youtu.be/dQw4w9WgXcQ")).toBe(false);
  }
  expect(componentForms("de", []).cta.label).toBe("Handlungsaufruf");
});
