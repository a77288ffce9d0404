/** What the build made of one source image: the data both the Markdown pipeline and the React component render. */

export interface ImageVariant {
  /** Site-absolute, content-hashed, e.g. /assets/diagram-1a2b3c4d-480.avif */
  url: string;
  width: number;
}

export interface ImageSet {
  /** Intrinsic size of the largest variant: the <img>'s width and height, so the page reserves the box before the image loads. */
  width: number;
  height: number;
  /** Ascending widths; empty for an SVG source, which is passed through as it is. */
  avif: ImageVariant[];
  webp: ImageVariant[];
  /** For browsers without AVIF and WebP, at the largest width; for an SVG source, the SVG itself. */
  fallback: ImageVariant & { type: "image/png" | "image/jpeg" | "image/svg+xml" };
}
