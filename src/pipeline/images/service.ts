import type { ImageService } from "../../content/types.ts";
import { ImageProcessor, pictureHast } from "./processor.ts";

/**
 * What the content loader needs to turn image files into responsive images, backed by one ImageProcessor
 * per build. Images in a page's text sit in the prose column (at most about 720 px wide). All are lazy:
 * a page's first screen paints from its HTML alone, and an image near the top starts loading with the
 * first layout anyway.
 */
/** A build's images: one per build, shared by every step and thread of it. */
export interface BuildImages {
  service: ImageService;
  processor: ImageProcessor;
}

export function imageService(cacheDir: string): BuildImages {
  const processor = new ImageProcessor({ cacheDir });
  return {
    processor,
    service: {
      process: (path) => processor.process(path),
      markdownImage: async (image) => {
        // The content loader found the portrait variant the author drew for phones, if any.
        const narrow = image.narrow === undefined ? undefined : await processor.process(image.narrow);
        return pictureHast(await processor.process(image.path), image.alt, {
          eager: false,
          sizes: "(min-width: 800px) 720px, calc(100vw - 40px)",
          narrow,
        });
      },
    },
  };
}
