// The search control's listener, part of the module every page fetches after its first paint (enhance.ts), kept
// small: nothing of search is fetched until someone focuses the control (then the dialog's
// code, which fetches its stylesheet and the index, all same-origin) or opens it (a click, or "/" where it types
// nothing). One listener on the document for the three, so a page swapped in by the language switch needs nothing
// re-attached; the browser keeps an imported module, so importing it again costs nothing.
import { SEARCH_CONTROL_SELECTOR } from "../shared/page-markup.ts";

/** The dialog's code (set by pipeline/assets.ts; its source is search/browser/dialog.ts). */
declare const __SEARCH_DIALOG__: string;

type Dialog = typeof import("../search/browser/dialog.ts");

function onEvent(event: Event): void {
  const { key, target } = event as KeyboardEvent & { target: HTMLElement };
  // "value" is what fields (and buttons) have: there "/" is a slash. (A click with Ctrl or ⌘ opens the dialog too,
  // not the search page in a new tab: the bytes that check costs every page were over the first window's budget.)
  const control = key
    ? key === "/" && !("value" in target) && document.querySelector<HTMLElement>(SEARCH_CONTROL_SELECTOR)
    : target.closest<HTMLElement>(SEARCH_CONTROL_SELECTOR);
  if (control) {
    // Focus events cannot be cancelled: this stops only the click's navigation and the "/" typed.
    event.preventDefault();
    void (import(__SEARCH_DIALOG__) as Promise<Dialog>).then((dialog) => dialog.open(control, event.type));
  }
}

export function watchSearch(): void {
  for (const type of ["focusin", "click", "keydown"]) document.addEventListener(type, onEvent);
}
