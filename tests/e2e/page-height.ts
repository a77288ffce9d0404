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
  /** Frames asked for and the ones that came: a browser that stops drawing (below) shows up here, not as a hang. */
  framesAsked: number;
  framesDrawn: number;
}

/** Runs in the page; stands alone (no imports, no outer names), since its source is what is sent. */
export async function measurePageHeights(): Promise<PageHeights> {
  const root = document.documentElement;
  let framesAsked = 0;
  let framesDrawn = 0;
  // A frame, or a quarter second without one. Chromium's headless shell, on CI's loaded two cores, once drew no frame
  // for a page for the test's whole 30 s (stop 62), and the bare wait hung. The scrollHeight read after it forces
  // layout either way; the callers count the frames that came, so a page never drawn is named, not a timeout.
  const frame = () =>
    new Promise<void>((resolve) => {
      framesAsked += 1;
      const timer = setTimeout(resolve, 250);
      requestAnimationFrame(() => {
        framesDrawn += 1;
        clearTimeout(timer);
        resolve();
      });
    });
  const twoFrames = async () => {
    await frame();
    await frame();
  };
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
  return { atLoad, afterScrolling, scrollWidth, clientWidth: root.clientWidth, framesAsked, framesDrawn };
}
