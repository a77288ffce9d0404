// The markup a video's play link carries for the client (src/client/video.ts), and the page's frame policy
// marker. Separate constants, so that the loader carries only the one it reads.

/** On the play link: the player's address, loaded into a frame only when the visitor clicks. */
export const VIDEO_EMBED_ATTRIBUTE = "data-embed";
/** On the play link: the player frame's accessible title. */
export const VIDEO_TITLE_ATTRIBUTE = "data-title";
/**
 * On <html>: the origins the page's Content-Security-Policy allows as frames (none: no attribute). The
 * language switch swaps pages only where it is equal, since a swapped-in page keeps the old policy.
 */
export const FRAME_POLICY_ATTRIBUTE = "data-frame-src";
