import { type MessageLanguage, say } from "../../shared/messages/catalogue.ts";
import type { Finding } from "../../shared/verdict/entry.ts";

/** The marks of the site's own elements in the form: a field's messages, and the list at the top of the pane. */
const FIELD_MARK = "data-site-verdict";
const LIST_MARK = "data-site-verdict-list";

const ERROR = "var(--sui-error-foreground-color, #b91c1c)";
const WARNING = "#92400e";

/** The language of an edit pane (Sveltia's data-locale; else as its text fields say, lang, as pane-locale.ts reads it). */
function paneLocale(pane: Element): string | undefined {
  return (
    pane.getAttribute("data-locale") ??
    pane.querySelector("input[lang], textarea[lang], [contenteditable][lang]")?.getAttribute("lang") ??
    undefined
  );
}

/** The field a finding is shown at: itself, or the nearest field above it the form draws (a list for its entry). */
function fieldFor(pane: Element, path: string): Element | undefined {
  for (let keys = path.split("."); keys.length > 0; keys = keys.slice(0, -1)) {
    const field = pane.querySelector(`.field[data-key-path="${CSS.escape(keys.join("."))}"]`);
    if (field) return field;
  }
  return undefined;
}

/** What an element shows, set only when it differs: the form's observers (and the editor's own) see no change otherwise. */
function setLines(element: HTMLElement, lines: { text: string; refused: boolean }[]): void {
  const key = lines.map((line) => `${line.refused ? "!" : "?"}${line.text}`).join("\n");
  if (element.dataset.lines === key) return;
  element.dataset.lines = key;
  element.replaceChildren(
    ...lines.map(({ text, refused }) => {
      const p = document.createElement("p");
      p.textContent = text;
      Object.assign(p.style, { margin: "4px 0 0", color: refused ? ERROR : WARNING });
      return p;
    }),
  );
}

function fieldMessage(field: Element): HTMLElement {
  const existing = [...field.children].find((child) => child.hasAttribute(FIELD_MARK));
  if (existing instanceof HTMLElement) return existing;
  const box = document.createElement("div");
  box.setAttribute(FIELD_MARK, "");
  // Read out when it changes, as Sveltia's own field errors are.
  box.setAttribute("role", "status");
  Object.assign(box.style, { font: "inherit", fontSize: "var(--sui-font-size-small, 13px)", lineHeight: "1.45" });
  field.append(box);
  return box;
}

/** A language as the interface names it ("Deutsch", "German"). */
const languageName = (code: string, ui: MessageLanguage) =>
  new Intl.DisplayNames([ui], { type: "language" }).of(code) ?? code;

/**
 * Leads to a finding's field: its language's tab first (the editor's language buttons are radios named by the
 * language), then the field scrolled into view and its input focused.
 */
function goTo(finding: Finding, ui: MessageLanguage, pane: Element): void {
  // The form draws a field only once it has scrolled into view (an empty placeholder until then): the placeholders
  // are brought into view one after another until the field is drawn.
  const show = (tries = 40) => {
    const panes = [...document.querySelectorAll('.pane[data-mode="edit"]')];
    const target = panes.find((candidate) => paneLocale(candidate) === finding.locale) ?? pane;
    const field = target.querySelector(`.field[data-key-path="${CSS.escape(finding.field)}"]`) ?? undefined;
    if (!field) {
      const placeholder = target.querySelector("div.placeholder:empty");
      if (tries > 0 && placeholder) {
        placeholder.scrollIntoView({ block: "end" });
        setTimeout(() => show(tries - 1), 100);
      } else fieldFor(target, finding.field)?.scrollIntoView({ block: "center" });
      return;
    }
    field.scrollIntoView({ block: "center" });
    const input = field.querySelector<HTMLElement>("input, textarea, [contenteditable='true']");
    input?.focus({ preventScroll: true });
  };
  if (paneLocale(pane) !== finding.locale) {
    const name = languageName(finding.locale, ui);
    const radio = [...document.querySelectorAll<HTMLElement>('[role="radio"]')].find(
      (candidate) => candidate.textContent?.trim() === name || candidate.getAttribute("aria-label") === name,
    );
    radio?.click();
    // The form is drawn again for that language before its fields can be found.
    setTimeout(() => show(), 300);
  } else show();
}

function list(pane: Element, findings: readonly Finding[], ui: MessageLanguage): void {
  const fields = pane.querySelector(".field")?.parentElement;
  let box = pane.querySelector<HTMLElement>(`[${LIST_MARK}]`);
  if (findings.length === 0 || !fields) {
    box?.remove();
    return;
  }
  if (!box) {
    box = document.createElement("section");
    box.setAttribute(LIST_MARK, "");
    Object.assign(box.style, {
      margin: "0 0 16px",
      padding: "8px 12px",
      borderInlineStart: `4px solid ${ERROR}`,
      borderRadius: "4px",
      background: "var(--sui-secondary-background-color, #fef2f2)",
      font: "inherit",
      fontSize: "var(--sui-font-size-small, 13px)",
    });
    fields.prepend(box);
  }
  const refused = findings.filter((finding) => finding.refused).length;
  const key = `${ui}\n${findings.map((finding) => `${finding.locale} ${finding.field} ${finding.said.en}`).join("\n")}`;
  if (box.dataset.lines === key) return;
  box.dataset.lines = key;
  const title = document.createElement("p");
  title.textContent = say("verdictTitle", { count: refused || findings.length })[ui];
  Object.assign(title.style, { margin: "0 0 4px", fontWeight: "600" });
  box.setAttribute("aria-label", title.textContent);
  const items = document.createElement("ul");
  Object.assign(items.style, { margin: "0", paddingInlineStart: "18px" });
  for (const finding of findings) {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    const tab = say("verdictTab", { language: finding.locale })[ui];
    const label = fieldFor(pane, finding.field)?.querySelector("header h4")?.textContent?.trim();
    button.textContent = `${tab}${label ? ` › ${label}` : ""}: ${finding.said[ui]}`;
    Object.assign(button.style, {
      all: "unset",
      cursor: "pointer",
      textDecoration: "underline",
      color: finding.refused ? ERROR : WARNING,
    });
    button.addEventListener("click", () => goTo(finding, ui, pane));
    item.append(button);
    items.append(item);
  }
  box.replaceChildren(title, items);
}

/**
 * Shows the entry's findings in the form: each at its field in the pane of its language (under the field, as the
 * editor shows its own errors), and all of them in a list at the top of every edit pane, each leading to its field
 * (another language's tab included). Idempotent: what is shown already is not touched again.
 */
export function showFindings(findings: readonly Finding[], ui: MessageLanguage, root: ParentNode = document): void {
  for (const pane of root.querySelectorAll('.pane[data-mode="edit"]')) {
    const locale = paneLocale(pane);
    const byField = new Map<Element, Finding[]>();
    for (const finding of findings.filter((candidate) => candidate.locale === locale)) {
      const field = fieldFor(pane, finding.field);
      if (field) byField.set(field, [...(byField.get(field) ?? []), finding]);
    }
    for (const shown of pane.querySelectorAll<HTMLElement>(`[${FIELD_MARK}]`)) {
      const field = shown.parentElement;
      if (!field || !byField.has(field)) shown.remove();
    }
    for (const [field, found] of byField)
      setLines(
        fieldMessage(field),
        found.map((finding) => ({ text: finding.said[ui], refused: finding.refused })),
      );
    list(pane, findings, ui);
  }
}
