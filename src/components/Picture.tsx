// TEMPORARY stub until the images helper's module lands.
import type { ImageSet } from "../pipeline/images.ts";
export function Picture({ image, alt }: { image: ImageSet; alt: string; eager?: boolean; sizes?: string }) {
  return <img src={image.fallback.url} alt={alt} width={image.width} height={image.height} />;
}
