import { ImageProblem } from "../../images/problem.ts";
import type { ImageSet } from "../../images/types.ts";
import { ContentError } from "../read/errors.ts";
import { locateImage, missingWhere, OUTSIDE_MEDIA } from "./media.ts";
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
    if (location.where === "outside") errors.push(new ContentError(file, `${author.photo} ${OUTSIDE_MEDIA}`, at));
    else if (location.where === "missing")
      errors.push(
        new ContentError(file, `${author.photo} is missing: ${missingWhere(location, author.photo, folder)}`, at),
      );
    else {
      used.push(location.path);
      if (!images) continue;
      try {
        photos.set(author.name, await images.process(location.path));
      } catch (error) {
        if (!(error instanceof ImageProblem)) throw error;
        errors.push(new ContentError(file, `the image ${author.photo} ${error.detail}`, at));
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
          new ContentError(
            page.file,
            `"${written}" is not one of site.yaml's authors: did you mean "${meant}"? (a name not listed there is shown as written, without role or photo)`,
            { line: page.keyLines.author, keyPath: "author" },
          ),
        ]
      : [];
  });
}
