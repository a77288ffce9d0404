/** The markup a video's play link carries for the client (src/client/video.ts), and the page's frame policy marker. */
export const VIDEO_MARKUP = {
  /** On the play link: the player's address, loaded into a frame only when the visitor clicks. */
  embed: "data-embed",
  /** On the play link: the player frame's accessible title. */
  title: "data-title",
  /**
   * On <html>: the origins the page's Content-Security-Policy allows as frames (none: no attribute). The
   * language switch swaps pages only where it is equal, since a swapped-in page keeps the old policy.
   */
  framePolicy: "data-frame-src",
} as const;
