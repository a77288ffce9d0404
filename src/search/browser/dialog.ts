// The search dialog: fetched by the loader (client/search.ts) when someone focuses or opens the search control,
// never before. It loads the page's language's index (and another language's only when the first finds nothing),
// searches as the visitor types, and leaves the focus in the field until the visitor moves it with the arrow keys.
import MiniSearch, { type SearchResult } from "minisearch";
import { INDEX_OPTIONS, type IndexFile, type SearchCopy, searchOptions, type StoredPage } from "./engine.ts";
import { addStylesheet } from "../../shared/stylesheet.ts";
import { SEARCH_INDEX } from "./paths.ts";
import { fold, queryTerm, words } from "./terms.ts";

/** The most results a list shows: the count announced is all of them. */
const SHOWN = 20;
/** How long typing must pause before the live region announces the count, so it does not speak every letter. */
const ANNOUNCE_AFTER_MS = 500;
/** Where an excerpt starts when its first marked word would be further in than this. */
const EXCERPT_LEAD = 60;

interface Loaded {
  lang: string;
  copy: SearchCopy;
  languages: Record<string, string>;
  engine: MiniSearch;
}

/** The dialog's stylesheet (set by pipeline/assets.ts): added with this code, and awaited before the dialog shows. */
declare const __SEARCH_STYLES__: string;
const styled = addStylesheet(__SEARCH_STYLES__);

const indexes = new Map<string, Promise<Loaded>>();

function indexOf(lang: string): Promise<Loaded> {
  let loading = indexes.get(lang);
  if (!loading) {
    loading = fetch(SEARCH_INDEX.url(lang), { credentials: "same-origin" })
      .then((response) => {
        if (!response.ok) throw new Error(`${SEARCH_INDEX.url(lang)}: ${response.status}`);
        return response.json() as Promise<IndexFile>;
      })
      .then((file) => ({
        lang,
        copy: file.copy,
        languages: file.languages,
        engine: MiniSearch.loadJS(file.index as never, INDEX_OPTIONS),
      }));
    // A failed fetch may be retried on the next open.
    loading.catch(() => indexes.delete(lang));
    indexes.set(lang, loading);
  }
  return loading;
}

/** Starts fetching the index of `lang` (the control has the focus: an open is likely to follow). */
function prepare(lang: string): void {
  indexOf(lang).catch(() => undefined);
}

const fillIn = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** Text with each word that a query term matches (as the start of the word, or as a part of at least 4 letters) in <mark>. */
function marked(text: string, terms: readonly string[]): (Node | string)[] {
  const out: (Node | string)[] = [];
  let last = 0;
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = fold(match[0]);
    if (!terms.some((term) => word.startsWith(term) || (term.length >= 4 && word.includes(term)))) continue;
    out.push(text.slice(last, match.index), element("mark", {}, match[0]));
    last = match.index + match[0].length;
  }
  out.push(text.slice(last));
  return out;
}

/** The excerpt from a little before its first matched word, so that the match is on show. */
function excerptAround(text: string, terms: readonly string[]): string {
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = fold(match[0]);
    if (!terms.some((term) => word.startsWith(term) || (term.length >= 4 && word.includes(term)))) continue;
    if (match.index <= EXCERPT_LEAD) return text;
    const start = text.indexOf(" ", match.index - EXCERPT_LEAD);
    return `… ${text.slice(start + 1)}`;
  }
  return text;
}

/** A title match first, then by score: a page named for the query before one that mentions it. */
const titleFirst = (a: SearchResult, b: SearchResult) => {
  const inTitle = (result: SearchResult) => Object.values(result.match).some((fields) => fields.includes("title"));
  return Number(inTitle(b)) - Number(inTitle(a)) || b.score - a.score;
};

function search(loaded: Loaded, query: string): SearchResult[] {
  return loaded.engine.search(query, searchOptions(loaded.lang)).sort(titleFirst);
}

class SearchView {
  readonly dialog: HTMLDialogElement;
  readonly field: HTMLInputElement;
  readonly status: HTMLElement;
  readonly results: HTMLElement;
  private opener: HTMLElement | null = null;
  private announcing?: ReturnType<typeof setTimeout>;
  private version = 0;

  constructor(readonly loaded: Loaded) {
    const { copy, lang } = loaded;
    const titleId = "search-dialog-title";
    this.field = element("input", {
      type: "search",
      class: "search-field",
      "aria-labelledby": titleId,
      "aria-controls": "search-dialog-results",
      placeholder: copy.placeholder,
      autocomplete: "off",
      spellcheck: "false",
      enterkeyhint: "search",
    });
    const close = element("button", { type: "button", class: "search-close" }, copy.close);
    // Present, and empty, before any result: a live region added with its text is not announced everywhere.
    this.status = element("p", {
      class: "search-status",
      role: "status",
      "aria-live": "polite",
      "aria-atomic": "true",
    });
    this.results = element("div", { class: "search-results", id: "search-dialog-results" });
    this.dialog = element(
      "dialog",
      { class: "search-dialog", "aria-labelledby": titleId, lang },
      element(
        "div",
        { class: "search-head" },
        element("h2", { id: titleId, class: "search-title" }, copy.title),
        this.field,
        close,
      ),
      this.status,
      this.results,
    );
    close.addEventListener("click", () => this.hide());
    // A click on the backdrop (the dialog element itself, outside its box's content) closes it.
    this.dialog.addEventListener("click", (event) => event.target === this.dialog && this.hide());
    // The browser's own close request (Escape where the field did not see it, a phone's back gesture).
    this.dialog.addEventListener("cancel", (event) => {
      event.preventDefault();
      this.hide();
    });
    this.field.addEventListener("input", () => void this.update());
    this.dialog.addEventListener("keydown", (event) => this.move(event));
  }

