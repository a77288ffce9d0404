import { digestOf } from "../../cache/digest.ts";
import { sourceKey } from "../../cache/source-key.ts";
import { readKnownGood, writeKnownGood } from "./known-good.ts";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { asExpected, type Problem } from "../../content/read/errors.ts";
import { findInvisible, nameOf } from "../../content/read/guards.ts";
import { HOST_FILES } from "../../host/policy.ts";
import type { RouteModel } from "../../routes/model.ts";
import type { Route } from "../../routes/route.ts";
import { Blame, type Origin, outputProblem } from "./blame.ts";
import { type BuiltImage, checkBudgets } from "./budgets.ts";
import { checkFeed } from "./feeds.ts";
import { checkHostFiles, type HostFilesExpectation } from "./host-files.ts";
import { checkSitemap } from "./sitemap.ts";
import { type PageIds, StructuredDataCheck } from "./structured-data.ts";

/** The page an XML file's text is about at `index`: the last <loc> or <id> before it names its URL. */
const routeInXml = (text: string, model: RouteModel, siteUrl: string, fallback?: Route) => (index: number) => {
  const url = [...text.slice(0, index).matchAll(/<(?:loc|id)>([^<]*)/g)].at(-1)?.[1];
  return model.routes.find((route) => `${siteUrl}${route.path}` === url) ?? fallback;
};

export interface Outputs {
  dir: string;
  model: RouteModel;
  siteUrl: string;
  /** The pages written, as files under dir. */
  pages: readonly string[];
  /** Each feed written: its file under dir and its text. */
  feeds: ReadonlyMap<string, string>;
  host: HostFilesExpectation;
  images: readonly BuiltImage[];
  /**
   * Where the hashes of the feeds that passed are kept between builds: a feed whose exact bytes passed before is
   * known good (parsing every entry's HTML is most of what these checks cost on a large site).
   */
  cacheFile?: string;
  /**
   * Pages an incremental build kept from the last one, byte for byte, which passed these checks then: their
   * JSON-LD ids (recorded then) take part in the check of references; their text is not read again.
   */
  kept?: { files: ReadonlySet<string>; ids: Readonly<Record<string, PageIds>> };
  /**
   * The digest of what every page reads (incremental/digests.ts, sharedDigest): the sitemap and the host files are
   * checked against the route model, so they are known good only with the same bytes and the same shared data.
   */
  shared?: string;
}

/** What the checks found, and each page's JSON-LD ids (for the next build's `kept`). */
export interface OutputsChecked {
  problems: Problem[];
  ids: Record<string, PageIds>;
}

const hashOf = (text: string) => digestOf(text).slice(0, 32);
/** A check's own source is part of its files' keys: a stricter check reads every file again. */
const checkSource = (...files: string[]) =>
  sourceKey({ sources: files.map((file) => new URL(`./${file}`, import.meta.url)) }).slice(0, 32);
const FEED_CHECK = checkSource("feeds.ts", "xml.ts");
const SITE_FILES_CHECK = checkSource("sitemap.ts", "xml.ts", "host-files.ts", "outputs.ts");

/**
 * A character no text of the site may hold (the content guards' list: controls, bidi overrides, zero-width
 * characters, noncharacters), reported where the text around it came from.
 */
