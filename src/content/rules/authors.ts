import { ImageProblem } from "../../images/problem.ts";
import type { ImageSet } from "../../images/types.ts";
import { ContentError } from "../read/errors.ts";
import { locateImage, meantImage } from "./media.ts";
import { say } from "../../shared/messages/catalogue.ts";
import type { ContentFolder, YamlSource } from "../read/folder.ts";
import type { Site } from "../schemas/index.ts";
import { didYouMean } from "../read/suggest.ts";
import type { ImageService, Page } from "../types.ts";

/** The photos of site.yaml's authors, processed, by author name; and the files they use (for content/media/'s check). */
export async function authorPhotos(
  folder: ContentFolder,
  site: Site,
  source: YamlSource | undefined,
  images: ImageService | undefined,
  errors: ContentError[],
): Promise<{ photos: Map<string, ImageSet>; used: string[] }> {
  const photos = new Map<string, ImageSet>();
  const used: string[] = [];
  for (const [index, author] of (site.authors ?? []).entries()) {
    if (author.photo === undefined) continue;
    const at = { line: source?.lineOf(["authors", index, "photo"]), keyPath: `authors[${index}].photo` };
    const location = locateImage(author.photo, folder.root, folder);
    const file = source?.file ?? "content/site.yaml";
    // A photo is always a shared image (site.yaml's schema wants /media/…): said as a block's image is.
    const src = author.photo;
    if (location.where === "outside")
      errors.push(new ContentError(file, say("blockImageOutside", { src, shared: true }), at));
    else if (location.where === "missing") {
      const meant = meantImage(location.path, src, folder);
      errors.push(new ContentError(file, say("blockImageMissing", { src, shared: location.shared, meant }), at));
    } else {
      used.push(location.path);
      if (!images) continue;
      try {
        photos.set(author.name, await images.process(location.path));
      } catch (error) {
        if (!(error instanceof ImageProblem)) throw error;
        errors.push(new ContentError(file, say("blockImageRefused", { src, detail: error.detail }), at));
      }
    }
  }
  return { photos, used };
}

/**
 * A page's author that is almost one of site.yaml's authors is a typo: "Jana Webber" would be shown without the
 * role and photo, and search engines would see two people. A name far from every listed one is a guest author,
 * shown as written.
 */
export function authorProblems(pages: readonly Page[], site: Site): ContentError[] {
  const names = (site.authors ?? []).map((author) => author.name);
  return pages.flatMap((page) => {
    const written = page.meta.author;
    if (written === undefined || names.includes(written)) return [];
    const meant = didYouMean(written, names);
    return meant
      ? [
          new ContentError(page.file, say("unknownAuthor", { written, meant }), {
            line: page.keyLines.author,
            keyPath: "author",
          }),
        ]
      : [];
  });
}
