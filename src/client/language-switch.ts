import {
  FRAME_POLICY_ATTRIBUTE,
  LANG_SWITCH_SELECTOR,
  PAGE_HEAD_SELECTOR,
  PLACE_ATTRIBUTE,
} from "../shared/page-markup.ts";
import { REST_MS } from "./prefetch.ts";

interface Hooks {
  beforeSwap(): Promise<void> | void;
  afterSwap(): void;
}

/**
 * Where the reader is, as the other language's page can find it again: the element they are in (the last one whose
 * top has passed the line under the sticky header), how far into its section (the fraction of the way to the next
 * element both pages have), and the element after it. Elements are found in both pages by the heading's place
 * (PLACE_ATTRIBUTE: a heading and its translation share it whatever their words), else by their id (the home page's
 * sections, which every language names alike).
 */
interface Place {
  line: number;
  fraction: number;
  /** Past the last element's section (the footer): how far, in pixels. */
  beyond: number;
  /** The element in the other language's page and the one after it: moved into this document by the swap. */
  target: HTMLElement;
  following?: HTMLElement;
}

const keyOf = (element: Element) => element.getAttribute(PLACE_ATTRIBUTE) ?? `#${element.id}`;

/** The elements that may mark a place, by key (the first of a key wins). */
function marks(page: Document): Map<string, HTMLElement> {
  const found = new Map<string, HTMLElement>();
  for (const element of page.querySelectorAll<HTMLElement>("main [id]"))
    if (!found.has(keyOf(element))) found.set(keyOf(element), element);
  return found;
}

/** Where an element's section ends: where the next mark starts, else where the page's main content does. */
const sectionEnd = (element: HTMLElement, following: HTMLElement | undefined) =>
  following
    ? following.getBoundingClientRect().top
    : (element.closest("main") ?? element).getBoundingClientRect().bottom;

function readingPlace(next: Document): Place | undefined {
  const line = (document.querySelector("header")?.getBoundingClientRect().bottom ?? 0) + 1;
  const there = marks(next);
  // Only marks the other page has, with a layout box: a <script> with an id (island props) would always read as top 0.
  const here = [...marks(document)].filter(([key, element]) => there.has(key) && element.getClientRects().length > 0);
  let at = -1;
  here.forEach(([, element], index) => {
    if (element.getBoundingClientRect().top <= line) at = index;
  });
  const [key, current] = here[at] ?? [];
  if (!key || !current) return undefined;
  const [nextKey, following] = here[at + 1] ?? [];
  const top = current.getBoundingClientRect().top;
  const end = sectionEnd(current, following);
  const fraction = end > top ? Math.min(1, (line - top) / (end - top)) : 0;
  return {
    line,
    fraction,
    beyond: Math.max(0, line - end),
    target: there.get(key) as HTMLElement,
    following: nextKey ? there.get(nextKey) : undefined,
  };
}

/** Scrolls the swapped-in page so that the same place of the counterpart's section is under the header again. */
function restorePlace({ line, fraction, beyond, target, following }: Place): void {
  if (!target.isConnected) return;
  const top = target.getBoundingClientRect().top;
  const at = top + fraction * (sectionEnd(target, following) - top) + beyond;
  // "instant": the page must not visibly glide under the visitor's eyes (the CSS asks for smooth scrolling).
  window.scrollBy({ top: at - line, behavior: "instant" });
}

/** Path of the page on screen; popstate also fires for in-page #anchor steps, which need no swap. */
let shownPath = window.location.pathname;

/**
 * The other language's page, fetched and parsed when the visitor shows intent (the pointer reaches the button,
 * or the keyboard focus does), so that the click swaps a ready document in. Never on a plain page load.
 */
const prefetched = new Map<string, Promise<Document>>();
function fetchPage(url: string): Promise<Document> {
  let page = prefetched.get(url);
  if (!page) {
    page = fetch(url, { headers: { Accept: "text/html" } })
      .then((response) => {
        if (!response.ok) throw new Error(`${response.status}`);
        return response.text();
      })
      // Parsed now, while the visitor is still moving to click: the click itself only moves nodes.
      .then((html) => new DOMParser().parseFromString(html, "text/html"));
    // A failed fetch is forgotten, so the click tries again (and falls back to a plain navigation).
    page.catch(() => prefetched.delete(url));
    prefetched.set(url, page);
  }
  return page;
}

async function swapTo(url: string, hooks: Hooks, push: boolean): Promise<void> {
  const next = await fetchPage(url);
  // A parsed document can be moved into the page only once; the next switch fetches afresh.
  prefetched.clear();
  // The page keeps the policy it was loaded with: one that allows other frames (a video's) needs a real load.
  if (
    next.documentElement.getAttribute(FRAME_POLICY_ATTRIBUTE) !==
    document.documentElement.getAttribute(FRAME_POLICY_ATTRIBUTE)
  ) {
    throw new Error("another Content-Security-Policy");
  }
  const place = readingPlace(next);
  await hooks.beforeSwap();
  document.documentElement.lang = next.documentElement.lang;
  document.title = next.title;
  for (const element of document.head.querySelectorAll(PAGE_HEAD_SELECTOR)) element.remove();
  for (const element of next.head.querySelectorAll(PAGE_HEAD_SELECTOR))
    document.head.append(document.adoptNode(element));
  document.body.replaceWith(document.adoptNode(next.body));
  if (push) history.pushState({ languageSwitch: true }, "", url);
  shownPath = new URL(url).pathname;
  if (place) restorePlace(place);
  hooks.afterSwap();
  // A page without a translation led here, to its nearest page, with the notice's #id. pushState does not
  // make that the :target the notice is shown by; a fragment navigation that replaces this entry does, and
  // scrolls to it. Focus goes to the notice, so a screen reader reads why this is another page.
  const { hash } = new URL(url);
  const notice = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
  if (notice) {
    window.location.replace(url);
    notice.focus({ preventScroll: true });
  } else document.querySelector<HTMLElement>(LANG_SWITCH_SELECTOR)?.focus({ preventScroll: true });
  // Bound after the focus moved: focusing the new button is no intent to go back, and fetching and parsing the
  // page just left would land inside the very frame that shows the switch.
  bind(hooks);
}

function bind(hooks: Hooks): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>(LANG_SWITCH_SELECTOR)) {
    const intent = () => void fetchPage(link.href).catch(() => undefined);
    // The pointer must rest, as for any link: right after a switch it is already on the new button, and a
    // fetch and parse of the page just left would otherwise land in the frames that show the switch.
    let rest: ReturnType<typeof setTimeout> | undefined;
    link.addEventListener("pointerenter", () => (rest = setTimeout(intent, REST_MS)));
    link.addEventListener("pointerleave", () => clearTimeout(rest));
    link.addEventListener("focus", intent);
    link.addEventListener("click", (event) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
      event.preventDefault();
      // If anything goes wrong the link still works the way it does without JavaScript.
      swapTo(link.href, hooks, true).catch(() => window.location.assign(link.href));
    });
  }
}

/**
 * Makes the language button switch in place: no reload, same scroll position, and the form island is
 * re-mounted in the new language with the visitor's draft. Without JavaScript it is a plain link.
 */
export function enhanceLanguageSwitch(hooks: Hooks): void {
  bind(hooks);
  window.addEventListener("popstate", () => {
    if (window.location.pathname === shownPath) return;
    swapTo(window.location.href, hooks, false).catch(() => window.location.reload());
  });
}
