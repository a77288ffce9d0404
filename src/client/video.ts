import { VIDEO_EMBED_ATTRIBUTE, VIDEO_TITLE_ATTRIBUTE } from "../shared/page-markup.ts";

/**
 * The second click of a two-click video: the play link (which without JavaScript simply opens the video on
 * its host's site) is replaced by the host's privacy-enhanced player. Nothing of the host's is requested
 * before this click. Listening on the document also covers pages the language switch swaps in.
 */
export function enhanceVideos(): void {
  document.addEventListener("click", (event) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const link = (event.target as Element | null)?.closest?.(`a[${VIDEO_EMBED_ATTRIBUTE}]`);
    const src = link?.getAttribute(VIDEO_EMBED_ATTRIBUTE);
    if (!link?.parentElement || !src?.startsWith("https://")) return;
    event.preventDefault();
    const player = Object.assign(document.createElement("iframe"), {
      src,
      title: link.getAttribute(VIDEO_TITLE_ATTRIBUTE) ?? "",
      allow: "autoplay; fullscreen; picture-in-picture",
      allowFullscreen: true,
      referrerPolicy: "strict-origin-when-cross-origin",
    });
    link.parentElement.replaceChildren(player);
    player.focus();
  });
}
