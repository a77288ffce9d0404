/** Why a preview build is never a strict one: the two must be impossible to confuse. */
export const PREVIEW_NOT_STRICT =
  "--drafts and --strict cannot be combined: --drafts builds a preview for review (drafts shown, every page noindex, robots.txt disallows everything), --strict the live site. Build the live site with --strict alone, a deploy preview with --drafts alone.";

/** The same for --future, which shows pages before their day (and after their expiryDate). */
export const FUTURE_NOT_STRICT =
  "--future and --strict cannot be combined: --future builds a preview with the scheduled and expired pages (each marked, every page noindex), --strict the live site, which shows a page from its date on. Build the live site with --strict alone, a deploy preview with --drafts --future.";
