import { tagListId } from "./data.ts";

/** The React element factory Sveltia CMS puts on the window (React's createElement), as preview.ts uses it. */
type CreateElement = (type: string, props: Record<string, unknown> | null, ...children: unknown[]) => unknown;

/** What Sveltia hands a custom field type's control (its Decap-compatible props). */
interface ControlProps {
  value?: unknown;
  onChange(value: string): void;
  forID: string;
  classNameWrapper: string;
  /** The field's configuration (an Immutable.js map): its label names the input. */
  field?: { get(key: string): unknown };
  /** The whole entry, every language (an Immutable.js map), handed again whenever any field changes. */
  entry?: { toJS(): unknown };
}

/**
 * The one-line text field of a value each language sets for itself (data.ts, OWN_TEXT_WIDGET): a plain input under
 * the field's label, drawn like Sveltia's own. Sveltia checks it as it checks a string (required, pattern); being
 * a type of the site's own, its "Copy from …" leaves it out (it copies string, text, markdown and list fields).
 */
export function ownTextControl(factory: CreateElement, seen: (entry: ControlProps["entry"]) => void = () => {}) {
  h = factory;
  sees = seen;
  return OwnText;
}

/** Who is told of the entry each time the control is drawn: the verdict as the author types (verdict-live.ts). */
let sees: (entry: ControlProps["entry"]) => void = () => {};

/** React's createElement, as Sveltia hands it (ownTextControl sets it before Sveltia draws a form). */
let h: CreateElement = () => null;

/** The language of the pane an element is in, as the text fields in it say (lang), as pane-locale.ts reads it. */
function paneLanguage(element: Element): string | undefined {
  for (let node: Element | null = element; node; node = node.parentElement) {
    const lang = node.querySelector("input[lang], textarea[lang], [contenteditable][lang]")?.getAttribute("lang");
    if (lang) return lang;
  }
  return undefined;
}

function OwnText({ value, onChange, forID, classNameWrapper, field, entry }: ControlProps) {
  sees(entry);
  const label = field?.get("label");
  const suggests = field?.get("site_suggest") === "tags";
  return h("input", {
    id: forID,
    // The site's tags of the pane's language, offered as the author types (main.ts puts each language's list).
    onFocus: suggests
      ? (event: { target: HTMLInputElement }) => {
          const lang = paneLanguage(event.target);
          if (lang) event.target.setAttribute("list", tagListId(lang));
        }
      : undefined,
    "aria-label": typeof label === "string" ? label : undefined,
    type: "text",
    className: classNameWrapper,
    value: typeof value === "string" ? value : "",
    spellCheck: false,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
    style: {
      boxSizing: "border-box",
      width: "100%",
      minHeight: "32px",
      padding: "4px 8px",
      border: "1px solid var(--sui-textbox-border-color, #c4c4c4)",
      borderRadius: "var(--sui-textbox-border-radius, 4px)",
      background: "var(--sui-textbox-background-color, #fff)",
      color: "var(--sui-textbox-foreground-color, inherit)",
      font: "inherit",
    },
  });
}
