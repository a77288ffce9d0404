/**
 * Functions that run inside the page (passed to executeScript, which sends their source): each stands alone,
 * with no imports and no outer names.
 */

/** Waits until the page has stopped scrolling (a smooth scroll included): the same scrollY for three frames. */
export function scrollSettled(): Promise<number> {
  return new Promise((resolve) => {
    let last = Number.NaN;
    let still = 0;
    const check = () => {
      still = window.scrollY === last ? still + 1 : 0;
      last = window.scrollY;
      if (still >= 3) resolve(last);
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

declare global {
  interface Window {
    __focusSeen?: WeakSet<Element>;
  }
}

/**
 * The element that has the focus now: its name, the focus ring it draws (the site draws every ring as an outline
 * at least 2 px wide in a colour that shows: "ring", or what is wrong with it) and whether it had the focus before
 * (a keyboard walk through the page is over when it comes back). Undefined when nothing has it.
 */
export function focusedControl(): { name: string; ring: string; before: boolean } | undefined {
  const active = document.activeElement;
  if (!active || active === document.body) return undefined;
  window.__focusSeen ??= new WeakSet();
  const before = window.__focusSeen.has(active);
  window.__focusSeen.add(active);
  const style = getComputedStyle(active);
  const width = Number.parseFloat(style.outlineWidth);
  const alpha = /rgba?\([^)]*[,/]\s*([\d.]+)\s*\)/.exec(style.outlineColor)?.[1];
  const ring =
    style.outlineStyle === "none"
      ? "no outline"
      : width < 2
        ? `an outline of ${width} px`
        : alpha !== undefined && Number(alpha) === 0
          ? "a transparent outline"
          : "ring";
  const name = active.getAttribute("aria-label") || active.textContent || active.id;
  return { name: `${active.localName} "${name.trim().slice(0, 40)}"`, ring, before };
}

/** Where the label of a field is on screen, against the sticky header and the viewport's bottom. */
export function labelPlace(fieldId: string): { labelTop: number; labelBottom: number; headerBottom: number } {
  const label = document.querySelector(`label[for="${fieldId}"]`);
  const header = document.querySelector(".site-header");
  if (!label || !header) throw new Error(`no label for ${fieldId}, or no header`);
  return {
    labelTop: label.getBoundingClientRect().top,
    labelBottom: label.getBoundingClientRect().bottom,
    headerBottom: header.getBoundingClientRect().bottom,
  };
}
