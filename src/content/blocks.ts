// A campaign page's blocks, read: each text block's Markdown rendered with the components every page has, each
// image a block shows located and processed, each call to action's campaign checked against site.yaml's list.
// The blocks' shapes are checked before this, by the page schema (schemas/blocks.ts).
import { ImageProblem } from "../images/problem.ts";
import type { ImageSet } from "../images/types.ts";
import { fillFacts, type MarkdownOptions, renderMarkdown } from "./markdown/render.ts";
import { ContentError, ContentErrors, keyPathToString } from "./read/errors.ts";
import type { ContentFolder, YamlSource } from "./read/folder.ts";
import { locateImage, meantImage } from "./rules/media.ts";
import { targetProblem } from "./markdown/directives/targets.ts";
import { type Said, say } from "../shared/messages/catalogue.ts";
import { campaignSaid } from "../shared/verdict/blocks.ts";
import type { Block, Site } from "./schemas/index.ts";
import type { ImageService, LoadedBlock } from "./types.ts";

export interface BlockPlace {
  /** The page's folder on disk, where ./ images are looked for. */
  dir: string;
  folder: ContentFolder;
  languages: readonly string[];
  site: Site;
  components: MarkdownOptions["components"];
  images?: ImageService;
}

/** Every image a block shows, with its key path below the block ("image", "logos[2].image"). */
function imagesOf(block: Block): { src: string; path: (string | number)[] }[] {
  if (block.type === "hero") return [{ src: block.image, path: ["image"] }];
  if (block.type === "quote" && block.photo !== undefined) return [{ src: block.photo, path: ["photo"] }];
  if (block.type === "logos")
    return block.logos.map((logo, index) => ({ src: logo.image, path: ["logos", index, "image"] }));
  return [];
}

/** Every page a block links to, with its key path below the block: the hero's action, the services' cards. */
function linksOf(block: Block): { to: string; path: (string | number)[] }[] {
  if (block.type === "hero") return [{ to: block.action.to, path: ["action", "to"] }];
  if (block.type === "services")
    return block.cards.flatMap((card, index) => (card.link ? [{ to: card.link, path: ["cards", index, "link"] }] : []));
  return [];
}

/** The call to action's campaign, where site.yaml's campaigns do not list it (shared/verdict's rule). */
const campaignProblem = (block: Block, site: Site): Said | undefined =>
  block.type === "cta"
    ? campaignSaid(
        block.campaign,
        (site.campaigns ?? []).map((campaign) => campaign.code),
      )
    : undefined;

export async function loadBlocks(
  blocks: readonly Block[],
  source: YamlSource,
  body: string,
  place: BlockPlace,
): Promise<{ blocks: LoadedBlock[]; images: string[]; shadowed: string[]; frames: string[] }> {
  const { file } = source;
  const errors: ContentError[] = [];
  const at = (path: (string | number)[]) => ({ line: source.lineOf(path), keyPath: keyPathToString(path) });
  // The page's text is its blocks: a Markdown text below the front matter would silently not be shown.
  if (body.trim() !== "") errors.push(new ContentError(file, say("blockText", {}), at(["blocks"])));
  const used: string[] = [];
  const shadowed: string[] = [];
  const frames: string[] = [];
  const loaded = await Promise.all(
    blocks.map(async (block, index): Promise<LoadedBlock> => {
      const problem = campaignProblem(block, place.site);
      if (problem) errors.push(new ContentError(file, problem, at(["blocks", index, "campaign"])));
      // A link to no page is refused here, with its line and a did-you-mean, as a menu's or a component's is.
      const pageKeys = place.components?.pageKeys;
      for (const { to, path } of pageKeys ? linksOf(block) : []) {
        const nowhere = targetProblem(to, pageKeys as ReadonlySet<string>);
        if (nowhere) errors.push(new ContentError(file, nowhere, at(["blocks", index, ...path])));
      }
      const pictures: Record<string, ImageSet> = {};
      for (const { src, path } of imagesOf(block)) {
        const where = at(["blocks", index, ...path]);
        const location = locateImage(src, place.dir, place.folder, place.languages);
        if (location.where === "outside") {
          errors.push(new ContentError(file, say("blockImageOutside", { src, shared: location.shared }), where));
          continue;
        }
        if (location.where === "missing") {
          const meant = meantImage(location.path, src, place.folder);
          errors.push(new ContentError(file, say("blockImageMissing", { src, shared: location.shared, meant }), where));
          continue;
        }
        used.push(location.path);
        if (location.instead) shadowed.push(location.instead);
        if (!place.images) continue;
        try {
          pictures[src] = await place.images.process(location.path);
        } catch (error) {
          if (!(error instanceof ImageProblem)) throw error;
          errors.push(new ContentError(file, say("blockImageRefused", { src, detail: error.detail }), where));
        }
      }
      if (block.type !== "text") return { block, pictures };
      // A block scalar (body: |) starts on the line below its key.
      const firstLine = (source.lineOf(["blocks", index, "body"]) ?? 0) + 1;
      try {
        const rendered = await renderMarkdown(fillFacts(block.body, place.site, file, firstLine), {
          file,
          firstLine,
          place: { dir: place.dir, folder: place.folder, languages: place.languages },
          image: place.images?.markdownImage,
          components: place.components,
        });
        used.push(...rendered.images);
        shadowed.push(...rendered.shadowed);
        frames.push(...rendered.frames);
        return { block, pictures, html: rendered.html };
      } catch (error) {
        if (error instanceof ContentError) errors.push(error);
        else if (error instanceof ContentErrors) errors.push(...error.errors);
        else throw error;
        return { block, pictures };
      }
    }),
  );
  if (errors.length > 0) throw new ContentErrors(errors);
  return { blocks: loaded, images: used, shadowed, frames: [...new Set(frames)] };
}
