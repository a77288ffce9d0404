/** Element ids shared by the server render and the client loader; nothing else may live here (it ships to the browser). */
export const FORM_ISLAND = { root: "contact-form-island", props: "contact-form-props" } as const;
export const LANG_SWITCH_SELECTOR = "[data-lang-switch]";
