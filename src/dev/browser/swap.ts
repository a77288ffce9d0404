// npm run dev's quick update of an open page whose text changed: the page's new HTML, fetched from the current
// address, has its <main> (and <title> and the head's page-text elements) swapped into the open document, which
// keeps its scroll position. Only where that leaves the document exactly as a fresh load would, and its scripts
// working; everywhere else the caller reloads.
import {
  ENHANCED_ATTRIBUTE,
  FORM_ISLAND,
  LANG_SWITCH_SELECTOR,
  MENU_ATTRIBUTE,
  PAGE_HEAD_SELECTOR,
  SEARCH_CONTROL_SELECTOR,
} from "../../shared/page-markup.ts";
import { stampOfHeader } from "./build-stamp.ts";

/**
 * Everything of a page but its <main>'s content and its page-text head elements: <html>'s and <body>'s attributes,
 * the head (its stylesheet, loader, policy-relevant attributes) and the header and footer. The data-enhanced mark
 * is the loader's, set after the load, never served.
 */
function frameOf(page: Document): string {
  const attributes = (element: Element) =>
    [...element.attributes]
      .filter(({ name }) => name !== ENHANCED_ATTRIBUTE)
      .map(({ name, value }) => `${name}=${value}`)
      .sort();
  const head = [...page.head.children].filter((element) => !element.matches(`title, ${PAGE_HEAD_SELECTOR}`));
  const body = page.body.cloneNode(true) as HTMLElement;
  body.querySelector("main")?.replaceChildren();
  return JSON.stringify([attributes(page.documentElement), head.map((element) => element.outerHTML), body.outerHTML]);
}

/**
 * What in <main> a script of the page binds to when it loads, and so would not work once swapped in: the form
 * island (its props are a script element), the search page's control (which opens its results from the address).
 * The header's controls are listed too, should one ever sit in <main>. Other scripts listen on the document.
 */
const SCRIPTED = [
  "script",
  `#${FORM_ISLAND.root}`,
  SEARCH_CONTROL_SELECTOR,
  LANG_SWITCH_SELECTOR,
  `[${MENU_ATTRIBUTE}]`,
].join(", ");

/**
 * The frame of the document as it loaded, read when this script starts: the open document's own frame later holds
 * what its scripts changed (the menu's state), which no served page has. Read a moment late (a script of the page
 * changed something first), it matches no new page and the tab reloads: slower, never wrong.
 */
const loadedFrame = frameOf(document);

/**
 * Swaps the current address's new HTML into the open document and answers the build it came from; undefined when
 * this page needs a reload instead: another frame (head, header, footer, <html>'s attributes), a <main> with
 * scripted parts, an answer that is no page (an error, a redirect) or is unstamped. Throws where the fetch fails.
 */
export async function swapIn(): Promise<number | undefined> {
  const response = await fetch(window.location.href, { cache: "no-store", headers: { Accept: "text/html" } });
  const stamp = stampOfHeader(response.headers.get("Server-Timing"));
  if (!response.ok || response.redirected || stamp === undefined) return undefined;
  const next = new DOMParser().parseFromString(await response.text(), "text/html");
  const main = document.querySelector("main");
  const nextMain = next.querySelector("main");
  if (!main || !nextMain || main.querySelector(SCRIPTED) || nextMain.querySelector(SCRIPTED)) return undefined;
  // Compared before the swap moves the new <main> out of the parsed page; the same frame stays the loaded one.
  if (frameOf(next) !== loadedFrame) return undefined;
  const { scrollX, scrollY } = window;
  document.title = next.title;
  for (const element of document.head.querySelectorAll(PAGE_HEAD_SELECTOR)) element.remove();
  for (const element of next.head.querySelectorAll(PAGE_HEAD_SELECTOR))
    document.head.append(document.adoptNode(element));
  main.replaceWith(document.adoptNode(nextMain));
  // "instant": the site's CSS asks for smooth scrolling, and the text must not glide under the author's eyes.
  window.scrollTo({ left: scrollX, top: scrollY, behavior: "instant" });
  return stamp;
}
