// The search dialog: fetched by the loader (client/search.ts) when someone focuses or opens the search control,
// never before. It loads the page's language's index manifest and pages (and another language's only when the first
// finds nothing), then the shards each query's words need (shards.ts), searches as the visitor types, and leaves the focus in the field until the visitor moves it with the arrow keys.
import type { SearchCopy, StoredPage } from "./engine.ts";
import { openShardedIndex, type ShardedIndex, type StoredResult } from "./shards.ts";
import { SEARCH_PAGE_CONTROL_SELECTOR, SEARCH_QUERY_PARAMETER } from "../../shared/page-markup.ts";
import { formatDay } from "../../shared/dates.ts";
import { addStylesheet } from "../../shared/stylesheet.ts";
import { SEARCH_INDEX } from "./paths.ts";
import { fold, MIN_PART, queryTerm, words } from "./terms.ts";

/** The most results a list shows: the count announced is all of them. */
const SHOWN = 20;
/** How long typing must pause before the live region announces the count, so it does not speak every letter. */
const ANNOUNCE_AFTER_MS = 500;
/** How much comes before the first marked word in an excerpt, at most: on a phone the word stays on its first line. */
const EXCERPT_LEAD = 32;
/** An excerpt's characters: enough for its two lines (search.css clamps it) at any width. */
const EXCERPT_LENGTH = 240;
/** How long typing must pause before the results in view fetch their pages' texts for their excerpts. */
const TEXTS_AFTER_MS = 150;
/** A word, as the index splits text into words (terms.ts). */
const WORD = /[\p{L}\p{N}]+/gu;

interface Loaded {
  lang: string;
  copy: SearchCopy;
  languages: Record<string, string>;
  dateLocale: string;
  index: ShardedIndex;
}

/** The dialog's stylesheet (set by pipeline/assets.ts): added with this code, and awaited before the dialog shows. */
declare const __SEARCH_STYLES__: string;
const styled = addStylesheet(__SEARCH_STYLES__);

/** Languages named in the interface's language (the index's own names are each language's name for itself). */
const languageNames = (lang: string) => new Intl.DisplayNames([lang], { type: "language" });

const indexes = new Map<string, Promise<Loaded>>();

/** A search file as JSON: the manifest, or a file it names. */
async function json(url: string): Promise<unknown> {
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
}

