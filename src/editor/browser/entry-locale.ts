/** The editor's routes that open an entry or a new one: #/collections/<name>/entries/<path>, …/new. */
const ENTRY_ROUTE = /^#\/collections\/[^/?]+\/(entries\/|new\b)/;

/**
 * Opens every entry on the content's default language. The editor remembers the language tab last used for
 * each collection, so an author who last worked in German found the next page open in German and typed English
 * into it. Its own `?_locale=` route parameter says which language to open on; it is added to every route that
 * opens an entry before the editor sees the route.
 */
export function openEntriesOn(locale: string): void {
  const withLocale = (hash: string) => `${hash}${hash.includes("?") ? "&" : "?"}_locale=${encodeURIComponent(locale)}`;
  window.addEventListener(
    "hashchange",
    (event) => {
      const { hash } = window.location;
      if (!ENTRY_ROUTE.test(hash) || /[?&]_locale=/.test(hash)) return;
      event.stopImmediatePropagation();
      const oldURL = window.location.href;
      window.history.replaceState(window.history.state, "", withLocale(hash));
      window.dispatchEvent(new HashChangeEvent("hashchange", { oldURL, newURL: window.location.href }));
    },
    { capture: true },
  );
  const { hash } = window.location;
  if (ENTRY_ROUTE.test(hash) && !/[?&]_locale=/.test(hash))
    window.history.replaceState(window.history.state, "", withLocale(hash));
}