function invisibleProblem(
  text: string,
  file: string,
  from: Route | undefined | ((index: number) => Route | undefined) | Origin,
  blame: Blame,
): Problem | undefined {
  const found = findInvisible(text);
  if (!found) return undefined;
  const route = typeof from === "function" ? from(found.index) : from && "kind" in from ? from : undefined;
  const start = Math.max(text.lastIndexOf("\n", found.index) + 1, found.index - 80);
  const end = Math.min(...[text.indexOf("\n", found.index), found.index + 80].filter((at) => at >= 0));
  const around = text
    .slice(start, end)
    .replace(/<[^>]*>?/g, " ")
    .replace(/&[#\w]+;/g, " ")
    .split(found.char)
    .map((part) => part.trim())
    .sort((a, b) => b.length - a.length)[0];
  const origin =
    from && typeof from === "object" && !("kind" in from) ? from : blame.of(around ?? "", blame.filesOf(route));
  return outputProblem(
    origin,
    file,
    `holds the invisible character ${nameOf(found.char)}, which no text of the site may hold`,
    "characters",
  );
}

/** The files about the whole site: the sitemap, robots.txt and the host files (undefined: not written). */
interface SiteFiles {
  sitemap: string;
  robots: string;
  host: (readonly [string, string | undefined])[];
}

function siteFileProblems(
  files: SiteFiles,
  { dir, model, siteUrl, host, blame }: Pick<Outputs, "dir" | "model" | "siteUrl" | "host"> & { blame: Blame },
): Problem[] {
  const problems: Problem[] = [];
  const add = (problem: Problem | undefined) => {
    if (problem) problems.push(problem);
  };
  add(invisibleProblem(files.sitemap, "sitemap.xml", routeInXml(files.sitemap, model, siteUrl), blame));
  problems.push(...checkSitemap(files.sitemap, { model, blame, siteUrl }));
  add(invisibleProblem(files.robots, "robots.txt", undefined, blame));
  const site = blame.filesOf(undefined).slice(0, 1);
  const { delivery } = model.content.site.form;
  const editor = model.content.site.editor;
  const origins = {
    delivery: blame.of(delivery, site),
    editor: blame.of(editor?.baseUrl ?? editor?.authEndpoint ?? editor?.repo ?? "editor", site),
    page: (path: string) => {
      const route = host.framed.some((page) => page.path === path)
        ? model.routes.find((candidate) => candidate.path === path)
        : undefined;
      return route ? blame.of("::video", blame.filesOf(route)) : undefined;
    },
    alias: (from: string) => {
      const redirect = model.redirects.find((candidate) =>
        [candidate.from, decodeURIComponent(candidate.from)].includes(from),
      );
      return redirect ? blame.of(redirect.from, [redirect.file]) : undefined;
    },
  };
  for (const [file, text] of files.host) {
    if (text === undefined) continue;
    add(invisibleProblem(text, file, file === HOST_FILES.nginxAdminHeaders ? origins.editor : origins.delivery, blame));
  }
  problems.push(...checkHostFiles(dir, host, origins));
  return problems;
}

/**
 * Every file the build writes besides what html-validate and the link checks read, checked as its readers read it:
 * each page's JSON-LD, the feeds and the sitemap by an XML parser, the host files by the hosts' readers, the cards
 * and images against their budgets, and every text file for characters no text may hold. Each problem names the
 * content file (and line) behind the value and the built file it is in.
 */
export async function checkOutputs({
  dir,
  model,
  siteUrl,
  pages,
  feeds,
  host,
  images,
  cacheFile,
  kept,
  shared,
}: Outputs): Promise<OutputsChecked> {
  const passedBefore = readKnownGood(cacheFile);
  const passing: string[] = [];
  const blame = new Blame(model);
  const problems: Problem[] = [];
  const add = (problem: Problem | undefined) => {
    if (problem) problems.push(problem);
  };
  const byFile = new Map(model.routes.map((route) => [route.file, route]));

  const structured = new StructuredDataCheck(blame);
  const pageIds: Record<string, PageIds> = {};
  for (const file of pages) {
    const route = byFile.get(file);
    const known = kept?.files.has(file) ? kept.ids[file] : undefined;
    if (route && known) {
      structured.known(file, route, known);
      pageIds[file] = known;
      continue;
    }
    try {
      const html = readFileSync(join(dir, file), "utf8");
      add(invisibleProblem(html, file, route, blame));
      if (route) pageIds[file] = structured.page(html, file, route);
    } catch (error) {
      throw asExpected(error, "checking the page made from", route?.sources[0] ?? file);
    }
  }
  problems.push(...structured.finish());

  for (const [file, xml] of feeds) {
    const section = model.routes.find((route) => route.feed === `/${file}`);
    const hash = hashOf(`${FEED_CHECK}\n${file}\n${xml}`);
    passing.push(hash);
    if (passedBefore.has(hash)) continue;
    try {
      add(invisibleProblem(xml, file, routeInXml(xml, model, siteUrl, section), blame));
      if (section) problems.push(...checkFeed(xml, file, section, { model, blame, siteUrl }));
    } catch (error) {
      throw asExpected(error, "checking the feed of", section?.sources[0] ?? file);
    }
  }
  const siteFiles: SiteFiles = {
    sitemap: readFileSync(join(dir, "sitemap.xml"), "utf8"),
    robots: readFileSync(join(dir, "robots.txt"), "utf8"),
    host: Object.values(HOST_FILES).map((file) => {
      try {
        return [file, readFileSync(join(dir, file), "utf8")] as const;
      } catch {
        return [file, undefined] as const;
      }
    }),
  };
  // The same bytes, made from the same shared data, passed before.
  const siteFilesKey = shared && hashOf(JSON.stringify([SITE_FILES_CHECK, shared, siteUrl, host, siteFiles]));
  if (siteFilesKey) passing.push(siteFilesKey);
  if (!siteFilesKey || !passedBefore.has(siteFilesKey))
    problems.push(...siteFileProblems(siteFiles, { dir, model, siteUrl, host, blame }));
  problems.push(...(await checkBudgets(images, (image) => blame.of(image.value, blame.filesOf(image.route())))));
  if (cacheFile && problems.length === 0) {
    // Only this build's feeds: the file stays as large as the site.
    writeKnownGood(cacheFile, passing);
  }
  return { problems, ids: pageIds };
}

/**
 * npm run dev's one-page rebuild: only the page's text changed, so only that page's characters and its section's
 * feeds (which carry its full text) are checked again.
 */
export function checkOnePage(
  { model, siteUrl }: { model: RouteModel; siteUrl: string },
  page: { file: string; html: string; route: Route },
  feeds: ReadonlyMap<string, string>,
): Problem[] {
  const blame = new Blame(model);
  const problems: Problem[] = [];
  const invisible = invisibleProblem(page.html, page.file, page.route, blame);
  if (invisible) problems.push(invisible);
  for (const [file, xml] of feeds) {
    const section = model.routes.find((route) => route.feed === `/${file}`);
    if (!section) continue;
    const found = invisibleProblem(xml, file, routeInXml(xml, model, siteUrl, section), blame);
    if (found) problems.push(found);
    problems.push(...checkFeed(xml, file, section, { model, blame, siteUrl, contentOf: page.route.path }));
  }
  return problems;
}
