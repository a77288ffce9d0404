import { digestOf } from "../cache/digest.ts";
import { dirname, join, relative, sep } from "node:path";
import { ImageProblem } from "../images/problem.ts";
import { asExpected, ContentError, ContentErrors } from "./read/errors.ts";
import { issueErrors } from "./read/issues.ts";
import { loadJobs, pageCacheKey } from "./read/page-cache.ts";
import type { ImageService, Lang, MissingPage, Page, PageCache, PageThreads } from "./types.ts";
import { fillFacts, renderMarkdown } from "./markdown/render.ts";
import { type ImageLocation, locateImage, meantImage } from "./rules/media.ts";
import type { ContentFolder, YamlSource } from "./read/folder.ts";
import { addressProblems, pageAddresses } from "./rules/addresses.ts";
import { PAGE_PATH, reservedReasonSaid } from "./rules/reserved.ts";
import { say } from "../shared/messages/catalogue.ts";
import { slugOf } from "./rules/slug.ts";
import { defaultLocale, languagesOf } from "./locales.ts";
import { originalOf, sharedSchedules, withOriginalSchedule } from "./rules/schedule.ts";
import { chooseVariants } from "./markdown/variants.ts";
import { blockPartsOf, structureOf } from "./rules/structure.ts";
import { loadBlocks } from "./blocks.ts";
import { type Common, pageSchema, type PageMeta, type Site } from "./schemas/index.ts";

/**
 * Every .md file below a folder, as paths relative to it with forward slashes, sorted for a stable order.
 * A symbolic link to a file is read like the file (and refused if it leads outside content/); a link to a
 * folder is refused, since its pages would otherwise silently not exist.
 */
