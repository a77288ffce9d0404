import { existsSync, readdirSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { ContentError, ContentErrors, keyPathToString } from "./errors.ts";
import type { ImageService, Lang, Page } from "./load.ts";
import { fillFacts, renderMarkdown } from "./markdown.ts";
import { readMarkdown, type YamlSource } from "./read.ts";
import { pageSchema, type PageMeta, type Site } from "./schemas.ts";

/** Every .md file below a folder, as paths relative to it with forward slashes, sorted for a stable order. */
function markdownFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".md"))
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .sort();
}

/** "insights/index.md" -> "insights" (a section), "insights/rag.md" -> "insights/rag". */
const keyOf = (relativePath: string) => relativePath.replace(/\.md$/, "").replace(/(^|\/)index$/, "");

function validateMeta(source: YamlSource): PageMeta {
  const result = pageSchema.safeParse(source.data ?? {});
  if (result.success) return result.data;
  throw new ContentErrors(
    result.error.issues.map(
      (issue) =>
        new ContentError(source.file, issue.message, {
          line: source.lineOf(issue.path as PropertyKey[]),
          keyPath: keyPathToString(issue.path as PropertyKey[]) || "(top level)",
        }),
    ),
  );
}

async function loadPage(root: string, lang: Lang, relativePath: string, keys: Set<string>, site: Site, images?: ImageService): Promise<Page> {
  const path = join(root, lang, "pages", relativePath);
  const source = readMarkdown(path);
  const file = source.frontMatter.file;
  const key = keyOf(relativePath);
  if (key === "") throw new ContentError(file, "the home page comes from home.yaml; a page needs a name of its own, e.g. pages/about.md");
  const meta = validateMeta(source.frontMatter);
  const body = fillFacts(source.body, site, file, source.bodyLine);
  const rendered = await renderMarkdown(body, { file, firstLine: source.bodyLine, baseDir: dirname(path), image: images?.markdownImage });
  let image: Page["image"];
  if (meta.image !== undefined && images) {
    const imagePath = join(dirname(path), meta.image);
    if (!existsSync(imagePath)) throw new ContentError(file, `no image file ${meta.image} next to this page`, { line: source.frontMatter.lineOf(["image"]), keyPath: "image" });
    image = await images.process(imagePath);
    if (meta.linkPreview === "image" && image.fallback.type === "image/svg+xml") {
      throw new ContentError(file, "needs a PNG or JPEG image (social networks do not show SVG): change image, or remove linkPreview", { line: source.frontMatter.lineOf(["linkPreview"]), keyPath: "linkPreview" });
    }
  }
  // The nearest folder above the page that has an index.md.
  const ancestors = key.split("/").slice(0, -1).map((_, index, parts) => parts.slice(0, index + 1).join("/"));
  const section = ancestors.reverse().find((ancestor) => keys.has(ancestor) && ancestor !== key);
  return { key, lang, file, source: path, isSection: relativePath === "index.md" || relativePath.endsWith("/index.md"), section, meta, ...rendered, image };
}

/** One page read again after its file changed (npm run dev), with everything else as it was. */
export function reloadPage(root: string, page: Page, pages: Page[], site: Site, images?: ImageService): Promise<Page> {
  const relativePath = relative(join(root, page.lang, "pages"), page.source).split(sep).join("/");
  return loadPage(root, page.lang, relativePath, new Set(pages.map((other) => other.key)), site, images);
}

/**
 * Every language's pages/ folder. A page must exist in every language under the same path (its translation
 * may set another slug): one missing is reported naming the file that exists and the one that does not.
 */
export async function loadPages(root: string, langs: readonly Lang[], displayPath: (path: string) => string, site: Site, images?: ImageService): Promise<Page[]> {
  const filesByLang = new Map(langs.map((lang) => [lang, markdownFiles(join(root, lang, "pages"))]));
  const errors: ContentError[] = [];
  const all = new Set([...filesByLang.values()].flat());
  for (const relativePath of all) {
    const present = langs.filter((lang) => filesByLang.get(lang)?.includes(relativePath));
    for (const lang of langs.filter((lang) => !present.includes(lang))) {
      const existing = displayPath(join(root, present[0] ?? "", "pages", relativePath));
      errors.push(new ContentError(existing, `has no counterpart in ${lang}: ${displayPath(join(root, lang, "pages", relativePath))} is missing`));
    }
  }
  const keys = new Set([...all].map(keyOf));
  const results = await Promise.allSettled(
    langs.flatMap((lang) => (filesByLang.get(lang) ?? []).map((relativePath) => loadPage(root, lang, relativePath, keys, site, images))),
  );
  const pages: Page[] = [];
  for (const result of results) {
    if (result.status === "fulfilled") pages.push(result.value);
    else if (result.reason instanceof ContentError) errors.push(result.reason);
    else if (result.reason instanceof ContentErrors) errors.push(...result.reason.errors);
    else throw result.reason;
  }
  // A section lists its pages newest first and feeds them by date: each needs one.
  for (const page of pages) {
    if (page.section !== undefined && !page.isSection && page.meta.date === undefined) {
      errors.push(new ContentError(page.file, "a page in a section needs a date (YYYY-MM-DD): its list and feed are ordered by it", { keyPath: "date" }));
    }
  }
  if (errors.length > 0) throw new ContentErrors(errors);
  return pages;
}
