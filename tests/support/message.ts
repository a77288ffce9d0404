/**
 * The tests' one valid contact message, as the form sends it (its idempotency key and fill-time token are each
 * test's own): every field within the rules of src/shared/form/, in English, from the home page.
 */
// Frozen: the unit test files share one module registry (vitest.config.ts, isolate: false).
export const ADA = Object.freeze({
  name: "Ada Lovelace",
  email: "ada@example.org",
  company: "Analytical Engines Ltd",
  message: "Please call me back about our support bot.",
  language: "en",
  page: "/",
});

/**
 * What a visitor types into the form, per language, where a test types as a person does (accented letters, an
 * apostrophe and a hyphen in the name, an ampersand in the company): the browser tests and bench/orca-speech.ts.
 */
export const TYPED = Object.freeze({
  en: Object.freeze({
    name: "Zoë O'Neil-Åberg",
    email: "zoe@example.com",
    company: "Acme Robotics",
    message: "We would like to automate our support inbox with AI.",
  }),
  de: Object.freeze({
    name: "Jürgen Groß",
    email: "juergen@beispiel.de",
    company: "Müller & Söhne GmbH",
    message: "Wir möchten unseren Kundenservice mit KI automatisieren.",
  }),
});
