/**
 * How a section lists its pages (content/README.md, section 7). Read by the front matter schema (the bounds
 * of pageSize), the loader (the reserved "page" name) and the route model (the list pages).
 */
export const SECTION_LIST = {
  /** Entries per list page, unless the section's index.md sets pageSize. */
  pageSize: 20,
  /** The largest pageSize an index.md may set: beyond it a list page is the whole archive again. */
  maxPageSize: 100,
  /** The folder of the further list pages below the section's address: /insights/page/2. */
  pageSegment: "page",
} as const;
