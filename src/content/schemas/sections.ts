/**
 * How a section lists its pages (content/README.md, section 7). Read by the front matter schema (the bounds
 * of pageSize), the loader (the reserved "page" name), the route model (the list pages) and the feeds.
 */
export const SECTION_LIST = {
  /** Entries per list page, unless the section's index.md sets pageSize. */
  pageSize: 20,
  /** The largest pageSize an index.md may set: beyond it a list page is the whole archive again. */
  maxPageSize: 100,
  /** The folder of the further list pages below the section's address: /insights/page/2. */
  pageSegment: "page",
  /**
   * Entries in a section's feed, the newest: readers poll a feed and each entry carries its full text, so a
   * feed of the whole archive would grow with every article (500 articles: some megabytes every poll).
   */
  feedEntries: 20,
} as const;
