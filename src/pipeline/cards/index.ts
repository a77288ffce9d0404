import pLimit from "p-limit";
import { createHash, randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import sharp from "sharp";
import type { PreviewImage } from "../../components/context.ts";
import type { RouteModel } from "../../routes/model.ts";
import type { Route } from "../../routes/route.ts";
import { sourceKey } from "../../cache-keys/source-key.ts";
import { type Brand, brandOf } from "./brand.ts";
import type { CardText } from "./card.tsx";
import { CARD_HEIGHT, CARD_WIDTH } from "./layout.ts";
import { drawCard, PNG_OPTIONS } from "./draw.tsx";
import { FONT_VERSION } from "./fonts.ts";
import { cardTextOf } from "./text.ts";
import { cardRefusal } from "./budget.ts";
import { asExpected, ContentError } from "../../content/read/errors.ts";

/** Where the cards are served: /assets/preview-<page>-<hash>.png, content-hashed like every other built file. */
const PREVIEW_PREFIX = "assets/preview-";

/**
 * Everything that shapes a card's pixels besides its text and brand. The drawing code's own source is part of
 * it, so a change to the design redraws every card without anyone remembering to bump a version.
 */
const RENDERER = sourceKey({
  sources: ["layout.ts", "card.tsx", "fit.tsx", "long-words.ts", "draw.tsx", "fonts.ts", "../../text/hyphenate.ts"].map(
    (file) => new URL(`./${file}`, import.meta.url),
  ),
  packages: ["satori"],
  from: import.meta.url,
  values: [sharp.versions, FONT_VERSION, PNG_OPTIONS],
});

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
  const cachedNames = cardsIn(resolve(cacheDir));
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
        const key = keyOf(text, brand);
        const cached = await cachedCard(resolve(cacheDir), cachedNames, key, text, brand, previews);
        const output = `${PREVIEW_PREFIX}${nameOf(route)}-${bytesHashOf(cached)}.png`;
        previews.outputs.set(output, cached);
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
  return previews;
}

function keyOf(text: CardText, brand: Brand): string {
  return createHash("sha256").update(RENDERER).update(JSON.stringify({ text, brand })).digest("hex").slice(0, 32);
}

/**
 * The cards in the cache, by key. A card is kept as <key>-<hash of its bytes>.png: its address in dist/ carries
 * the hash of its bytes like every other built file, so a change to the renderer's code that draws the same
 * pixels leaves every card's address as it was; a build reads a card back once to hold it to that hash.
 */
function cardsIn(cacheDir: string): Map<string, string> {
  let names: string[] = [];
  try {
    names = readdirSync(cacheDir);
  } catch {
    // no cache yet
  }
  const cards = new Map<string, string>();
  for (const name of names) {
    const match = /^([0-9a-f]{32})-[0-9a-f]{8}\.png$/.exec(name);
    if (match?.[1]) cards.set(match[1], name);
  }
  return cards;
}

/** The hash of a cached card's bytes, from its name in the cache. */
const bytesHashOf = (cached: string) => /-([0-9a-f]{8})\.png$/.exec(cached)?.[1] ?? "";

/** The cached PNG for `key`, drawn on a miss; written under a private name and renamed, so no build sees half a file. */
async function cachedCard(
  cacheDir: string,
  cached: Map<string, string>,
  key: string,
  text: CardText,
  brand: Brand,
  { counts, damaged }: Pick<Previews, "counts" | "damaged">,
): Promise<string> {
  const name = cached.get(key);
  if (name) {
    // Damage from outside (a restore, a disk, a tool writing through dist/assets' hard links) is never published:
    // a card whose bytes no longer match the hash in its name is dropped and drawn again.
    const bytes = await readFile(join(cacheDir, name)).catch(() => undefined);
    if (bytes && createHash("sha256").update(bytes).digest("hex").slice(0, 8) === bytesHashOf(name)) {
      counts.fromCache++;
      return join(cacheDir, name);
    }
    damaged.push(`the card ${name} ${bytes ? "has changed since it was drawn" : "cannot be read"}`);
    await rm(join(cacheDir, name), { force: true });
  }
  const png = await drawCard(text, brand);
  const file = join(cacheDir, `${key}-${createHash("sha256").update(png).digest("hex").slice(0, 8)}.png`);
  await mkdir(cacheDir, { recursive: true });
  const scratch = `${file}.${process.pid}-${randomUUID()}.tmp`;
  try {
    await writeFile(scratch, png);
    await rename(scratch, file);
  } finally {
    await rm(scratch, { force: true });
  }
  counts.drawn++;
  return file;
}

/** The warning for a card not drawn, at the value that caused it: the hero headline, or the page's or section's title. */
function refusalWarning(route: Route, model: RouteModel, text: CardText, refusal: string): ContentError {
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
  return new ContentError(file, `${refusal}: the page shares the site's generic link preview`, {
    line,
    keyPath: path.join("."),
  });
}
