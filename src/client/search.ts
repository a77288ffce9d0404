// The search control's listener, part of the module every page fetches after its first paint (enhance.ts), kept
// small: nothing of search is fetched until someone focuses the control (then the dialog's
// code, which fetches its stylesheet and the index, all same-origin) or opens it (a click, or "/" where it types
// nothing). One listener on the document for the three, so a page swapped in by the language switch needs nothing
// re-attached; the browser keeps an imported module, so importing it again costs nothing.
import {
  SEARCH_CONTROL_SELECTOR,
  SEARCH_PAGE_CONTROL_SELECTOR,
  SEARCH_QUERY_PARAMETER,
} from "../shared/page-markup.ts";

/** The dialog's code (set by pipeline/assets.ts; its source is search/browser/dialog.ts). */
declare const __SEARCH_DIALOG__: string;

type Dialog = typeof import("../search/browser/dialog.ts");

const dialog = () => import(__SEARCH_DIALOG__) as Promise<Dialog>;

function onEvent(event: Event): void {
  const { key, target, button, ctrlKey, metaKey, shiftKey, altKey } = event as KeyboardEvent &
    MouseEvent & { target: HTMLElement };
  // A click or "/" with a modifier is the browser's (Ctrl/⌘-click opens the search page in a new tab, as a link's
  // does); so is any button but the main one. Focusing still prepares the dialog.
  if (event.type !== "focusin" && (ctrlKey || metaKey || shiftKey || altKey || button)) return;
  // "value" is what fields (and buttons) have: there "/" is a slash.
  const control = key
    ? key === "/" && !("value" in target) && document.querySelector<HTMLElement>(SEARCH_CONTROL_SELECTOR)
    : target.closest<HTMLElement>(SEARCH_CONTROL_SELECTOR);
  if (control) {
    // Focus events cannot be cancelled: this stops only the click's navigation and the "/" typed.
    event.preventDefault();
    void dialog().then((loaded) => loaded.open(control, event.type));
  }
}

export function watchSearch(): void {
  for (const type of ["focusin", "click", "keydown"]) document.addEventListener(type, onEvent);
  // The search page's address may hold a query (/search?q=agent, a shared or reloaded result list): its results.
  const query = new URLSearchParams(location.search).get(SEARCH_QUERY_PARAMETER);
  const control = document.querySelector<HTMLElement>(SEARCH_PAGE_CONTROL_SELECTOR);
  if (query && control) void dialog().then((loaded) => loaded.open(control, "address", query));
}