function markdownFiles(content: ContentFolder, folder: string, errors: ContentError[]): string[] {
  const files: string[] = [];
  for (const entry of content.list(folder, { recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isSymbolicLink() && content.linksToFolder(path)) {
      errors.push(new ContentError(content.display(path), say("linkToFolder", {})));
    } else if ((entry.isFile() || entry.isSymbolicLink()) && entry.name.endsWith(".md")) {
      files.push(relative(folder, path).split(sep).join("/"));
    }
  }
  return files.sort();
}

/** The folders above a page's key, outermost first: "a/b/c" -> ["a", "a/b"]. */
const ancestorsOf = (key: string) =>
  key
    .split("/")
    .slice(0, -1)
    .map((_, index, parts) => parts.slice(0, index + 1).join("/"));

/**
 * The sections whose index.md says draft: true, as "lang key": their pages are drafts too. Read before the pages,
 * so that a build without drafts encodes none of their images; a file that cannot be read here is reported by the
 * pages' own pass.
 */
function draftSectionsOf(folder: ContentFolder, filesByLang: Map<Lang, string[]>): Set<string> {
  const drafts = new Set<string>();
  for (const [lang, files] of filesByLang)
    for (const relativePath of files.filter((file) => file === "index.md" || file.endsWith("/index.md"))) {
      try {
        const { data } = folder.readMarkdown(join(folder.root, lang, "pages", relativePath)).frontMatter;
        if ((data as { draft?: unknown } | null)?.draft === true) drafts.add(`${lang} ${keyOf(relativePath)}`);
      } catch {
        // reported when the page itself is read
      }
    }
  return drafts;
}

/** "insights/index.md" -> "insights" (a section), "insights/rag.md" -> "insights/rag". */
const keyOf = (relativePath: string) => relativePath.replace(/\.md$/, "").replace(/(^|\/)index$/, "");

function validateMeta(source: YamlSource): PageMeta {
  const result = pageSchema.safeParse(source.data ?? {});
  if (result.success) return result.data;
  throw new ContentErrors(issueErrors(pageSchema, source, result.error.issues));
}

/** The front matter's image, processed; every problem names the page, the line of image: and the key. */
async function frontMatterImage(
  location: ImageLocation | undefined,
  meta: PageMeta,
  source: YamlSource,
  images: ImageService | undefined,
  folder: ContentFolder,
): Promise<Page["image"]> {
  if (meta.image === undefined || location === undefined) return undefined;
  const at = { line: source.lineOf(["image"]), keyPath: "image" };
  const { path: imagePath, where, shared } = location;
  const src = meta.image;
  if (where === "outside") throw new ContentError(source.file, say("blockImageOutside", { src, shared }), at);
  if (where === "missing")
    throw new ContentError(
      source.file,
      shared
        ? say("blockImageMissing", { src, shared, meant: meantImage(imagePath, src, folder) })
        : say("noImageFile", { src }),
      at,
    );
  if (!images) return undefined;
  try {
    const image = await images.process(imagePath);
    if (meta.linkPreview === "image" && image.fallback.type === "image/svg+xml") {
      throw new ContentError(source.file, say("previewNeedsRaster", {}), {
        line: source.lineOf(["linkPreview"]),
        keyPath: "linkPreview",
      });
    }
    return image;
  } catch (error) {
    if (error instanceof ImageProblem)
      throw new ContentError(source.file, say("blockImageRefused", { src, detail: error.detail }), at);
    throw error;
  }
}

/** A file name an address can use, made by the one slug maker segment by segment: "Über uns.md" -> "ueber-uns.md". */
function fileNameHint(relativePath: string, file: string): string {
  const lang = file.split("/").at(-1 - relativePath.split("/").length - 1);
  return relativePath
    .replace(/\.md$/, "")
    .split("/")
    .map((segment) => slugOf(segment, lang) || "page")
    .join("/")
    .concat(".md");
}

/** The page's address below its language prefix must be a clean URL, and none the build writes itself. */
function checkAddress(
  key: string,
  meta: PageMeta,
  source: YamlSource,
  relativePath: string,
  prefixes: readonly string[],
): void {
  if (!PAGE_PATH.test(key)) {
    throw new ContentError(
      source.file,
      say("fileNameNoAddress", { name: relativePath, hint: fileNameHint(relativePath, source.file) }),
    );
  }
  // A slug or url is checked once every page's address is known (addresses.ts).
  const reason = reservedReasonSaid(key, prefixes);
  if (reason && meta.slug === undefined && meta.url === undefined)
    throw new ContentError(
      source.file,
      say("reservedAddress", { origin: { kind: "file", value: relativePath }, reason }),
    );
}

/** The line of each front matter key, and of each entry of a list ("tags[1]"). */
function keyLines(source: YamlSource): Record<string, number> {
  const lines: Record<string, number> = {};
  for (const [key, value] of Object.entries((source.data ?? {}) as Record<string, unknown>)) {
    const line = source.lineOf([key]);
    if (line !== undefined) lines[key] = line;
    if (Array.isArray(value))
      value.forEach((_, index) => {
        const at = source.lineOf([key, index]);
        if (at !== undefined) lines[`${key}[${index}]`] = at;
      });
  }
  return lines;
}

/** Each language's common.yaml, where it could be read (components take their words from it). */
export type PageCopy = Record<Lang, Common | undefined>;

export async function loadPage(
  folder: ContentFolder,
  lang: Lang,
  relativePath: string,
  keys: Set<string>,
  site: Site,
  copy: PageCopy,
  images?: ImageService,
  draftSections?: ReadonlySet<string>,
): Promise<Page> {
  const path = join(folder.root, lang, "pages", relativePath);
  const source = folder.readMarkdown(path);
  const file = source.frontMatter.file;
  const key = keyOf(relativePath);
  if (key === "") throw new ContentError(file, say("homePageFile", {}));
  const meta = validateMeta(source.frontMatter);
  // A draft (by its own front matter or a section's above it) that this build leaves out has no image encoded:
  // its files would reach dist/assets/ under hashed names that no page shows. The images are still checked.
  const leftOut =
    draftSections !== undefined &&
    (meta.draft === true || ancestorsOf(key).some((ancestor) => draftSections.has(`${lang} ${ancestor}`)));
  if (leftOut) images = undefined;
  const isSection = relativePath === "index.md" || relativePath.endsWith("/index.md");
  if (meta.pageSize !== undefined && !isSection) {
    throw new ContentError(file, say("pageSizeOfSection", {}), {
      line: source.frontMatter.lineOf(["pageSize"]),
      keyPath: "pageSize",
    });
  }
  const prefixes = site.locales.map((locale) => locale.prefix.slice(1)).filter(Boolean);
  checkAddress(key, meta, source.frontMatter, relativePath, prefixes);
  const body = fillFacts(chooseVariants(source.body, site, file, source.bodyLine), site, file, source.bodyLine);
  const imageLocation =
    meta.image === undefined ? undefined : locateImage(meta.image, dirname(path), folder, languagesOf(site.locales));
  const common = copy[lang];
  // Without its language's common.yaml (whose errors are reported) the components are left out, not refused.
  const components = common
    ? { copy: common.components, newTab: common.newTab, schedulingUrl: site.schedulingUrl, pageKeys: keys }
    : null;
  // A campaign page is made of its blocks (schemas/blocks.ts) and has no Markdown text of its own.
  const blocks = meta.blocks
    ? loadBlocks(meta.blocks, source.frontMatter, body, {
        dir: dirname(path),
        folder,
        languages: languagesOf(site.locales),
        site,
        components,
        images,
      })
    : undefined;
  // All are tried, so that a refused image in the text does not hide one in the front matter.
  const [rendered, image, loadedBlocks] = await Promise.allSettled([
    renderMarkdown(blocks ? "" : body, {
      file,
      firstLine: source.bodyLine,
      place: { dir: dirname(path), folder, languages: languagesOf(site.locales) },
      image: images?.markdownImage,
      components,
    }),
    frontMatterImage(imageLocation, meta, source.frontMatter, images, folder),
    blocks,
  ]);
  if (rendered.status === "rejected" || image.status === "rejected" || loadedBlocks.status === "rejected") {
    throw new ContentErrors(
      [rendered, image, loadedBlocks].flatMap((result) =>
        result.status === "rejected" ? errorsOf(result.reason) : [],
      ),
    );
  }
  // The nearest folder above the page that has an index.md.
  const section = ancestorsOf(key)
    .reverse()
    .find((ancestor) => keys.has(ancestor) && ancestor !== key);
  const { html, headings, outline } = rendered.value;
  const fromBlocks = loadedBlocks.value;
  const shown = [...rendered.value.images, ...(fromBlocks?.images ?? [])];
  const shadowed = [...rendered.value.shadowed, ...(fromBlocks?.shadowed ?? [])];
  const frames = [...new Set([...rendered.value.frames, ...(fromBlocks?.frames ?? [])])];
  const ids = new Map(outline.map((heading) => [heading.line, heading.id]));
  const lines = keyLines(source.frontMatter);
  const parts = [...blockPartsOf(meta, lines), ...structureOf(folder.text(path))].map((part) => {
    const id = ids.get(part.line);
    return id === undefined ? part : { ...part, id };
  });
  const used = imageLocation ? [...shown, imageLocation.path] : shown;
  const instead = imageLocation?.instead ? [...shadowed, imageLocation.instead] : shadowed;
  return {
    key,
    lang,
    file,
    source: path,
    isSection,
    section,
    meta,
    keyLines: lines,
    html,
    headings,
    ...(fromBlocks ? { blocks: fromBlocks.blocks } : {}),
    parts,
    frames,
    image: image.value,
    images: used,
    ...(instead.length > 0 ? { shadowed: instead } : {}),
    ...(leftOut ? { imagesLeftOut: true as const } : {}),
  };
}

function errorsOf(reason: unknown): ContentError[] {
  if (reason instanceof ContentError) return [reason];
  if (reason instanceof ContentErrors) return reason.errors;
  throw reason;
}

/** One page read again after its file changed (npm run dev), with everything else as it was. */
export function reloadPage(
  folder: ContentFolder,
  page: Page,
  pages: Page[],
  site: Site,
  copy: PageCopy,
  images?: ImageService,
): Promise<Page> {
  const relativePath = relative(join(folder.root, page.lang, "pages"), page.source)
    .split(sep)
    .join("/");
  const reference = defaultLocale(site.locales).code;
  return loadPage(folder, page.lang, relativePath, new Set(pages.map((other) => other.key)), site, copy, images).then(
    (reloaded) => withOriginalSchedule(reloaded, originalOf(reloaded, pages, reference)),
    (error: unknown) => {
      throw asExpected(error, "reading", page.file);
    },
  );
}

/** What loading a page of one language reads besides its file: the site's facts, its common copy, the page keys. */
const contextOf = (
  site: Site,
  common: Common | undefined,
  keys: Set<string>,
  draftSections: ReadonlySet<string> | undefined,
) =>
  // Hashed once here, not with every page's key: with a thousand pages the context is as long as the site's list.
  digestOf(
    JSON.stringify({
      site,
      common,
      keys: [...keys].sort(),
      draftSections: draftSections && [...draftSections].sort(),
    }),
  );

/**
 * Every language's pages/ folder. A page may exist in some languages only (its translation, where there is
 * one, lies under the same path and may set another slug): each language it lacks is returned as a
 * MissingPage, for npm run check and for sites whose site.yaml says translations: complete.
 */
export async function loadPages(
  folder: ContentFolder,
  langs: readonly Lang[],
  site: Site,
  copy: PageCopy,
  images?: ImageService,
  { drafts = true, pageCache, threads }: { drafts?: boolean; pageCache?: PageCache; threads?: PageThreads } = {},
): Promise<{ pages: Page[]; missing: MissingPage[] }> {
  const errors: ContentError[] = [];
  const filesByLang = new Map(
    langs.map((lang) => [lang, markdownFiles(folder, join(folder.root, lang, "pages"), errors)]),
  );
  const all = new Set([...filesByLang.values()].flat());
  const fileIn = (lang: Lang, relativePath: string) => folder.display(join(folder.root, lang, "pages", relativePath));
  const missing: MissingPage[] = [];
  for (const relativePath of [...all].sort()) {
    const present = langs.filter((lang) => filesByLang.get(lang)?.includes(relativePath));
    for (const lang of langs.filter((lang) => !present.includes(lang))) {
      missing.push({ file: fileIn(present[0] ?? "", relativePath), lang, missing: fileIn(lang, relativePath) });
    }
  }
  const keys = new Set([...all].map(keyOf));
  const draftSections = drafts ? undefined : draftSectionsOf(folder, filesByLang);
  // What loading a page reads besides its file, per language (see page-cache.ts).
  const contexts = new Map(langs.map((lang) => [lang, contextOf(site, copy[lang], keys, draftSections)]));
  const jobs = langs.flatMap((lang) => (filesByLang.get(lang) ?? []).map((relativePath) => ({ lang, relativePath })));
  const results = (
    await loadJobs(jobs, {
      local: ({ lang, relativePath }) => loadPage(folder, lang, relativePath, keys, site, copy, images, draftSections),
      cache: pageCache,
      keyOf: ({ lang, relativePath }) =>
        pageCacheKey(
          join(folder.root, lang, "pages", relativePath),
          lang,
          relativePath,
          contexts.get(lang) ?? "",
          pageCache?.fileDigest?.(`${lang}/pages/${relativePath}`),
        ),
      threads,
      context: { root: folder.root, keys: [...keys], site, copy, draftSections: draftSections && [...draftSections] },
    })
  ).map((result, index): PromiseSettledResult<Page> => {
    if (result.status === "fulfilled") return result;
    const { lang, relativePath } = jobs[index] as (typeof jobs)[number];
    return {
      status: "rejected",
      reason: asExpected(result.reason, "reading", folder.display(join(folder.root, lang, "pages", relativePath))),
    };
  });
  const read: Page[] = [];
  for (const result of results) {
    if (result.status === "fulfilled") read.push(result.value);
    else errors.push(...errorsOf(result.reason));
  }
  // Nothing goes live before its original: a translation shares the schedule it does not write itself.
  const pages = sharedSchedules(read, defaultLocale(site.locales).code);
  // A page belongs to the nearest folder above it that is a section in any language; in a language where
  // that section has no index.md, the page would be in no list: the author adds the index or moves the page.
  for (const page of pages) {
    if (page.section === undefined || filesByLang.get(page.lang)?.includes(`${page.section}/index.md`)) continue;
    const elsewhere = langs.find((lang) => filesByLang.get(lang)?.includes(`${page.section}/index.md`)) ?? "";
    errors.push(
      new ContentError(
        page.file,
        say("sectionWithoutIndex", {
          section: page.section,
          lang: page.lang,
          index: fileIn(page.lang, `${page.section}/index.md`),
          original: fileIn(elsewhere, `${page.section}/index.md`),
        }),
      ),
    );
  }
  const prefixes = site.locales.map((locale) => locale.prefix.slice(1)).filter(Boolean);
  errors.push(...addressProblems(pages, pageAddresses(pages), prefixes));
  if (errors.length > 0) throw new ContentErrors(errors);
  return { pages, missing };
}
