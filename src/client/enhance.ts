// What makes every page's links quicker and its header menu complete, fetched by the inline loader (main.ts)
// once the page has painted its first content (nothing may be requested before that): the instant language switch, prefetching on intent and the menu's keyboard and focus
// handling, and the search control's listener (search.ts). Until it arrives each of them works as plain HTML does (a link navigates, the menu is a <details>),
// and it is out of the page's first window (the 14 KB every page's HTML must fit in, docs/performance.md).
import { ENHANCED_ATTRIBUTE, LANG_SWITCH_SELECTOR, SEARCH_CONTROL_SELECTOR } from "../shared/page-markup.ts";
import { enhanceLanguageSwitch } from "./language-switch.ts";
import { enhanceMenu, syncMenu } from "./menu.ts";
import { prefetchOnIntent } from "./prefetch.ts";
import { watchSearch } from "./search.ts";

export interface PageHooks {
  /** Before the language switch replaces the page (the form island unmounts). */
  beforeSwap(): Promise<void> | void;
  /** After it did (the form island is watched for again). */
  afterSwap(): void;
}

export function enhance(hooks: PageHooks): void {
  // The language buttons fetch their page themselves; the search control opens a dialog, never its page.
  prefetchOnIntent(`${LANG_SWITCH_SELECTOR}, ${SEARCH_CONTROL_SELECTOR}`);
  enhanceMenu();
  watchSearch();
  enhanceLanguageSwitch({
    beforeSwap: hooks.beforeSwap,
    afterSwap: () => {
      syncMenu();
      hooks.afterSwap();
    },
  });
  document.documentElement.setAttribute(ENHANCED_ATTRIBUTE, "");
}
