// The ids, selectors and data attributes that the server render, the content loader and the browser code share:
// one home, so a name changed here changes everywhere. It ships to the browser (the loader imports from it, and
// esbuild keeps only what the loader reads), so nothing but these names may live here.

/**
 * The ids the page chrome gives its own elements on every Markdown page. A heading in an author's text
 * gets an id from its words (## Main -> #main); one of these would appear twice on the page, so the
 * content loader refuses such a heading where it is written.
 */
export const CHROME_IDS = {
  /** The skip link's target. */
  main: "main",
  /** The "On this page" list's heading. */
  toc: "toc-heading",
  /** The notice a language button leads to when the page it was on has no translation (home and section pages). */
  notTranslated: "not-translated",
  /** The header's links, which the menu button shows below 900 px. */
  menu: "site-menu",
} as const;

/** Ids of the home page's sections: menus in common.yaml link to them as "#services" and the like. */
export const SECTION_IDS = { services: "services", expertise: "expertise", contact: "contact" } as const;

/** The form island's mount point and the element holding its props (the loader mounts it there). */
export const FORM_ISLAND = { root: "contact-form-island", props: "contact-form-props" } as const;

/** On the header's navigation, whose menu (a <details>) the loader makes close on Escape, outside clicks and followed links. */
export const MENU_ATTRIBUTE = "data-menu";

/**
 * On <html> once the loader's module (client/enhance.ts) has made the language button instant and the menu
 * complete, a moment after the first paint: tests wait for it before they act faster than a visitor would.
 */
export const ENHANCED_ATTRIBUTE = "data-enhanced";

/**
 * On a page's headings: the index of the heading's counterpart among the parts of the default language's page
 * (routes/places.ts), the same in every language, so the language switch lands on the counterpart of the heading
 * the reader is in.
 */
export const PLACE_ATTRIBUTE = "data-place";

/**
 * The head elements that belong to one page's text rather than to the frame every page shares (besides <title>):
 * what the language switch and npm run dev's in-place update (dev/browser/swap.ts) replace when they swap a page in.
 */
export const PAGE_HEAD_SELECTOR =
  'meta[name="description"], meta[name="robots"], meta[property], meta[name^="twitter:"], link[rel="canonical"], link[rel="alternate"], script[type="application/ld+json"]';

/** The language button, which the loader turns into an instant swap. */
export const LANG_SWITCH_SELECTOR = "[data-lang-switch]";

/** On a video's play link: the player's address, loaded into a frame only when the visitor clicks (client/video.ts). */
export const VIDEO_EMBED_ATTRIBUTE = "data-embed";
/** On a video's play link: the player frame's accessible title. */
export const VIDEO_TITLE_ATTRIBUTE = "data-title";
/**
 * On <html>: the origins the page's Content-Security-Policy allows as frames (none: no attribute). The
 * language switch swaps pages only where it is equal, since a swapped-in page keeps the old policy.
 */
export const FRAME_POLICY_ATTRIBUTE = "data-frame-src";

/**
 * The search control (the header's link to the search page, the search page's button): the loader opens the search
 * dialog from it, and fetches the dialog's code and the index when it is focused (search/browser/). Separate names,
 * not one object: esbuild keeps a whole object the loader reads one key of.
 */
export const SEARCH_CONTROL_ATTRIBUTE = "data-search";
export const SEARCH_CONTROL_SELECTOR = "[data-search]";
/** The search page's own control (SEARCH_CONTROL_ATTRIBUTE's value there): where the dialog keeps the query in the address. */
export const SEARCH_PAGE_CONTROL = "page";
export const SEARCH_PAGE_CONTROL_SELECTOR = '[data-search="page"]';
/** The search page's address parameter that holds a query (/search?q=agent), so a result list can be shared. */
export const SEARCH_QUERY_PARAMETER = "q";