/** The index of `lang`: its manifest and its pages' file; the shards follow, each when a query first needs it. */
function indexOf(lang: string): Promise<Loaded> {
  let loading = indexes.get(lang);
  if (!loading) {
    // The index's files are served at their paths under the site's root.
    loading = openShardedIndex(lang, (path) => json(`/${path}`)).then((index) => ({
      lang,
      copy: index.manifest.copy,
      languages: index.manifest.languages,
      dateLocale: index.manifest.dateLocale,
      index,
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

/** Whether a word of the text is one a query term finds: as the word's start, or as a part of at least 4 letters. */
const matches = (word: string, terms: readonly string[]): boolean => {
  const folded = fold(word);
  return terms.some((term) => folded.startsWith(term) || (term.length >= MIN_PART && folded.includes(term)));
};

/**
 * Text with each word that a query term matches in <mark>: text nodes and elements only, never HTML, so a page's
 * text that looks like markup ("<b>") shows as the characters it is.
 */
function marked(text: string, terms: readonly string[]): (Node | string)[] {
  const out: (Node | string)[] = [];
  let last = 0;
  for (const match of text.matchAll(WORD)) {
    if (!matches(match[0], terms)) continue;
    out.push(text.slice(last, match.index), element("mark", {}, match[0]));
    last = match.index + match[0].length;
  }
  out.push(text.slice(last));
  return out;
}

/** Where the first word a query term matches starts in the text, if one does. */
function firstMatch(text: string, terms: readonly string[]): number | undefined {
  for (const match of text.matchAll(WORD)) if (matches(match[0], terms)) return match.index;
  return undefined;
}

/**
 * The passage around the first matched word: from a word's start a little before it (EXCERPT_LEAD), about two
 * lines long, "…" where text was left out. Without a match, the text's start.
 */
function excerptAround(text: string, terms: readonly string[]): string {
  const at = firstMatch(text, terms) ?? 0;
  const start = at <= EXCERPT_LEAD ? 0 : Math.min(at, text.indexOf(" ", at - EXCERPT_LEAD) + 1);
  let end = text.length;
  if (end - start > EXCERPT_LENGTH) {
    const space = text.lastIndexOf(" ", start + EXCERPT_LENGTH);
    end = space > at ? space : start + EXCERPT_LENGTH;
  }
  return `${start > 0 ? "… " : ""}${text.slice(start, end)}${end < text.length ? " …" : ""}`;
}

/** The pages' texts (search/text/), fetched once each, for results whose stored excerpt holds no match. */
const texts = new Map<string, Promise<string>>();

function textOf(pagePath: string): Promise<string> {
  const url = SEARCH_INDEX.textUrl(pagePath);
  let loading = texts.get(url);
  if (!loading) {
    loading = fetch(url, { credentials: "same-origin" }).then((response) => {
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      return response.json() as Promise<string>;
    });
    loading.catch(() => texts.delete(url));
    texts.set(url, loading);
  }
  return loading;
}

/**
 * What a query finds in an index: how many, and the first SHOWN with what they show; nothing when a file it needs
 * cannot be had (the next query tries again).
 */
const search = (loaded: Loaded, query: string): Promise<{ count: number; results: StoredResult[] }> =>
  loaded.index.search(query, SHOWN).catch(() => ({ count: 0, results: [] }));

class SearchView {
  readonly dialog: HTMLDialogElement;
  readonly field: HTMLInputElement;
  readonly status: HTMLElement;
  readonly results: HTMLElement;
  private opener: HTMLElement | null = null;
  private onSearchPage = false;
  private announcing?: ReturnType<typeof setTimeout>;
  private version = 0;
  /** The excerpts of the results shown that wait for their page's text, and what fills each in. */
  private readonly later = new Map<Element, () => Promise<void>>();
  private inView?: IntersectionObserver;
  private watching?: ReturnType<typeof setTimeout>;

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
    this.field.addEventListener("input", () => {
      this.keepInAddress(this.field.value.trim());
      void this.update();
    });
    this.dialog.addEventListener("keydown", (event) => this.move(event));
  }

  show(query: string | undefined, opener: HTMLElement | null): void {
    this.opener = opener;
    // On the search page the address holds the query, so the list can be shared or reloaded (/search?q=agent).
    this.onSearchPage = document.querySelector(SEARCH_PAGE_CONTROL_SELECTOR) !== null;
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
    this.keepInAddress("");
    this.opener?.focus();
  }

  /**
   * On the search page, writes the query into the address (none: no parameter), replacing the history entry: each
   * letter is no page to go back to.
   */
  private keepInAddress(query: string): void {
    if (!this.onSearchPage) return;
    const url = new URL(location.href);
    if (query) url.searchParams.set(SEARCH_QUERY_PARAMETER, query);
    else url.searchParams.delete(SEARCH_QUERY_PARAMETER);
    if (url.href !== location.href) history.replaceState(history.state, "", url);
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
    this.later.clear();
    this.watchExcerpts();
    if (terms.length === 0) {
      this.showResults([]);
      this.status.textContent = "";
      return;
    }
    const found = await search(loaded, query);
    if (version !== this.version) return;
    const lists: Node[] = [];
    let announcement: string;
    if (found.count > 0) {
      lists.push(this.list(found.results, terms, loaded));
      announcement = this.count(found.count, query, loaded.copy);
    } else {
      announcement = fillIn(loaded.copy.noResults, { query });
      // Nothing in this language: what the others have, each under its own heading.
      for (const other of Object.keys(loaded.languages).filter((lang) => lang !== loaded.lang)) {
        const theirs = await indexOf(other).catch(() => undefined);
        if (version !== this.version) return;
        if (!theirs) continue;
        const { count, results } = await search(theirs, query);
        if (version !== this.version) return;
        if (count === 0) continue;
        // The other language named in the interface's: "In German", "Auf Englisch".
        const heading = fillIn(loaded.copy.otherLanguage, { language: languageNames(loaded.lang).of(other) ?? other });
        const theirTerms = words(query).map((word) => queryTerm(word, other));
        lists.push(
          element(
            "section",
            { class: "search-other", lang: other, "aria-label": heading },
            element("h3", { class: "search-other-heading", lang: loaded.lang }, heading),
            this.list(results, theirTerms, theirs),
          ),
        );
        announcement = `${heading} ${this.count(count, query, loaded.copy)}`;
      }
    }
    if (version !== this.version) return;
    this.showResults(lists);
    this.watchExcerpts();
    this.announcing = setTimeout(() => {
      this.status.textContent = announcement;
    }, ANNOUNCE_AFTER_MS);
  }

  /**
   * Shows `lists` in place of the results shown. A list comes when its query's shards do, which may be after the
   * visitor moved onto a result with the arrow keys: the focus then stays on the same result (its address) if the
   * new list has it, else goes to the field, never to the page's body with the link removed. In the field it stays.
   */
  private showResults(lists: Node[]): void {
    const focused = document.activeElement;
    const href =
      focused instanceof HTMLAnchorElement && this.results.contains(focused) ? focused.getAttribute("href") : null;
    this.results.replaceChildren(...lists);
    if (href === null) return;
    const same = [...this.results.querySelectorAll("a")].find((link) => link.getAttribute("href") === href);
    (same ?? this.field).focus();
  }

  /**
   * A result's excerpt: around the first match in the stored excerpt (the page's start); if that holds none and
   * the page goes on, around the first match in the page's text, fetched once the result scrolls into view (the
   * two lines stay reserved meanwhile), or the page's start if the text cannot be had.
   */
  private excerpt(page: StoredPage, terms: readonly string[]): HTMLElement {
    const paragraph = element("p", { class: "search-excerpt" });
    const show = (text: string) => paragraph.replaceChildren(...marked(excerptAround(text, terms), terms));
    if (firstMatch(page.e, terms) !== undefined || !page.e.endsWith(" …")) show(page.e);
    else this.later.set(paragraph, () => textOf(page.u).then(show, () => show(page.e)));
    return paragraph;
  }

  /**
   * Observes the excerpts that wait for their page's text, each fetched once it is in view in the results, after
   * typing pauses (TEXTS_AFTER_MS): the lists of a word's first letters, gone at the next one, fetch nothing.
   */
  private watchExcerpts(): void {
    this.inView?.disconnect();
    clearTimeout(this.watching);
    if (this.later.size === 0) return;
    this.watching = setTimeout(() => this.observeExcerpts(), TEXTS_AFTER_MS);
  }

  private observeExcerpts(): void {
    this.inView = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const fill = entry.isIntersecting && this.later.get(entry.target);
          if (!fill) continue;
          this.later.delete(entry.target);
          this.inView?.unobserve(entry.target);
          void fill();
        }
      },
      { root: this.results },
    );
    for (const paragraph of this.later.keys()) this.inView.observe(paragraph);
  }

  private count(count: number, query: string, copy: SearchCopy): string {
    return fillIn(count === 1 ? copy.oneResult : copy.results, { count, query });
  }

  private list(results: StoredResult[], terms: readonly string[], loaded: Loaded): HTMLElement {
    return element(
      "ol",
      { class: "search-list" },
      ...results.slice(0, SHOWN).map((result) => {
        const page: StoredPage = result;
        // The index's terms the query matched: a slip's ("chatbto") marks the word it found ("chatbot").
        const own = [...terms, ...result.terms];
        const meta: (Node | string)[] = [];
        if (page.s) meta.push(element("span", {}, page.s));
        if (page.d) meta.push(element("time", { datetime: page.d }, formatDay(page.d, loaded.dateLocale)));
        if (page.x) meta.push(element("span", { class: "search-marker" }, page.x));
        return element(
          "li",
          { class: "search-hit" },
          element("a", { href: page.u, class: "search-hit-link" }, ...marked(page.t, own)),
          ...(meta.length > 0 ? [element("p", { class: "search-meta" }, ...meta)] : []),
          this.excerpt(page, own),
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
 * index (an open is likely to follow); a click or "/" shows the dialog, which gives the focus back to `opener`;
 * "address" shows it with the search page's address's `query` and its results.
 */
export function open(opener: HTMLElement | null, event?: string, query?: string): void {
  if (event === "focusin") prepare(pageLang());
  else show(pageLang(), opener, query);
}
