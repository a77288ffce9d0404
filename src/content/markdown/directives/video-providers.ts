/**
 * The video hosts an article may embed, and nothing else: each with the pattern its video ids follow, the
 * privacy-enhanced player a click loads (the only origin a video page's policy allows as a frame), and the
 * page on the host's own site that the play button links to without JavaScript.
 */
export const VIDEO_PROVIDERS = {
  youtube: {
    id: /^[A-Za-z0-9_-]{11}$/,
    idExample: "dQw4w9WgXcQ, the part after v= in https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    origin: "https://www.youtube-nocookie.com",
    embed: (id: string) => `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`,
    watch: (id: string) => `https://www.youtube.com/watch?v=${id}`,
  },
} as const satisfies Record<
  string,
  { id: RegExp; idExample: string; origin: string; embed(id: string): string; watch(id: string): string }
>;

export type VideoProvider = keyof typeof VIDEO_PROVIDERS;
export const VIDEO_PROVIDER_NAMES = Object.keys(VIDEO_PROVIDERS) as [VideoProvider, ...VideoProvider[]];
