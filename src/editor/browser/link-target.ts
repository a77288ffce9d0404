import type { LinkTarget } from "./data.ts";

/** The id of the list of targets of one content language (one <datalist> per language, in the page). */
const listId = (language: string) => `site-link-targets-${language}`;

/** A menu link's `to` field (header, footer), by its key path ("header.nav.4.to"); a component's is "body:c1:to". */
const MENU_TARGET = /(^|\.)to$/;

/** Between a target's title and its address in its label (routes/link-targets.ts). */
const LABEL_PARTS = " — ";

/** How two spellings of one title or address compare: case, spacing and a closing slash aside. */
const spelling = (text: string) =>
  text
    .trim()
    .replace(/\s+/g, " ")
    .replace(/(.)\/$/, "$1")
    .toLocaleLowerCase();

/**
 * The value of the one target an author's typed text names: its whole label, its title or its address, as the
 * editor shows them ("Wie Sie den ROI … beurteilen", "/de/einblicke/chatbot-roi"). Undefined when the text is a
 * value already, names none, or names two different targets (two pages of one title): Sveltia's check then speaks.
 */
export function namedTarget(typed: string, targets: readonly LinkTarget[]): string | undefined {
  const wanted = spelling(typed);
  if (!wanted || targets.some((target) => target.value === typed.trim())) return undefined;
  const values = new Set(
    targets
      .filter(({ label }) => {
        const cut = label.lastIndexOf(LABEL_PARTS);
        const parts = cut < 0 ? [label] : [label, label.slice(0, cut), label.slice(cut + LABEL_PARTS.length)];
        return parts.some((part) => spelling(part) === wanted);
      })
      .map((target) => target.value),
  );
  return values.size === 1 ? [...values][0] : undefined;
}

/** Sets an input's value as typing would, so Sveltia's own listener takes it into the entry. */
function typeInto(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, value);
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

/**
 * Offers a menu link's target from the site's pages: one <datalist> per content language (each page's title and
 * address, the home page and its sections, the Impressum, each with the value `to` takes), and Sveltia's own text
 * input of a `to` field gets the list of the pane's language when it takes the focus (pane-locale.ts notes the
 * language first: its listener is on the document's capture phase). The field stays Sveltia's: it checks the
 * value, "Copy from English" copies it, and a typed "#section" is taken as before. (With a second field type of the
 * site's own registered for it, the new-page form never settled in the editor tests; docs/editor.md.)
 *
 * A browser's list is a popup that not every keyboard reaches (issue 54's walkthrough: Playwright's keys never
 * picked from it), so what the author sees counts as a pick too: a page's title or address typed, and the field
 * left, becomes that page's value.
 */
export function offerLinkTargets(targets: Record<string, LinkTarget[]>, paneLocale: string, fallback: string): void {
  for (const [language, list] of Object.entries(targets)) {
    const datalist = document.createElement("datalist");
    datalist.id = listId(language);
    for (const { value, label } of list) datalist.append(new Option(label, value));
    document.body.append(datalist);
  }
  const menuTarget = (input: EventTarget | null): input is HTMLInputElement =>
    input instanceof HTMLInputElement &&
    input.type === "text" &&
    MENU_TARGET.test(input.closest("[data-key-path]")?.getAttribute("data-key-path") ?? "");
  const paneLanguage = () => String((globalThis as Record<string, unknown>)[paneLocale] ?? fallback);
  document.addEventListener("focusin", (event) => {
    if (!menuTarget(event.target)) return;
    event.target.setAttribute("list", listId(paneLanguage()));
    event.target.setAttribute("autocomplete", "off");
  });
  // "change": the field is left (or a list entry chosen), before a click on Save is handled.
  document.addEventListener(
    "change",
    (event) => {
      if (!menuTarget(event.target)) return;
      const value = namedTarget(event.target.value, targets[paneLanguage()] ?? []);
      if (value !== undefined) typeInto(event.target, value);
    },
    true,
  );
}