  show(query: string | undefined, opener: HTMLElement | null): void {
    this.opener = opener;
    if (!this.dialog.isConnected) document.body.append(this.dialog);
    if (!this.dialog.open) this.dialog.showModal();
    if (query !== undefined) this.field.value = query;
    this.field.focus();
    this.field.select();
    if (this.field.value) void this.update();
  }

  /**
   * Closes the dialog and gives the focus back to the control that opened it, at once: the dialog's "close" event
   * comes a task later, after a quick "/" may already have opened it again.
   */
  private hide(): void {
    this.dialog.close();
    this.opener?.focus();
  }

  /** Arrow keys move between the field and the results' links; Enter follows a link, as links do; Escape closes. */
  private move(event: KeyboardEvent): void {
    // In a search field, Escape would first only clear it (Chromium, WebKit): it closes the dialog at once.
    if (event.key === "Escape") {
      event.preventDefault();
      this.hide();
      return;
    }
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") {
      // Typing on a result goes on in the field.
      if (event.key.length === 1 && event.target !== this.field && !event.ctrlKey && !event.metaKey) this.field.focus();
      return;
    }
    const stops: HTMLElement[] = [this.field, ...this.results.querySelectorAll<HTMLElement>("a")];
    const at = stops.indexOf(event.target as HTMLElement);
    if (at < 0) return;
    const next = stops[Math.min(stops.length - 1, Math.max(0, at + (event.key === "ArrowDown" ? 1 : -1)))];
    event.preventDefault();
    next?.focus();
  }

  private async update(): Promise<void> {
    const version = ++this.version;
    const query = this.field.value.trim();
    const { loaded } = this;
    const terms = words(query).map((word) => queryTerm(word, loaded.lang));
    clearTimeout(this.announcing);
    if (terms.length === 0) {
      this.results.replaceChildren();
      this.status.textContent = "";
      return;
    }
    const found = search(loaded, query);
    const lists: Node[] = [];
    let announcement: string;
    if (found.length > 0) {
      lists.push(this.list(found, terms, loaded));
      announcement = this.count(found.length, query, loaded.copy);
    } else {
      announcement = fillIn(loaded.copy.noResults, { query });
      // Nothing in this language: what the others have, each under its own heading.
      for (const other of Object.keys(loaded.languages).filter((lang) => lang !== loaded.lang)) {
        const theirs = await indexOf(other).catch(() => undefined);
        if (version !== this.version) return;
        if (!theirs) continue;
        const results = search(theirs, query);
        if (results.length === 0) continue;
        const heading = fillIn(loaded.copy.otherLanguage, { language: loaded.languages[other] ?? other });
        const theirTerms = words(query).map((word) => queryTerm(word, other));
        lists.push(
          element(
            "section",
            { class: "search-other", lang: other, "aria-label": heading },
            element("h3", { class: "search-other-heading", lang: loaded.lang }, heading),
            this.list(results, theirTerms, theirs),
          ),
        );
        announcement = `${heading} ${this.count(results.length, query, loaded.copy)}`;
      }
    }
    if (version !== this.version) return;
    this.results.replaceChildren(...lists);
    this.announcing = setTimeout(() => {
      this.status.textContent = announcement;
    }, ANNOUNCE_AFTER_MS);
  }

  private count(count: number, query: string, copy: SearchCopy): string {
    return fillIn(count === 1 ? copy.oneResult : copy.results, { count, query });
  }

  private list(results: SearchResult[], terms: readonly string[], loaded: Loaded): HTMLElement {
    const dates = new Intl.DateTimeFormat(loaded.lang, { dateStyle: "medium", timeZone: "UTC" });
    return element(
      "ol",
      { class: "search-list" },
      ...results.slice(0, SHOWN).map((result) => {
        const page = result as unknown as StoredPage;
        const meta: (Node | string)[] = [];
        if (page.s) meta.push(element("span", {}, page.s));
        if (page.d) meta.push(element("time", { datetime: page.d }, dates.format(new Date(`${page.d}T00:00:00Z`))));
        if (page.x) meta.push(element("span", { class: "search-marker" }, page.x));
        return element(
          "li",
          { class: "search-hit" },
          element("a", { href: page.u, class: "search-hit-link" }, ...marked(page.t, terms)),
          ...(meta.length > 0 ? [element("p", { class: "search-meta" }, ...meta)] : []),
          element("p", { class: "search-excerpt" }, ...marked(excerptAround(page.e, terms), terms)),
        );
      }),
    );
  }
}

let view: SearchView | undefined;

/** The page's language, which decides the index (the language switch may have swapped the page since). */
const pageLang = () => document.documentElement.lang;

function show(lang: string, opener: HTMLElement | null, query?: string): void {
  Promise.all([indexOf(lang), styled]).then(
    ([loaded]) => {
      if (view?.loaded !== loaded) {
        view?.dialog.remove();
        view = new SearchView(loaded);
      }
      view.show(query, opener);
    },
    // Without its index the dialog cannot help: the control's own link leads to the search page, whose links can.
    () => {
      if (opener instanceof HTMLAnchorElement) location.assign(opener.href);
    },
  );
}

/**
 * What the loader calls (client/search.ts) on the search control's event: "focusin" fetches the page's language's
 * index (an open is likely to follow); a click or "/" shows the dialog, which gives the focus back to `opener`.
 */
export function open(opener: HTMLElement | null, event?: string): void {
  if (event === "focusin") prepare(pageLang());
  else show(pageLang(), opener);
}
