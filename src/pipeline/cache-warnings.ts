import { ContentError } from "../content/read/errors.ts";
import { CACHES } from "./caches.ts";

// Beside caches.ts, not in it: that file is read by npm run build's first module under Node's own type stripping,
// before anything is compiled, and ContentError's syntax is TypeScript's own.
/** What each cache is called in a warning, beside its folder. */
const CACHE_NAMES: Partial<Record<keyof typeof CACHES, string>> = {
  images: "the image cache",
  cards: "the link-preview card cache",
  editor: "the web editor's cache",
};

/**
 * A damaged cache entry a build found, dropped and made again, as one warning line naming the cache: it never fails
 * the build and is never published, but an author or operator should know their cache was touched from outside.
 */
export const damagedEntryWarning = (cache: keyof typeof CACHE_NAMES, what: string) =>
  new ContentError(CACHES[cache], `${what}: dropped and made again (${CACHE_NAMES[cache]})`);
