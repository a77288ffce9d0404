/**
 * Tells the editor which language the author works in: the language of the pane last clicked or focused, as the
 * text fields in it say (`lang`). The asset dialog (its "Entry Assets") then lists the files next to that
 * language's file (see PANE_LOCALE in bundle.ts, which has the editor read it).
 */
export function followPaneLocale(global: string): void {
  const note = (event: Event) => {
    for (let node = event.target instanceof Element ? event.target : null; node; node = node.parentElement) {
      const lang = node.querySelector("input[lang], textarea[lang], [contenteditable][lang]")?.getAttribute("lang");
      if (lang) {
        (globalThis as Record<string, unknown>)[global] = lang;
        return;
      }
    }
  };
  document.addEventListener("pointerdown", note, { capture: true });
  document.addEventListener("focusin", note, { capture: true });
}
