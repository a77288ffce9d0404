/**
 * A page's height as it loads and once every part of it has been on screen, measured in the page (Playwright's
 * evaluate, WebDriver's executeScript). A part a browser lays out only near the screen (content-visibility)
 * counts with its placeholder size until then: if that differs, the page jumps while the visitor scrolls.
 */
export interface PageHeights {
  atLoad: number;
  afterScrolling: number;
  /** The widest scrollWidth seen, at load or on the way down, against the viewport's clientWidth. */
  scrollWidth: number;
  clientWidth: number;
}

/** Runs in the page; stands alone (no imports, no outer names), since its source is what is sent. */
export async function measurePageHeights(): Promise<PageHeights> {
  const root = document.documentElement;
  const twoFrames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  await twoFrames();
  const atLoad = root.scrollHeight;
  let scrollWidth = root.scrollWidth;
  // Half a screen at a time, so every part touches the viewport (WebKit lays a deferred part out only then).
  for (let top = 0; top < root.scrollHeight; top += Math.floor(window.innerHeight / 2)) {
    window.scrollTo({ top, behavior: "instant" });
    await twoFrames();
    scrollWidth = Math.max(scrollWidth, root.scrollWidth);
  }
  window.scrollTo({ top: root.scrollHeight, behavior: "instant" });
  await twoFrames();
  const afterScrolling = root.scrollHeight;
  window.scrollTo({ top: 0, behavior: "instant" });
  return { atLoad, afterScrolling, scrollWidth, clientWidth: root.clientWidth };
}
