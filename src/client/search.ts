// The search control's side of the loader: nothing of search is fetched until someone focuses the control (its
// code and the index, both same-origin) or opens it (a click, or "/"). Listeners on the document, so a page swapped
// in by the language switch needs nothing re-attached.
import { SEARCH_CONTROL } from "../shared/page-markup.ts";
import { addStylesheet } from "./stylesheet.ts";

/** The dialog's code and stylesheet (set by pipeline/assets.ts; the code is search/browser/dialog.ts). */
declare const __SEARCH_DIALOG__: string;
declare const __SEARCH_STYLES__: string;

/** What the dialog's module offers the loader (search/browser/dialog.ts). */
interface SearchDialog {
  prepare(lang: string): void;
  open(lang: string, options: { query?: string; opener?: HTMLElement | null }): void;
}

let dialog: Promise<SearchDialog> | undefined;
const load = () =>
  (dialog ??= Promise.all([import(__SEARCH_DIALOG__) as Promise<SearchDialog>, addStylesheet(__SEARCH_STYLES__)]).then(
    ([module]) => module,
  ));
const pageLang = () => document.documentElement.lang;
const controlOf = (target: EventTarget | null) =>
  target instanceof Element ? target.closest<HTMLElement>(SEARCH_CONTROL.selector) : null;

/** A key pressed where it types: "/" there is a slash, not a shortcut. */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) || target.closest("dialog") !== null);

function open(opener: HTMLElement | null, query?: string): void {
  void load().then((module) => module.open(pageLang(), { query, opener }));
}

export function watchSearch(): void {
  const prepare = (event: Event) => {
    if (controlOf(event.target)) void load().then((module) => module.prepare(pageLang()));
  };
  document.addEventListener("focusin", prepare);
  document.addEventListener("pointerdown", prepare);
  document.addEventListener("click", (event) => {
    const control = controlOf(event.target);
    if (!control || event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)
      return;
    event.preventDefault();
    open(control);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "/" || event.metaKey || event.ctrlKey || event.altKey || typing(event.target)) return;
    event.preventDefault();
    open(document.querySelector<HTMLElement>(SEARCH_CONTROL.selector));
  });
  // The search page's own button works only with JavaScript; an address with ?q= (a bookmark, a shared link) opens
  // the dialog with its query.
  for (const button of document.querySelectorAll<HTMLElement>(SEARCH_CONTROL.pageButton))
    button.classList.add(SEARCH_CONTROL.ready);
  const query = document.body.dataset.page === "search" ? new URLSearchParams(location.search).get("q") : null;
  if (query) open(null, query);
}
