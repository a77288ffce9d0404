import { ContentError } from "../content/read/errors.ts";
import { say } from "../shared/messages/catalogue.ts";
import { CACHES } from "./caches.ts";

// Beside caches.ts, not in it: that file is read by npm run build's first module under Node's own type stripping,
// before anything is compiled, and ContentError's syntax is TypeScript's own.

/**
 * A damaged cache entry a build found, dropped and made again, as one warning line naming the cache (in the
 * catalogue's words, in every language): it never fails the build and is never published, but an author or operator
 * should know their cache was touched from outside. `what` is the cache's own English (cache/store.ts).
 */
export const damagedEntryWarning = (cache: "images" | "cards" | "editor", what: string) =>
  new ContentError(CACHES[cache], say("damagedCacheEntry", { what, cache }));
