// A translation that goes live before its original (issue 54): the comparison the build's earlyTranslations
// (content/rules/schedule.ts) and the web editor both make, on the front matter each file writes itself.

/** The schedule keys a page's own file writes (a key it leaves out is not here). */
export interface WrittenSchedule {
  date?: string;
  publishDate?: string;
}

/** When a page goes live, as Hugo reads it: publishDate, else date. */
export const publishDayOf = (meta: WrittenSchedule) => meta.publishDate ?? meta.date;

/**
 * Whether a translation's own publish day (date or publishDate, as its file writes them) is earlier than its
 * original's (the original's as it goes live): the key the author should change, her day and the original's.
 */
export function earlierThanOriginal(
  own: WrittenSchedule,
  original: WrittenSchedule,
): { key: "date" | "publishDate"; own: string; theirs: string } | undefined {
  const mine = publishDayOf(own);
  const theirs = publishDayOf(original);
  if (mine === undefined || theirs === undefined || mine >= theirs) return undefined;
  return { key: own.publishDate !== undefined ? "publishDate" : "date", own: mine, theirs };
}
