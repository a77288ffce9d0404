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
