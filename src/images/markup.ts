import type { Element } from "hast";
import type { ImageSet, ImageVariant } from "./types.ts";

export interface PictureOptions {
  /** True for the first image on the first screen: the browser fetches it at once rather than when it nears the viewport. */
  eager: boolean;
  /** The rendered width as a sizes attribute; by default the image's own width, capped at the viewport's. */
  sizes?: string;
  /** The author's portrait variant (name.narrow.png next to name.png), shown instead up to NARROW_MEDIA. */
  narrow?: ImageSet;
}

/**
 * Where a diagram's narrow variant takes over: up to a large phone held upright (the prose column is then
 * at most 460 px wide, where a landscape diagram's labels shrink below a readable size).
 */
const NARROW_MEDIA = "(max-width: 500px)";

/**
 * The attributes of a <picture>, named as both hast and React name them (srcSet, not srcset), so that
 * pictureHast and <Picture> render the same element from one description.
 * No fetchpriority on the eager image: the first screen's font should get the bandwidth first, and the
 * image does not block the first paint anyway, its box being reserved by width and height.
 */
export interface PictureMarkup {
  /** A narrow variant's sources come first, with its media query and its own size (the box differs). */
  sources: {
    type: "image/avif" | "image/webp" | ImageSet["fallback"]["type"];
    srcSet: string;
    sizes: string;
    media?: string;
    width?: number;
    height?: number;
  }[];
  img: { src: string; width: number; height: number; alt: string; loading: "lazy" | "eager"; decoding: "async" };
}

const srcSet = (variants: ImageVariant[]) => variants.map((variant) => `${variant.url} ${variant.width}w`).join(", ");

/** The <source>s of one image: AVIF and WebP; with `all`, also its fallback (a narrow variant's own PNG or SVG). */
function sourcesOf(set: ImageSet, sizes: string, all: boolean): PictureMarkup["sources"] {
  const formats: [PictureMarkup["sources"][number]["type"], ImageVariant[]][] = [
    ["image/avif", set.avif],
    ["image/webp", set.webp],
  ];
  if (all) formats.push([set.fallback.type, [set.fallback]]);
  return formats
    .filter(([, variants]) => variants.length > 0)
    .map(([type, variants]) => ({ type, srcSet: srcSet(variants), sizes }));
}

export function pictureMarkup(set: ImageSet, alt: string, { eager, sizes, narrow }: PictureOptions): PictureMarkup {
  const slot = sizes ?? `(min-width: ${set.width}px) ${set.width}px, 100vw`;
  const narrowSources = narrow
    ? sourcesOf(narrow, slot, true).map((source) => ({
        ...source,
        media: NARROW_MEDIA,
        width: narrow.width,
        height: narrow.height,
      }))
    : [];
  return {
    sources: [...narrowSources, ...sourcesOf(set, slot, false)],
    img: {
      src: set.fallback.url,
      width: set.width,
      height: set.height,
      alt,
      loading: eager ? "eager" : "lazy",
      decoding: "async",
    },
  };
}

/**
 * The hast element for the Markdown pipeline: a <picture> with an AVIF and a WebP <source> and the
 * fallback <img>; for an SVG (no sources) the <img> alone.
 */
export function pictureHast(set: ImageSet, alt: string, options: PictureOptions): Element {
  const { sources, img } = pictureMarkup(set, alt, options);
  const imgElement: Element = { type: "element", tagName: "img", properties: { ...img }, children: [] };
  if (sources.length === 0) return imgElement;
  return {
    type: "element",
    tagName: "picture",
    properties: {},
    children: [
      ...sources.map(
        (source): Element => ({ type: "element", tagName: "source", properties: { ...source }, children: [] }),
      ),
      imgElement,
    ],
  };
}
