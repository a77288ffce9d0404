/**
 * Where Sveltia's toasts go while an entry is open ("15 Felder enthalten Fehler …", "3 Felder aus Englisch
 * kopiert."). Sveltia puts them at the window's bottom right, over the end of the edit pane, where they covered the
 * button „Blöcke hinzufügen“ of a campaign page (docs/editor-walkthrough.md, second run). Here they sit in the middle
 * of the entry's top bar instead, between its title and Save, where there is no control; elsewhere (the lists)
 * they stay where Sveltia puts them. A style element, as Sveltia's own styles are (the editor's policy allows
 * inline styles); its rules outweigh Sveltia's position classes (.toast.bottom-right…) by one class.
 */
export const TOAST_STYLE_ID = "site-editor-toast-place";

/** The top bar's free middle: room for the entry's title on the left and Save and its menu on the right. */
const SIDES = "240px";

export function placeToasts(): void {
  if (document.getElementById(TOAST_STYLE_ID)) return;
  const style = document.createElement("style");
  style.id = TOAST_STYLE_ID;
  const open = "body:has(.content-editor)";
  style.textContent = [
    // Sveltia's container spans the window 16 px in; its toasts are placed absolutely inside it.
    `${open} .sui.toast-base{inset-block-start:6px}`,
    `${open} .sui.toast-base .toast{inset-block:0 auto;inset-inline:50% auto;transform:none;translate:-50% 0;max-width:calc(100dvw - 2 * ${SIDES})}`,
    `${open} .sui.toast-base .toast:dir(rtl){translate:50% 0}`,
  ].join("\n");
  document.head.append(style);
}
