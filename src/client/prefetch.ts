/** How long the pointer must rest on a link before its page is fetched: passing over it is no intent. */
export const REST_MS = 80;

/**
 * Prefetches a page of this site when the visitor shows intent to open it: the pointer rests on its link,
 * or the keyboard focus reaches it. Nothing is fetched on a plain load. (A Speculation-Rules header would
 * do the same natively, but the browser fetches its rules file with the page: a request before the first
 * paint.) The language buttons fetch their page themselves, to swap it in place.
 */
export function prefetchOnIntent(skip: string): void {
  const done = new Set<string>([window.location.pathname]);
  const prefetch = (link: HTMLAnchorElement) => {
    const url = new URL(link.href);
    if (
      url.origin !== window.location.origin ||
      url.pathname.startsWith("/assets/") ||
      link.matches(skip) ||
      done.has(url.pathname)
    )
      return;
    done.add(url.pathname);
    document.head.append(
      Object.assign(document.createElement("link"), { rel: "prefetch", href: url.pathname, as: "document" }),
    );
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  document.addEventListener("pointerover", (event) => {
    const link = (event.target as Element | null)?.closest?.("a[href]");
    clearTimeout(timer);
    if (link instanceof HTMLAnchorElement) timer = setTimeout(() => prefetch(link), REST_MS);
  });
  document.addEventListener("focusin", (event) => {
    if (event.target instanceof HTMLAnchorElement && event.target.hasAttribute("href")) prefetch(event.target);
  });
}
