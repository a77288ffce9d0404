/**
 * What an image may weigh. Checked from the file's size and header before anything is decoded, so that
 * no image, however large or crafted, can make a build slow or take more than about 1 GB of memory.
 * content/README.md (section 7, Images) states them for authors.
 */
export const IMAGE_LIMITS = {
  /** A photo from a phone is 3-8 MB; anything larger is an export at print resolution. */
  maxFileBytes: 10 * 1024 * 1024,
  /** A diagram is text and shapes: hundreds of KB at most. */
  maxSvgBytes: 1024 * 1024,
  /** 40 megapixels (e.g. 8000 x 5000): decoded, 160 MB; a page shows it at most 1440 px wide. */
  maxPixels: 40_000_000,
  /** The longer side, which bounds the decoded image even at the widths the build makes. */
  maxSide: 10_000,
  /** One encoded file (an AVIF, WebP or fallback at one width): more would make the page slow on a phone. */
  maxEncodedBytes: 1536 * 1024,
} as const;

const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString("en")} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const formatBytes = (bytes: number) => (bytes >= 1024 * 1024 ? mb(bytes) : kb(bytes));

/** What an author is told to do with an image over a limit: the widest copy the site makes is 1,440 px, at 2×. */
export const EXPORT_SMALLER = "export it smaller, e.g. 2880 px wide";
