import type { PageContext, PreviewImage } from "./context.ts";

/**
 * The one place that decides a page's preview image: its front matter's image when it has a raster one
 * (link previews do not show SVG), else the site's card, described by the language's hero headline, which
 * is what the card shows. og:image, its size and alt, twitter:image and the JSON-LD image all read this,
 * so a new source of preview images (one rendered per page) is a change here alone. Its url is absolute.
 */
export function preview({
  route,
  copy,
  assets,
  siteUrl,
  content,
  preview: card,
}: Pick<PageContext, "route" | "copy" | "assets" | "siteUrl" | "content" | "preview">): PreviewImage {
  // The page's own link-preview card (or its own image, when its front matter asks for that).
  if (card) return { ...card, url: `${siteUrl}${card.url}` };
  const image = route.page?.image;
  const alt = route.page?.meta.imageAlt;
  if (image && alt && image.fallback.type !== "image/svg+xml") {
    const { fallback } = image;
    // The fallback is the largest width; its height follows the image's own aspect ratio.
    return {
      url: `${siteUrl}${fallback.url}`,
      width: fallback.width,
      height: Math.round((fallback.width * image.height) / image.width),
      alt,
    };
  }
  return {
    url: `${siteUrl}${assets.ogImage}`,
    ...assets.ogImageSize,
    alt: `${content.site.company.name}: ${copy.home.hero.headline}`,
  };
}
