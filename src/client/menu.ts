import { MENU_ATTRIBUTE } from "../shared/page-markup.ts";

// Below 900 px the header's links are a <details> menu: it opens, closes and its links work with no script at
// all. This adds what a disclosure menu should also do, with listeners on the document, so they outlive the
// language switch's swap of <body>. Nothing here changes the layout, so nothing moves when the script arrives.

const nav = () => document.querySelector(`[${MENU_ATTRIBUTE}]`);
const details = () => nav()?.querySelector("details");

/** Closes the menu; `refocus` gives the focus back to its button (after Escape, or a click on nothing focusable). */
function close(refocus: boolean): void {
  const menu = details();
  if (!menu?.open) return;
  menu.open = false;
  if (refocus) menu.querySelector("summary")?.focus();
}

/** Says on the button whether the menu is open (a bare <summary> is not announced so by every browser). */
export function syncMenu(): void {
  const menu = details();
  menu?.querySelector("summary")?.setAttribute("aria-expanded", `${menu.open}`);
}

export function enhanceMenu(): void {
  syncMenu();
  // "toggle" does not bubble; a capturing listener still hears it. Opening moves the focus to the first link.
  document.addEventListener(
    "toggle",
    (event) => {
      if (event.target !== details()) return;
      syncMenu();
      if (details()?.open) nav()?.querySelector<HTMLElement>("li a")?.focus();
    },
    true,
  );
  document.addEventListener("keydown", (event) => event.key === "Escape" && close(true));
  // Focus that moves on (Tab past the last link, a click on another control) closes it, so nothing it covers
  // can hold the focus unseen; a click on what only takes focus by script (<main>) gives it back to the button.
  // A click elsewhere closes it too; one on a link in it, once followed.
  document.addEventListener(
    "focusin",
    (event) => nav()?.contains(event.target as Node) || close((event.target as HTMLElement).tabIndex < 0),
  );
  document.addEventListener("click", (event) => {
    const target = event.target as Element;
    if (!nav()?.contains(target)) close(true);
    else if (target.closest("a")) close(false);
  });
}
