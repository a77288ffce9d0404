// The only script a page runs up front, inlined into it (pipeline/assets.ts). It stays tiny: the language switch,
// prefetching and the menu's handling come after the first paint as one small module (enhance.ts), and the form island
// (React, sonner, validation) is fetched when the contact form nears the viewport or is focused.
import { FORM_ISLAND, FRAME_POLICY_ATTRIBUTE } from "../shared/page-markup.ts";
import { addStylesheet } from "../shared/stylesheet.ts";

type Island = typeof import("./form-island.tsx");
/** The built island's file name, relative to this script, and the toasts' stylesheet (set by pipeline/assets.ts). */
declare const __FORM_ISLAND__: string;
declare const __TOAST_STYLES__: string;
/** The video player's click handler (set by pipeline/assets.ts), fetched only by a page with a video. */
declare const __VIDEO_PLAYER__: string;
/** The language switch, prefetching and the menu's handling (set by pipeline/assets.ts), fetched by every page. */
declare const __ENHANCE__: string;
let island: Promise<Island> | undefined;

// The island hydrates once its toasts can be styled, so no toast ever shows unstyled.
const loadIsland = () =>
  (island ??= Promise.all([import(__FORM_ISLAND__) as Promise<Island>, addStylesheet(__TOAST_STYLES__)]).then(
    ([module]) => module,
  ));

function watchForm(): void {
  const container = document.getElementById(FORM_ISLAND.root);
  const props = document.getElementById(FORM_ISLAND.props)?.textContent;
  if (!container || !props) return;
  const mount = () => void loadIsland().then((module) => module.mount(container, props));
  if (island) {
    mount();
    return;
  }
  const start = () => {
    observer.disconnect();
    container.removeEventListener("focusin", start);
    mount();
  };
  const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && start(), {
    rootMargin: "0px 0px 800px 0px",
  });
  // The form's section, whose top the visitor reaches first on the way down.
  observer.observe(container.closest("section") ?? container);
  container.addEventListener("focusin", start);
}

function logNotFound(): void {
  const message = document.body.dataset.consoleMessage;
  if (document.body.dataset.page === "not-found" && message) console.error(message, window.location.pathname);
}

logNotFound();
watchForm();
// Only a page whose policy allows a player frame has a video; the language switch never swaps one in elsewhere.
if (document.documentElement.hasAttribute(FRAME_POLICY_ATTRIBUTE)) {
  void (import(__VIDEO_PLAYER__) as Promise<typeof import("./video.ts")>).then((module) => module.enhanceVideos());
}
// Once the first content is on screen: a request before it would compete with the first paint. No timer (a
// paused test clock would hold it); a browser without paint timing keeps the plain links and <details> menu.
const paints = new PerformanceObserver((entries) => {
  if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
  paints.disconnect();
  void (import(__ENHANCE__) as Promise<typeof import("./enhance.ts")>).then((module) =>
    module.enhance({
      beforeSwap: async () => (island ? (await island).unmount() : undefined),
      afterSwap: watchForm,
    }),
  );
});
paints.observe({ type: "paint", buffered: true });
