import pLimit from "p-limit";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import type { PreviewImage } from "../../components/context.ts";
import type { RouteModel } from "../../routes/model.ts";
import type { Route } from "../../routes/route.ts";
import { digestOf } from "../../cache/digest.ts";
import { CacheStore } from "../../cache/store.ts";
import { ASSET_DIR } from "../../host/addresses.ts";
import { type Brand, brandOf } from "./brand.ts";
import type { CardText } from "./card.tsx";
import { CARD_HEIGHT, CARD_WIDTH } from "./layout.ts";
import { drawCard, PNG_OPTIONS } from "./draw.tsx";
import { FONT_VERSION } from "./fonts.ts";
import { cardTextOf } from "./text.ts";
import { cardRefusal } from "./budget.ts";
import { asExpected, ContentError } from "../../content/read/errors.ts";
import { type Said, say } from "../../shared/messages/catalogue.ts";

/** Where the cards are served: /assets/preview-<page>-<hash>.png, content-hashed like every other built file. */
const PREVIEW_PREFIX = `${ASSET_DIR}/preview-`;

/**
 * Everything that shapes a card's pixels besides its text and brand. The drawing code's own source is part of
 * it, so a change to the design redraws every card without anyone remembering to bump a version.
 */
const RENDERER = {
  sources: ["layout.ts", "card.tsx", "fit.tsx", "long-words.ts", "draw.tsx", "fonts.ts", "../../text/hyphenate.ts"].map(
    (file) => new URL(`./${file}`, import.meta.url),
  ),
  packages: ["satori"],
  from: import.meta.url,
  values: [sharp.versions, FONT_VERSION, PNG_OPTIONS],
};
/** In each entry: the card. */
const CARD = "card.png";

export interface Previews {
  /** Each page's preview, by its output file (Route.file). */
  byFile: Map<string, PreviewImage>;
  /** Every file the build must write: output path relative to dist -> the cached PNG to copy there. */
  outputs: Map<string, string>;
  counts: { drawn: number; fromCache: number };
  /** One line per damaged cached card found, dropped and drawn again (the build shows them as warnings). */
  damaged: string[];
  /** Pages whose card could not be drawn (too long, or characters the card's font lacks): they share the generic preview. */
  warnings: ContentError[];
  /** Those pages' output files: the build gives them the site's generic card (assets' og-image), drawn by nobody. */
  generic: Set<string>;
}

/** A readable file name: "/de/einblicke/rag-agenten" -> "de-einblicke-rag-agenten"; "/" -> "home", "/de" -> "de-home". */
const nameOf = (route: Route) =>
  [
    route.path
      .replace(/[^a-z0-9]+/gi, "-")
      .replace(/^-+|-+$/g, "")
      .toLowerCase(),
    route.kind === "home" ? "home" : "",
  ]
    .filter(Boolean)
    .join("-");

/**
 * Every indexable page's link preview: the image its front matter chooses (`linkPreview: image`), or a card
 * drawn from its title, section, language and the brand. Cards are cached on disk by a hash of all of that
 * and the renderer, so a build whose titles did not change draws none.
 */
export async function renderPreviews(
  model: RouteModel,
  siteUrl: string,
  { cacheDir, stylesheet }: { cacheDir: string; stylesheet: string },
): Promise<Previews> {
  const brand = brandOf(model.content.site, siteUrl, stylesheet);
  const company = model.content.site.company.name;
  const previews: Previews = {
    byFile: new Map(),
    outputs: new Map(),
    counts: { drawn: 0, fromCache: 0 },
    damaged: [],
    warnings: [],
    generic: new Set(),
  };
  const jobs: (() => Promise<void>)[] = [];
  const cache = new CacheStore(cacheDir, RENDERER);
  for (const route of model.routes) {
    const own = route.page?.meta.linkPreview === "image" ? route.page.image : undefined;
    if (own) {
      previews.byFile.set(route.file, {
        url: own.fallback.url,
        width: own.width,
        height: own.height,
        alt: route.page?.meta.imageAlt ?? "",
      });
      continue;
    }
    const text = cardTextOf(route, model);
    if (!text) continue;
    const refusal = cardRefusal(text);
    if (refusal) {
      // No card: the page's link preview is the site's generic card (the build knows its address), and the author is told.
      previews.warnings.push(refusalWarning(route, model, text, refusal));
      previews.generic.add(route.file);
      continue;
    }
    jobs.push(async () => {
      try {
        const { path, digest } = await cachedCard(cache, text, brand, previews.counts);
        const output = `${PREVIEW_PREFIX}${nameOf(route)}-${digest.slice(0, 8)}.png`;
        previews.outputs.set(output, path);
        const alt = [company, text.section, text.title].filter(Boolean).join(" – ");
        previews.byFile.set(route.file, { url: `/${output}`, width: CARD_WIDTH, height: CARD_HEIGHT, alt });
      } catch (error) {
        throw asExpected(error, "drawing the link-preview card of", route.sources[0] ?? route.file);
      }
    });
  }
  // At most this many at a time: sharp's encoders run on threads, and memory stays bounded on a large site.
  const limit = pLimit(availableParallelism() * 2);
  await Promise.all(jobs.map((job) => limit(job)));
  previews.damaged.push(...cache.damaged);
  return previews;
}

/**
 * The card for this text and brand from the cache, drawn on a miss, and the digest of its bytes: its address in
 * dist/ carries that digest like every other built file, so a change to the renderer's code that draws the same
 * pixels leaves every card's address as it was, and other pixels always get another address.
 */
async function cachedCard(
  cache: CacheStore,
  text: CardText,
  brand: Brand,
  counts: Previews["counts"],
): Promise<{ path: string; digest: string }> {
  const entry = cache.entry("card", JSON.stringify({ text, brand }));
  // A kept card is vouched for by its stamp, not read: 1,071 cards were 72 MB read and hashed on every build.
  const kept = entry.vouch(CARD);
  if (kept !== undefined) {
    counts.fromCache++;
    return { path: entry.path(CARD), digest: kept };
  }
  const png = await drawCard(text, brand);
  entry.write({ [CARD]: png });
  counts.drawn++;
  return { path: entry.path(CARD), digest: digestOf(png) };
}

/** The warning for a card not drawn, at the value that caused it: the hero headline, or the page's or section's title. */
function refusalWarning(route: Route, model: RouteModel, text: CardText, refusal: Said): ContentError {
  const { content } = model;
  const byTitle = cardRefusal({ title: text.title, lang: text.lang }) !== undefined;
  const owner = byTitle ? route : model.sectionOf(route);
  const [file, path] =
    route.kind === "home"
      ? [content.langs[route.lang]?.files.home ?? "", ["hero", "headline"]]
      : route.kind === "impressum"
        ? [content.impressum.file, ["title"]]
        : [owner?.page?.file ?? route.sources[0] ?? "", ["title"]];
  let line: number | undefined;
  try {
    const onDisk = join(content.folder.parent, file);
    const source = file.endsWith(".md")
      ? content.folder.readMarkdown(onDisk).frontMatter
      : content.folder.readYaml(onDisk);
    line = source.lineOf(path);
  } catch {
    // the file was read once already; without it the warning names the file alone
  }
  return new ContentError(file, say("cardGeneric", { reason: refusal }), {
    line,
    keyPath: path.join("."),
  });
}
