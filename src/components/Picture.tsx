import { pictureMarkup } from "../images/markup.ts";
import type { ImageSet } from "../images/types.ts";

/** A processed image (see pipeline/images/processor.ts), as the Markdown pipeline's pictureHast renders it. */
export function Picture({
  image,
  alt,
  eager = false,
  priority = false,
  sizes,
}: {
  image: ImageSet;
  alt: string;
  eager?: boolean;
  /** The page's LCP image (a campaign page's hero): fetched before other images. */
  priority?: boolean;
  sizes?: string;
}) {
  const { sources, img } = pictureMarkup(image, alt, { eager, sizes });
  // React 18 writes an attribute as named: fetchpriority in lowercase, as HTML has it.
  const attributes = priority ? { ...img, fetchpriority: "high" } : img;
  // biome-ignore lint/a11y/useAltText: alt is in the spread; pictureMarkup always sets it
  const fallback = <img {...attributes} />;
  if (sources.length === 0) return fallback;
  return (
    <picture>
      {sources.map((source) => (
        <source key={`${source.media ?? ""} ${source.type}`} {...source} />
      ))}
      {fallback}
    </picture>
  );
}
