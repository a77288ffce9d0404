/** The contact form's fields, in the order they appear on the page. */
export const FIELDS = ["name", "email", "company", "message"] as const;
export type Field = (typeof FIELDS)[number];
export type ContactValues = Record<Field, string>;

export const EMPTY_VALUES: ContactValues = Object.freeze({
  name: "",
  email: "",
  company: "",
  message: "",
});
