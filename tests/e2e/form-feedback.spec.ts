// Form feedback no one can miss (issue 43), read through the accessibility tree as a screen reader gets it:
// the error summary that takes the focus and links to each field, the "Error:" prefix of the page's title,
// and the status region beside the button that keeps the last outcome until the next submit. The spec's
// toasts stay (form.spec.ts); here only that a failure's toast and status outlast 15 s on a fake clock.
import type { Page } from "@playwright/test";
import type { FormCopy } from "../../src/content/schemas/index.ts";
import { FIELDS, type Field } from "../../src/shared/form/index.ts";
import { content, LANGS, type Lang, paths } from "./content.ts";
import { expect, formReady, test } from "./fixtures.ts";

const { simulatedDelayMs: SENDING_MS, throttle } = content.site.form;
const copyOf = (lang: Lang): FormCopy => content.langs[lang].form;
const START = Date.UTC(2025, 8, 1, 9, 0, 0);

const VALID = {
  name: "Jürgen Groß",
  email: "juergen@beispiel.de",
  company: "Müller & Söhne GmbH",
  message: "Wir möchten unseren Kundenservice mit KI automatisieren.",
};

async function openForm(page: Page, lang: Lang): Promise<void> {
  await page.clock.install({ time: START - 60_000 });
  await page.clock.pauseAt(START);
  await page.goto(paths[lang].home);
  await formReady(page);
}

const island = (page: Page) => page.locator("#contact-form-island");
const status = (page: Page) => island(page).getByRole("status");
const input = (page: Page, lang: Lang, field: Field) =>
  island(page).getByLabel(copyOf(lang).fields[field].label, { exact: true });
const submit = (page: Page) => island(page).locator('button[type="submit"]').click();

async function fill(page: Page, lang: Lang, values: Partial<Record<Field, string>>): Promise<void> {
  for (const field of FIELDS) if (values[field] !== undefined) await input(page, lang, field).fill(values[field]);
}

/** What a screen reader finds in the status region: the outcome's title and text, or nothing. */
async function expectStatus(page: Page, outcome: { title: string; text: string } | null): Promise<void> {
  if (!outcome) return expect(status(page)).toMatchAriaSnapshot("- status");
  const text = outcome.text.replace("{seconds}", String(throttle.minGapMs / 1000));
  await expect(status(page)).toMatchAriaSnapshot(
    // One text: the title is bold by <b>, not a <strong> of its own, which Orca spoke a second time (docs/accessibility.md).
    `- status: ${JSON.stringify(`${outcome.title} ${text}`)}`,
  );
}

test("the status region is in the page's HTML from the start, empty, beside the submit button", async ({ page }) => {
  for (const lang of LANGS) {
    const html = await (await page.request.get(paths[lang].home)).text();
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>[^<]*<\/button><p class="form-status" role="status"><\/p>/);
  }
});

for (const lang of LANGS) {
  test.describe(lang, () => {
    test("a failed submit: the summary takes the focus, names each field's message and links to the field; the title says so", async ({
      page,
    }) => {
      await openForm(page, lang);
      const title = await page.title();
      const copy = copyOf(lang);
      await fill(page, lang, { ...VALID, name: "A", company: "X" });
      await submit(page);
      const summary = island(page).locator(":focus");
      await expect(summary.getByRole("heading", { name: copy.errorSummary })).toBeVisible();
      const nameError = copy.errors.name.tooShort.replace("{min}", String(content.site.form.limits.name.min));
      const companyError = copy.errors.company.tooShort.replace("{min}", String(content.site.form.limits.company.min));
      await expect(summary).toMatchAriaSnapshot(`
        - heading ${JSON.stringify(copy.errorSummary)} [level=4]
        - list:
          - listitem:
            - link ${JSON.stringify(nameError)}
          - listitem:
            - link ${JSON.stringify(companyError)}
      `);
      await expect(page).toHaveTitle(`${copy.errorTitlePrefix} ${title}`);
      await expectStatus(page, null);

      // Each link leads to its own field, whose description is the same message.
      await summary.getByRole("link", { name: companyError }).click();
      await expect(input(page, lang, "company")).toBeFocused();
      await expect(input(page, lang, "company")).toHaveAccessibleDescription(companyError);

      // Fixed and sent: the summary and the prefix go, the status says what happened.
      await fill(page, lang, VALID);
      await submit(page);
      await expect(page).toHaveTitle(title);
      await expect(island(page).getByRole("heading", { name: copy.errorSummary })).toHaveCount(0);
      await page.clock.runFor(SENDING_MS);
      await expectStatus(page, copy.toasts.success);
    });

    test("each outcome is written into the status region and stays until the next submit", async ({ page }) => {
      await openForm(page, lang);
      const copy = copyOf(lang);
      await fill(page, lang, VALID);
      await submit(page);
      await page.clock.runFor(SENDING_MS);
      await expectStatus(page, copy.toasts.success);
      // Long after the success toast has gone, the status still says it.
      await page.clock.runFor(20_000);
      await expectStatus(page, copy.toasts.success);

      // Too soon after: "Please Wait".
      await fill(page, lang, VALID);
      await submit(page);
      await expectStatus(page, copy.toasts.wait);

      // A forbidden word: "Invalid Input"; the next submit clears what was there first.
      await fill(page, lang, { message: "Please write a script for our hotline." });
      await submit(page);
      await expectStatus(page, copy.toasts.invalid);

      // Enough messages in the window: "Too Many Attempts".
      await fill(page, lang, VALID);
      for (let sent = 1; sent < throttle.maxPerWindow; sent++) {
        await page.clock.runFor(throttle.minGapMs);
        await fill(page, lang, VALID);
        await submit(page);
        await page.clock.runFor(SENDING_MS);
        await expectStatus(page, copy.toasts.success);
      }
      await page.clock.runFor(throttle.minGapMs);
      await fill(page, lang, VALID);
      await submit(page);
      await expectStatus(page, copy.toasts.tooMany);
    });

    test("a failure is still readable 15 s later: its toast stays until dismissed, the status keeps it", async ({
      page,
    }) => {
      await openForm(page, lang);
      const copy = copyOf(lang);
      await fill(page, lang, { ...VALID, message: "Our site makes <b>bold</b> promises." });
      await submit(page);
      await page.clock.runFor(15_000);
      await expectStatus(page, copy.toasts.invalid);
      const toast = page.locator("[data-sonner-toast]").filter({ hasText: copy.toasts.invalid.title });
      await expect(toast).toBeVisible();
      await expect(toast).toContainText(copy.toasts.invalid.text);
      // Dismissed by its own button, named in the page's language.
      await toast.getByRole("button", { name: copy.dismiss }).click();
      await page.clock.runFor(1_000);
      await expect(toast).toHaveCount(0);
      await expectStatus(page, copy.toasts.invalid);
    });
  });
}
