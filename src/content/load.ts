import { existsSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import { targetSaid } from "./markdown/directives/targets.ts";
import { say } from "../shared/messages/catalogue.ts";
import { asExpected, ContentError, ContentErrors, keyPathToString } from "./read/errors.ts";
import { fill, unfilled } from "./rules/interpolate.ts";
import { issueErrors } from "./read/issues.ts";
import { defaultLocale } from "./locales.ts";
import { fillFacts, renderMarkdown } from "./markdown/render.ts";
import { unusedMedia } from "./rules/media.ts";
import { structureWarnings } from "./rules/structure.ts";
import { loadPages } from "./pages.ts";
import { readPublished } from "./rules/published.ts";
import { telOf } from "./rules/phone.ts";
import { countryCode } from "./schemas/country.ts";
import { menuDifferences } from "./rules/menus.ts";
import { reservedNameReason } from "./rules/reserved.ts";
import { authorPhotos, authorProblems } from "./rules/authors.ts";
import {
  type Content,
  type ImageService,
  type ImpressumSection,
  LANG_FILES,
  type Lang,
  type LangContent,
  type Page,
  type PageCache,
  type PageThreads,
} from "./types.ts";
import { lastCommitDates } from "./read/history.ts";
import { checkParity, withDefaults } from "./rules/parity.ts";
import { ContentFolder, type YamlSource } from "./read/folder.ts";
import {
  commonSchema,
  formSchema,
  homeSchema,
  impressumSchema,
  localesSchema,
  siteSchema,
  type Common,
  type FormCopy,
  type Site,
} from "./schemas/index.ts";

export interface LoadOptions {
  images?: ImageService;
  /** Load the staged languages (published: false) too: npm run dev and npm run check. */
  staged?: boolean;
  /** Pages kept from an earlier build (npm run build's incremental builds). */
  pageCache?: PageCache;
  /** Other threads to read a large site's pages with (the build's). */
  threads?: PageThreads;
  /** Whether drafts are built (npm run dev, preview builds): without, no draft's image is encoded. Default true. */
  drafts?: boolean;
}

/** Each language file's schema, by the name the loader gives the file. */
const LANG_SCHEMAS: Record<keyof typeof LANG_FILES, z.ZodType> = {
  common: commonSchema,
  home: homeSchema,
  form: formSchema,
};

/** The placeholders the build fills in common.yaml's newer pages.* texts ({title} in the others, see below). */
const PAGE_COPY_PLACEHOLDERS: Record<string, Record<string, string>> = {
  scheduled: { date: "" },
  expired: { date: "" },
  updated: { date: "" },
  byline: { name: "" },
};

function validate<T>(schema: z.ZodType<T>, source: YamlSource, errors: ContentError[]): T | undefined {
  const result = schema.safeParse(source.data ?? {});
  if (result.success) return result.data;
  errors.push(...issueErrors(schema, source, result.error.issues));
  return undefined;
}

/** A step's ContentErrors, collected so that every broken file is reported in one run; anything else is thrown on. */
function collected(errors: ContentError[], error: unknown): undefined {
  if (error instanceof ContentError) errors.push(error);
  else if (error instanceof ContentErrors) errors.push(...error.errors);
  else throw error;
  return undefined;
}

/** Runs one step, collecting its ContentErrors (see collected). */
function attempt<T>(errors: ContentError[], step: () => T): T | undefined {
  try {
    return step();
  } catch (error) {
    return collected(errors, error);
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
    errors.push(new ContentError(file, say("unfilledPlaceholder", { name })));
  }
}

async function loadImpressum(
  folder: ContentFolder,
  site: Site,
  errors: ContentError[],
): Promise<Content["impressum"] | undefined> {
  const source = attempt(errors, () => folder.readMarkdown(join(folder.root, "impressum.md")));
  if (!source) return undefined;
  const file = source.frontMatter.file;
  const meta = validate(impressumSchema, source.frontMatter, errors);
  const body = attempt(errors, () => fillFacts(source.body, site, file, source.bodyLine));
  if (!meta || body === undefined) return undefined;
  // The body holds one part per language, each introduced by <!-- section: de --> and the like.
  const parts = body.split(/<!--\s*section:\s*([\w-]+)\s*-->/);
  const byLang = new Map<string, { markdown: string; line: number }>();
  let line = source.bodyLine + (parts[0] ?? "").split("\n").length - 1;
  for (let index = 1; index < parts.length; index += 2) {
    const markdown = parts[index + 1] ?? "";
    byLang.set(parts[index] ?? "", { markdown, line });
    line += markdown.split("\n").length - 1;
  }
  const sections: ImpressumSection[] = [];
  for (const [index, { lang, heading }] of meta.sections.entries()) {
    const part = byLang.get(lang);
    if (!site.locales.some((locale) => locale.code === lang)) {
      errors.push(
        new ContentError(file, say("impressumNoLanguage", { lang }), {
          line: source.frontMatter.lineOf(["sections", index, "lang"]),
          keyPath: `sections[${index}].lang`,
        }),
      );
    } else if (part === undefined) {
      errors.push(new ContentError(file, say("impressumNoSection", { lang }), { keyPath: "sections" }));
    } else {
      const rendered = await attemptAsync(errors, () =>
        renderMarkdown(part.markdown, { file, firstLine: part.line, headingsBelow: 2 }),
      );
      if (rendered) sections.push({ lang, heading, html: rendered.html });
    }
  }
  return { title: meta.title, description: meta.description, file, sections };
}

/** Where each menu entry of a language's common.yaml leads, by its key path. */
const menuTargets = (common: Common): [PropertyKey[], string][] => [
  ...common.header.nav.map((link, index): [PropertyKey[], string] => [["header", "nav", index, "to"], link.to]),
  ...common.footer.nav.map((link, index): [PropertyKey[], string] => [["footer", "nav", index, "to"], link.to]),
  ...common.footer.links.map((link, index): [PropertyKey[], string] => [["footer", "links", index, "to"], link.to]),
];

/** Every menu entry must lead to a page that exists: "#section", home, impressum or a page's key. */
function checkMenuTargets(
  source: YamlSource | undefined,
  common: Common | undefined,
  pages: Page[],
  sections: string[],
  errors: ContentError[],
): void {
  if (!source || !common) return;
  const keys = new Set(pages.map((page) => page.key));
  const entries: [PropertyKey[], string][] = [
    ...menuTargets(common),
    [["components", "video", "privacy", "to"], common.components.video.privacy.to],
  ];
  for (const [path, to] of entries) {
    // What the author may have meant: a page, or a part of the home page a menu entry (in any language) leads to.
    const problem = targetSaid(to, keys, { alsoMeant: sections });
    if (problem)
      errors.push(
        new ContentError(source.file, problem, { line: source.lineOf(path), keyPath: keyPathToString(path) }),
      );
  }
}

/** The addresses common.yaml names, held to the one table of reserved addresses (host/addresses.ts). */
function checkNamedFolders(source: YamlSource, common: Common, site: Site, errors: ContentError[]): void {
  const prefixes = site.locales.map((locale) => locale.prefix.slice(1)).filter(Boolean);
  for (const key of ["search.path", "tags.path"] as const) {
    const path = key.split(".");
    const name = key === "search.path" ? common.search.path : common.tags.path;
    const reason = reservedNameReason(name, key, prefixes);
    if (reason) errors.push(new ContentError(source.file, reason, { line: source.lineOf(path), keyPath: key }));
  }
}

/** The same for a step that waits. */
async function attemptAsync<T>(errors: ContentError[], step: () => Promise<T>): Promise<T | undefined> {
  try {
    return await step();
  } catch (error) {
    return collected(errors, error);
  }
}

/**
 * Reads and checks everything under content/. Throws ContentErrors listing every problem found
 * (file, line, key path), so a build never renders half-valid content.
 */
export async function loadContent(
  root = "content",
  { images, staged = false, pageCache, threads, drafts = true }: LoadOptions = {},
): Promise<Content> {
  const errors: ContentError[] = [];
  const warnings: ContentError[] = [];
  const menuWarnings: ContentError[] = [];
  const folder = new ContentFolder(root);
  const siteSource = attempt(errors, () => folder.readYaml(join(root, "site.yaml")));
  const validSite = siteSource && validate(siteSchema, siteSource, errors);
  // One fact, one value: the tel: link's number comes from the phone number as written (the schema checked it).
  const site: Site | undefined = validSite && {
    ...validSite,
    company: { ...validSite.company, phoneHref: telOf(validSite.company.phone) ?? "" },
  };
  // The language table alone is enough to check every language's files, so one error in site.yaml
  // does not hide the others.
  const locales =
    site?.locales ?? localesSchema.safeParse((siteSource?.data as { locales?: unknown } | undefined)?.locales).data;
  if (!locales) throw new ContentErrors(errors);
  // legal.country and legal.countryEn are one fact in two languages: they must name the same country.
  if (site) {
    const [german, english] = [countryCode(site.legal.country, "de"), countryCode(site.legal.countryEn, "en")];
    if (german && english && german !== english)
      errors.push(
        new ContentError(
          siteSource?.file ?? "content/site.yaml",
          say("countriesDiffer", { english: site.legal.countryEn, german: site.legal.country }),
          { line: siteSource?.lineOf(["legal", "countryEn"]), keyPath: "legal.countryEn" },
        ),
      );
  }
  // A phone number must never break across lines, wherever it is shown.
  if (site) site.company.phone = site.company.phone.replace(/ /g, "\u00a0");
  // A staged language is left out of a build entirely: its files are not even read.
  const built = locales.filter((locale) => locale.published || staged);
  const reference = defaultLocale(locales).code;
  // The default language first: a page missing elsewhere is named by its file there.
  const codes = built.map((locale) => locale.code).sort((a, b) => Number(b === reference) - Number(a === reference));
  const isStaged = new Set(built.filter((locale) => !locale.published).map((locale) => locale.code));

  const read = (lang: Lang, name: string) => {
    // A staged language may still lack a whole file: the preview shows the default language's.
    if (isStaged.has(lang) && !existsSync(join(root, lang, name))) {
      warnings.push(
        new ContentError(
          folder.display(join(root, lang, name)),
          say("stagedFileMissing", { shown: folder.display(join(root, reference, name)) }),
        ),
      );
      return attempt(errors, () => folder.readYaml(join(root, reference, name)));
    }
    return attempt(errors, () => folder.readYaml(join(root, lang, name)));
  };
  const sources = Object.fromEntries(
    codes.map((lang) => [
      lang,
      Object.fromEntries(Object.entries(LANG_FILES).map(([key, name]) => [key, read(lang, name)])),
    ]),
  ) as Record<Lang, Record<keyof typeof LANG_FILES, YamlSource | undefined>>;

  // Every language is compared with the default one, whose files are the source translators work from. A
  // published language needs every key (its chrome cannot be half translated); a staged one is warned and
  // previewed with the default language's text where its own is missing.
  for (const key of Object.keys(LANG_FILES) as (keyof typeof LANG_FILES)[]) {
    const source = sources[reference]?.[key];
    for (const lang of codes.filter((code) => code !== reference)) {
      const translation = sources[lang]?.[key];
      if (!source || !translation || translation === source) continue;
      const problems = checkParity(source, translation, LANG_SCHEMAS[key]);
      if (!isStaged.has(lang)) errors.push(...problems);
      else {
        warnings.push(...problems.filter((problem) => problem.file === translation.file));
        (sources[lang] as Record<string, YamlSource>)[key] = {
          ...translation,
          data: withDefaults(source.data, translation.data),
        };
      }
    }
  }

  const langs: Record<Lang, LangContent> = {};
  for (const lang of codes) {
    const files: Partial<Record<keyof typeof LANG_FILES, YamlSource>> = sources[lang] ?? {};
    const common = files.common && validate(commonSchema, files.common, errors);
    const home = files.home && validate(homeSchema, files.home, errors);
    const form = files.form && validate(formSchema, files.form, errors);
    if (site && common && home && form) {
      common.footer.copyright = fill(common.footer.copyright, { year: site.copyrightYear, company: site.company.name });
      // {title} in the pages' texts (and {number} in listPageTitle) is filled when a page is rendered; anything else would be a typo.
      const pagesCopy = Object.fromEntries(
        Object.entries(common.pages).map(([name, text]) => [
          name,
          fill(
            text,
            PAGE_COPY_PLACEHOLDERS[name] ?? (name === "listPageTitle" ? { title: "", number: "" } : { title: "" }),
          ),
        ]),
      );
      const tagsCopy = { ...common.tags, title: fill(common.tags.title, { tag: "" }) };
      // {count}, {query} and {language} in the search's words are filled in the browser.
      const searchCopy = JSON.parse(fill(JSON.stringify(common.search), { count: "", query: "", language: "" }));
      reportUnfilled(
        { ...common, pages: pagesCopy, tags: tagsCopy, search: searchCopy },
        files.common?.file ?? "",
        errors,
      );
      reportUnfilled(home, files.home?.file ?? "", errors);
      if (files.common) checkNamedFolders(files.common, common, site, errors);
      const names = { common: files.common?.file ?? "", home: files.home?.file ?? "", form: files.form?.file ?? "" };
      langs[lang] = { common, home, form: fillFormCopy(form, site, names.form, errors), files: names };
    }
  }

  if (!site) throw new ContentErrors(errors);
  const copy = Object.fromEntries(codes.map((lang) => [lang, langs[lang]?.common]));
  const loaded = await attemptAsync(errors, () =>
    loadPages(folder, codes, site, copy, images, { drafts, pageCache, threads }),
  );
  const pages = loaded?.pages;
  const impressum = await loadImpressum(folder, site, errors).catch((error: unknown) => {
    throw asExpected(error, "reading", folder.display(join(root, "impressum.md")));
  });
  if (pages) {
    const sections = codes
      .flatMap((lang) => (langs[lang] ? menuTargets(langs[lang].common).map(([, to]) => to) : []))
      .filter((to) => to.startsWith("#"));
    for (const lang of codes) checkMenuTargets(sources[lang]?.common, langs[lang]?.common, pages, sections, errors);
    const first = sources[reference]?.common;
    const firstCommon = langs[reference]?.common;
    for (const lang of codes.filter((code) => code !== reference)) {
      const source = sources[lang]?.common;
      const common = langs[lang]?.common;
      if (first && firstCommon && source && common && source !== first)
        menuWarnings.push(...menuDifferences({ source: first, common: firstCommon }, { source, common }));
    }
  }
  const published = attempt(errors, () => readPublished(folder)) ?? { entries: [], errors: [] };
  const authors = await authorPhotos(folder, site, siteSource, images, errors);
  if (pages) errors.push(...authorProblems(pages, site));
  errors.push(...published.errors);
  warnings.push(...(published.warnings ?? []));
  if (errors.length > 0 || !impressum || !loaded || !pages) throw new ContentErrors(errors);
  const unused = unusedMedia(folder, [...pages.flatMap((page) => page.images), ...authors.used]);
  // A translation lacking a heading, component or figure of the default language's page: a warning (issue 42).
  warnings.push(...structureWarnings(pages, reference));
  // The bilingual Impressum shows the parts of the languages this build makes.
  const shown = { ...impressum, sections: impressum.sections.filter((section) => codes.includes(section.lang)) };
  return {
    folder,
    site,
    locales: built,
    langs,
    pages,
    impressum: shown,
    lastChanged: lastCommitDates(root),
    unusedMedia: unused,
    missingPages: loaded.missing,
    warnings,
    published: published.entries,
    authorPhotos: authors.photos,
    menuWarnings,
  };
}
