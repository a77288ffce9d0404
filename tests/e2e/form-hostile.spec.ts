import { copy, paths } from "./content.ts";
import { expect, formReady, test } from "./fixtures.ts";

const errors = copy("en").form.errors;
const VALID = {
  email: "ada@example.org",
  company: "Analytical Engines",
  message: "We would like to talk about a support bot.",
};

for (const [what, name, message] of [
  ["a name without two letters", "- '", errors.name.invalid],
  [
    "a name of two letters stuffed with 20,000 combining marks",
    `A${"\u0301".repeat(10_000)}b${"\u0301".repeat(10_000)}`,
    errors.name.tooLong,
  ],
] as const) {
  test(`${what} is refused under the field, and every typed character stays`, async ({ page }) => {
    await page.goto(paths.en.home);
    await formReady(page);
    const form = page.locator("#contact-form-island");
    await form.locator('[name="name"]').fill(name);
    for (const [field, value] of Object.entries(VALID)) await form.locator(`[name="${field}"]`).fill(value);
    await form.locator('button[type="submit"]').click();
    await expect(form.locator("#contact-name-error, [id$='name-error']").first()).toHaveText(message);
    await expect(form.locator('[name="name"]')).toHaveValue(name);
    for (const [field, value] of Object.entries(VALID))
      await expect(form.locator(`[name="${field}"]`)).toHaveValue(value);
  });
}
