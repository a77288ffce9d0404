import { EDITOR_DATA_ID, type EditorData, type InterfaceLanguage } from "./data.ts";

/** Where Sveltia CMS keeps its settings, the interface language among them ("auto": the browser's). */
const PREFS_KEY = "sveltia-cms.prefs";

/** The build's data for the editor, from the page's JSON block. */
export function readEditorData(doc: Document = document): EditorData {
  return JSON.parse(doc.getElementById(EDITOR_DATA_ID)?.textContent ?? "{}") as EditorData;
}

function storedLocale(): string | undefined {
  try {
    const { locale } = JSON.parse(localStorage.getItem(PREFS_KEY) ?? "{}") as { locale?: unknown };
    return typeof locale === "string" && locale !== "auto" ? locale : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The interface language Sveltia CMS will show, found the way it finds it: the one chosen in its settings, or
 * else the first of the browser's languages it speaks. Its own texts come in that language; the site's labels
 * follow where the build has them (English otherwise, as Sveltia falls back to English).
 */
export function interfaceLanguage(
  data: EditorData,
  browser: readonly string[] = navigator.languages,
): InterfaceLanguage {
  const speaks = data.interfaceLocales.map((code) => code.toLowerCase());
  const base = (tag: string) => tag.toLowerCase().split("-")[0] ?? "";
  const stored = storedLocale();
  const wanted = stored && speaks.includes(stored.toLowerCase()) ? [stored] : browser;
  const chosen = wanted.find((tag) => speaks.some((code) => code === tag.toLowerCase() || base(code) === base(tag)));
  const fallback = data.languages[0] as InterfaceLanguage;
  return (chosen && data.languages.find((language) => language.code === base(chosen))) || fallback;
}

/**
 * Sveltia reads its configuration's labels once, as plain text; they cannot follow a change of language in its
 * settings while it runs. When the chosen language changes, the page loads again with the matching labels.
 */
export function reloadOnLanguageChange(data: EditorData, current: InterfaceLanguage): void {
  const set = Storage.prototype.setItem;
  Storage.prototype.setItem = function setItem(this: Storage, key: string, value: string) {
    set.call(this, key, value);
    if (this === localStorage && key === PREFS_KEY && interfaceLanguage(data).code !== current.code)
      window.location.reload();
  };
}
