import type { LinkTarget } from "./data.ts";

/** The id of the list of targets of one content language (one <datalist> per language, in the page). */
const listId = (language: string) => `site-link-targets-${language}`;

/** A menu link's `to` field (header, footer), by its key path ("header.nav.4.to"); a component's is "body:c1:to". */
const MENU_TARGET = /(^|\.)to$/;

/**
 * Offers a menu link's target from the site's pages: one <datalist> per content language (each page's title and
 * address, the home page and its sections, the Impressum, each with the value `to` takes), and Sveltia's own text
 * input of a `to` field gets the list of the pane's language when it takes the focus (pane-locale.ts notes the
 * language first: its listener is on the document's capture phase). The field stays Sveltia's: it checks the
 * value, "Copy from English" copies it, and a typed "#section" is taken as before. (With a second field type of the
 * site's own registered for it, the new-page form never settled in the editor tests; docs/editor.md.)
 */
export function offerLinkTargets(targets: Record<string, LinkTarget[]>, paneLocale: string, fallback: string): void {
  for (const [language, list] of Object.entries(targets)) {
    const datalist = document.createElement("datalist");
    datalist.id = listId(language);
    for (const { value, label } of list) datalist.append(new Option(label, value));
    document.body.append(datalist);
  }
  document.addEventListener("focusin", (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.type !== "text") return;
    const path = input.closest("[data-key-path]")?.getAttribute("data-key-path") ?? "";
    if (!MENU_TARGET.test(path)) return;
    const language = String((globalThis as Record<string, unknown>)[paneLocale] ?? fallback);
    input.setAttribute("list", listId(language));
    input.setAttribute("autocomplete", "off");
  });
}
