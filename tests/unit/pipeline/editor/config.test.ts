import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, expect, it } from "vitest";
import type { EditorField } from "../../../../src/pipeline/editor/fields.ts";
import { editorConfig } from "../../../../src/pipeline/editor/config.ts";

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
  const schemas = join(temp, "src/content/schemas.ts");
  const source = readFileSync(schemas, "utf8");
  const anchor = "    toc: z.boolean().default(false),\n";
  expect(source).toContain(anchor);
  writeFileSync(
    schemas,
    source.replace(
      anchor,
      `${anchor}    teaser: text.max(90, "should be at most 90 characters on the overview").meta({ title: "Teaser", description: "One line for the overview." }),\n`,
    ),
  );
  const copied = (await import(join(temp, "src/pipeline/editor/config.ts"))) as { editorConfig: typeof editorConfig };

  const teaser = field(pageFields(copied.editorConfig(LOCALES, undefined)), "teaser");
  expect(teaser).toEqual({
    name: "teaser",
    label: "Teaser",
    hint: "One line for the overview.",
    widget: "string",
    i18n: true,
    pattern: ["^\\s*[\\s\\S]{0,90}\\s*$", "should be at most 90 characters on the overview"],
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
    "weight",
    "pageSize",
    "summary",
    "author",
    "image",
    "imageAlt",
    "linkPreview",
    "nav",
    "toc",
    "body",
  ]);
  const title = field(fields, "title");
  expect(title?.required).toBeUndefined();
  const [regex = "", message] = title?.pattern ?? [];
  expect(message).toMatch(/^must be at most 60 characters/);
  expect(new RegExp(regex).test("x".repeat(60))).toBe(true);
  expect(new RegExp(regex).test(`  ${"x".repeat(60)}  `)).toBe(true);
  expect(new RegExp(regex).test("x".repeat(61))).toBe(false);
  expect(field(fields, "nav")?.fields?.find((f) => f.name === "menu")).toMatchObject({
    widget: "select",
    options: ["header", "footer"],
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

it("per-language files and the locale folders follow the locale table", () => {
  const config = editorConfig(LOCALES, undefined);
  expect(config.i18n).toEqual({ structure: "multiple_folders", locales: ["en", "de"], default_locale: "en" });
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
