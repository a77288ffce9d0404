import { pictureMarkup } from "../images/markup.ts";
import type { ImageSet } from "../images/types.ts";

/** A processed image (see pipeline/images/processor.ts), as the Markdown pipeline's pictureHast renders it. */
export function Picture({
  image,
  alt,
  eager = false,
  sizes,
}: {
  image: ImageSet;
  alt: string;
  eager?: boolean;
  sizes?: string;
}) {
  const { sources, img } = pictureMarkup(image, alt, { eager, sizes });
  // biome-ignore lint/a11y/useAltText: alt is in the spread; pictureMarkup always sets it
  const fallback = <img {...img} />;
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
