import { join } from "node:path";
import type { z } from "zod";
import { ContentError, ContentErrors, keyPathToString } from "./errors.ts";
import { fill, unfilled } from "./interpolate.ts";
import { fillFacts, renderMarkdown, type Heading } from "./markdown.ts";
import { checkParity } from "./parity.ts";
import { readMarkdown, readYaml, setContentRoot, type YamlSource } from "./read.ts";
import {
  commonSchema,
  formSchema,
  homeSchema,
  impressumSchema,
  privacySchema,
  siteSchema,
  type Common,
  type FormCopy,
  type Home,
  type Site,
} from "./schemas.ts";

export const LANGS = ["en", "de"] as const;
export type Lang = (typeof LANGS)[number];

export interface LegalDocument {
  title: string;
  description: string;
  html: string;
  headings: Heading[];
}

export interface LangContent {
  common: Common;
  home: Home;
  form: FormCopy;
  privacy: LegalDocument;
}

export interface ImpressumSection {
  lang: Lang;
  heading: string;
  html: string;
}

export interface Content {
  site: Site;
  langs: Record<Lang, LangContent>;
  impressum: { title: string; description: string; sections: ImpressumSection[] };
}

/** The YAML files every language has, by the name the loader gives them. */
const LANG_FILES = { common: "common.yaml", home: "home.yaml", form: "form.yaml" } as const;

function validate<T>(schema: z.ZodType<T>, source: YamlSource, errors: ContentError[]): T | undefined {
  const result = schema.safeParse(source.data ?? {});
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const path = issue.path as PropertyKey[];
    errors.push(
      new ContentError(source.file, issue.message, {
        line: source.lineOf(path),
        keyPath: keyPathToString(path) || "(top level)",
      }),
    );
  }
  return undefined;
}

/** Collects ContentErrors thrown by one step so that every broken file is reported in one run. */
function attempt<T>(errors: ContentError[], step: () => T): T | undefined {
  try {
    return step();
  } catch (error) {
    if (error instanceof ContentError) errors.push(error);
    else if (error instanceof ContentErrors) errors.push(...error.errors);
    else throw error;
    return undefined;
  }
}

function fillFormCopy(form: FormCopy, site: Site, file: string, errors: ContentError[]): FormCopy {
  const { limits, throttle } = site.form;
  const messages = Object.fromEntries(
    Object.entries(form.errors).map(([fieldName, byRule]) => [
      fieldName,
      Object.fromEntries(
        Object.entries(byRule).map(([rule, message]) => [
          rule,
          fill(message, limits[fieldName as keyof typeof limits] as Record<string, number>),
        ]),
      ),
    ]),
  ) as FormCopy["errors"];
  const filled: FormCopy = {
    ...form,
    errors: messages,
    toasts: {
      ...form.toasts,
      wait: { ...form.toasts.wait, text: fill(form.toasts.wait.text, { seconds: throttle.minGapMs / 1000 }) },
      notSent: { ...form.toasts.notSent, text: fill(form.toasts.notSent.text, { email: site.company.email }) },
    },
  };
  // {email} stays: the page turns it into a mailto link.
  reportUnfilled({ ...filled, emailAlternative: "" }, file, errors);
  return filled;
}

/** Any {name} left after filling would reach the page as typed: an author's typo, reported as an error. */
function reportUnfilled(copy: unknown, file: string, errors: ContentError[]): void {
  for (const name of new Set(unfilled(JSON.stringify(copy)))) {
    errors.push(new ContentError(file, `unknown placeholder {${name}}: nothing fills it in this file`));
  }
}

function loadLegal(file: string, site: Site, errors: ContentError[]): LegalDocument | undefined {
  const source = attempt(errors, () => readMarkdown(file));
  if (!source) return undefined;
  const meta = validate(privacySchema, source.frontMatter, errors);
  const body = attempt(errors, () => fillFacts(source.body, site, source.frontMatter.file, source.bodyLine));
  if (!meta || body === undefined) return undefined;
  return { ...meta, ...renderMarkdown(body) };
}

function loadImpressum(root: string, site: Site, errors: ContentError[]): Content["impressum"] | undefined {
  const source = attempt(errors, () => readMarkdown(join(root, "impressum.md")));
  if (!source) return undefined;
  const meta = validate(impressumSchema, source.frontMatter, errors);
  const body = attempt(errors, () => fillFacts(source.body, site, source.frontMatter.file, source.bodyLine));
  if (!meta || body === undefined) return undefined;
  // The body holds one part per language, each introduced by <!-- section: de --> and the like.
  const parts = body.split(/<!--\s*section:\s*(\w+)\s*-->/).slice(1);
  const byLang = new Map<string, string>();
  for (let index = 0; index < parts.length; index += 2) byLang.set(parts[index] ?? "", parts[index + 1] ?? "");
  const sections: ImpressumSection[] = [];
  for (const { lang, heading } of meta.sections) {
    const markdown = byLang.get(lang);
    if (markdown === undefined) {
      errors.push(new ContentError(source.frontMatter.file, `no "<!-- section: ${lang} -->" part in the body`, { keyPath: "sections" }));
      continue;
    }
    sections.push({ lang, heading, html: renderMarkdown(markdown).html });
  }
  return { title: meta.title, description: meta.description, sections };
}

/**
 * Reads and checks everything under content/. Throws ContentErrors listing every problem found
 * (file, line, key path), so a build never renders half-valid content.
 */
export function loadContent(root = "content"): Content {
  const errors: ContentError[] = [];
  setContentRoot(root);
  const siteSource = attempt(errors, () => readYaml(join(root, "site.yaml")));
  const site = siteSource && validate(siteSchema, siteSource, errors);
  // A phone number must never break across lines, wherever it is shown.
  if (site) site.company.phone = site.company.phone.replace(/ /g, "\u00a0");

  const sources = Object.fromEntries(
    LANGS.map((lang) => [
      lang,
      Object.fromEntries(
        Object.entries(LANG_FILES).map(([key, name]) => [key, attempt(errors, () => readYaml(join(root, lang, name)))]),
      ),
    ]),
  ) as Record<Lang, Record<keyof typeof LANG_FILES, YamlSource | undefined>>;

  for (const key of Object.keys(LANG_FILES) as (keyof typeof LANG_FILES)[]) {
    const [en, de] = [sources.en[key], sources.de[key]];
    if (en && de) errors.push(...checkParity(en, de));
  }

  const langs = {} as Record<Lang, LangContent>;
  for (const lang of LANGS) {
    const files = sources[lang];
    const common = files.common && validate(commonSchema, files.common, errors);
    const home = files.home && validate(homeSchema, files.home, errors);
    const form = files.form && validate(formSchema, files.form, errors);
    const privacy = site && loadLegal(join(root, lang, "datenschutz.md"), site, errors);
    if (site && common && home && form && privacy) {
      common.footer.copyright = fill(common.footer.copyright, { year: site.copyrightYear, company: site.company.name });
      reportUnfilled(common, files.common?.file ?? "", errors);
      reportUnfilled(home, files.home?.file ?? "", errors);
      langs[lang] = { common, home, form: fillFormCopy(form, site, files.form?.file ?? "", errors), privacy };
    }
  }

  const impressum = site && loadImpressum(root, site, errors);
  if (errors.length > 0 || !site || !impressum) throw new ContentErrors(errors);
  return { site, langs, impressum };
}
