// The contact form in the browser, in English and German: field rules, forbidden input, the submitting
// state, the throttle, privacy of the draft, toasts, keyboard use and the no-JavaScript fallback.
//
// Time is Playwright's fake clock only: it is paused before the page loads, so nothing in the page moves
// until a test calls runFor. The submit handler waits simulatedDelayMs on a timer, the throttle reads
// Date.now(), and sonner adds a toast from a zero-delay timer and removes it after 4 s on another.
import type { Page } from "@playwright/test";
import type { FormCopy } from "../../src/content/schemas/index.ts";
import {
  type ContactValues,
  DEFAULT_STORE_KEY,
  EMPTY_VALUES,
  FIELDS,
  type Field,
} from "../../src/shared/form/index.ts";
import { EN as SPEC_ERRORS_EN } from "../unit/shared/form/fixtures.ts";
import { content, LANGS, type Lang, paths } from "./content.ts";
import { expect, formReady, test } from "./fixtures.ts";
import { TYPED } from "../support/message.ts";

const { site } = content;
const { simulatedDelayMs: SENDING_MS, limits } = site.form;
const { minGapMs, maxPerWindow, windowMs } = site.form.throttle;

// ---------------------------------------------------------------------------------------------------------
// Expected text: from the real content files; for English also the spec's literal strings (the contract).

/** The spec's toasts; "notSent" belongs to the optional real delivery, which the spec does not cover. */
type SpecToasts = Omit<FormCopy["toasts"], "notSent">;
type Contract = Pick<FormCopy, "sending" | "errors"> & { toasts: SpecToasts };
type ToastKind = keyof SpecToasts;

/** Spec sections 4, 5 and 8, word for word. */
const SPEC_EN: Contract = {
  sending: "Sending...",
  errors: SPEC_ERRORS_EN,
  toasts: {
    tooMany: { title: "Too Many Attempts", text: "Please wait before submitting another message." },
    wait: { title: "Please Wait", text: "Please wait 30 seconds before submitting again." },
    invalid: { title: "Invalid Input", text: "Your message contains invalid characters." },
    success: { title: "Message Received!", text: "Thank you for your message. We'll get back to you within 24 hours." },
  },
};
/** Spec section 4 names the German submitting label too. */
const SPEC_SENDING: Record<Lang, string> = { en: "Sending...", de: "Wird gesendet..." };

const copyOf = (lang: Lang): FormCopy => content.langs[lang].form;

/** The text the page must show in `lang`; English must also be the spec's exact wording. */
function say(lang: Lang, pick: (copy: Contract) => string): string {
  const text = pick(copyOf(lang));
  if (lang === "en") expect(text, "English copy keeps the spec's wording").toBe(pick(SPEC_EN));
  return text;
}

// ---------------------------------------------------------------------------------------------------------
// Test data.

/** A message that passes every rule, per language (accented letters, apostrophe and hyphen in the name). */
const VALID: Record<Lang, ContactValues> = TYPED;
const ANOTHER: ContactValues = {
  name: "José María Núñez",
  email: "jose@example.org",
  company: "Núñez Consulting",
  message: "A second message, written while the first one is still fresh.",
};

/** Exactly `length` characters; the e-mail keeps a valid shape. */
const long = {
  name: (length: number) => "Anna".repeat(Math.ceil(length / 4)).slice(0, length),
  email: (length: number) => `${"a".repeat(length - "@example.com".length)}@example.com`,
  text: (length: number) => "Lorem ipsum dolor sit amet. ".repeat(Math.ceil(length / 28)).slice(0, length),
};

const START = Date.UTC(2025, 8, 1, 9, 0, 0);

// ---------------------------------------------------------------------------------------------------------
// Page helpers.

/** Fake clock paused at START, the home page in `lang`, the form island hydrated. */
async function openForm(page: Page, lang: Lang): Promise<void> {
  await page.clock.install({ time: START - 60_000 });
  await page.clock.pauseAt(START);
  await page.goto(paths[lang].home);
  await formReady(page);
}

const island = (page: Page) => page.locator("#contact-form-island");
const submitButton = (page: Page) => island(page).locator('button[type="submit"]');
const input = (page: Page, lang: Lang, field: Field) =>
  island(page).getByLabel(copyOf(lang).fields[field].label, { exact: true });
const errorOf = (page: Page, field: Field) => island(page).locator(`#contact-${field}-error`);

async function fillForm(page: Page, lang: Lang, values: Partial<ContactValues>): Promise<void> {
  for (const field of FIELDS) {
    const value = values[field];
    if (value !== undefined) await input(page, lang, field).fill(value);
  }
}

async function expectValues(page: Page, lang: Lang, values: ContactValues): Promise<void> {
  for (const field of FIELDS) await expect(input(page, lang, field)).toHaveValue(values[field]);
}

const submit = (page: Page) => submitButton(page).click();

async function expectIdle(page: Page, lang: Lang): Promise<void> {
  await expect(submitButton(page)).toBeEnabled();
  await expect(submitButton(page)).toHaveText(copyOf(lang).submit);
}

/** Submits a valid form and lets the simulated delay pass; returns the time the submission was recorded. */
async function send(page: Page, lang: Lang, values: ContactValues = VALID[lang]): Promise<number> {
  await fillForm(page, lang, values);
  await submit(page);
  await expect(submitButton(page)).toHaveText(say(lang, (copy) => copy.sending));
  await page.clock.runFor(SENDING_MS);
  const sentAt = await browserNow(page);
  await expectToast(page, lang, "success");
  await expectValues(page, lang, EMPTY_VALUES);
  return sentAt;
}

// Time.

const browserNow = (page: Page) => page.evaluate(() => Date.now());

/** Runs the paused clock (firing every timer on the way) up to `time`. */
async function runUntil(page: Page, time: number): Promise<void> {
  const now = await browserNow(page);
  expect(time, "runUntil cannot go back in time").toBeGreaterThanOrEqual(now);
  await page.clock.runFor(time - now);
}

// Toasts.

const toasts = (page: Page) => page.locator("[data-sonner-toast]");
/** sonner puts the newest toast in front. */
const newestToast = (page: Page) => page.locator('[data-sonner-toast][data-front="true"]');
const toastRegion = (page: Page, lang: Lang) => page.getByRole("region", { name: copyOf(lang).notificationsLabel });
/** sonner's default lifetime (4 s) plus its 200 ms exit. */
const TOAST_GONE_MS = 4_500;

/** The newest toast is `kind`, localized, typed as success or error. */
async function expectToast(page: Page, lang: Lang, kind: ToastKind): Promise<void> {
  await page.clock.runFor(1); // sonner adds toasts from a zero-delay timer
  const toast = newestToast(page);
  await expect(toast.locator("[data-title]")).toHaveText(say(lang, (copy) => copy.toasts[kind].title));
  await expect(toast.locator("[data-description]")).toHaveText(say(lang, (copy) => copy.toasts[kind].text));
  await expect(toast).toHaveAttribute("data-type", kind === "success" ? "success" : "error");
  // Styled by the toasts' stylesheet, which the loader fetched with the island: it floats over the page.
  await expect(page.locator("[data-sonner-toaster]")).toHaveCSS("position", "fixed");
}

async function expectNoToast(page: Page): Promise<void> {
  await page.clock.runFor(1);
  await expect(toasts(page)).toHaveCount(0);
}

/**
 * Lets every toast on screen time out, so the next check sees only new ones. A toast that moved out of
 * the submit button's way (the page scrolled) was mounted again, which restarts its time on screen.
 */
async function clearToasts(page: Page): Promise<void> {
  // A pointer resting on a toast holds it open (sonner pauses on hover); the page edge has none.
  await page.mouse.move(1, 1);
  await expect(async () => {
    // An error toast stays until it is dismissed (issue 43): its close button does that.
    for (const close of await page.locator("[data-sonner-toast] [data-close-button]").all())
      await close.click({ timeout: 1_000 }).catch(() => undefined);
    await page.clock.runFor(TOAST_GONE_MS);
    await expect(toasts(page)).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ intervals: [0] });
}

// Field errors.

/**
 * After a failed submit the error summary at the top of the form has the focus and lists each field's message
 * as a link (GOV.UK's pattern); following the link for `field` (the first one listed here) moves the focus there.
 */
async function expectSummaryLeadsTo(page: Page, lang: Lang, field: Field): Promise<void> {
  const summary = island(page)
    .getByRole("heading", { name: copyOf(lang).errorSummary })
    .locator("..");
  await expect(summary).toBeFocused();
  const message = await errorOf(page, field).textContent();
  const link = summary.getByRole("link", { name: message ?? "", exact: true });
  await expect(link).toHaveAttribute("href", `#contact-${field}`);
  await link.focus();
  await page.keyboard.press("Enter");
  await expect(input(page, lang, field)).toBeFocused();
}

/** The message sits under its own field, is the field's accessible description, and marks it invalid. */
async function expectFieldError(page: Page, lang: Lang, field: Field, message: string): Promise<void> {
  const control = input(page, lang, field);
  const error = errorOf(page, field);
  await expect(error).toHaveText(message);
  await expect(control).toHaveAttribute("aria-invalid", "true");
  await expect(control).toHaveAttribute("aria-describedby", `contact-${field}-error`);
  await expect(control).toHaveAccessibleDescription(message);
  await expect(island(page).locator(`.field-${field}`).locator(`#contact-${field}-error`)).toBeVisible();
  const [controlBox, errorBox] = [await control.boundingBox(), await error.boundingBox()];
  expect(errorBox?.y ?? 0, `${field} error is below its field`).toBeGreaterThanOrEqual(
    (controlBox?.y ?? 0) + (controlBox?.height ?? 0) - 1,
  );
}

/** The field's label is on screen below the sticky header, with room to spare (tests/webkit/form.test.ts in WebKit). */
async function expectLabelBelowHeader(page: Page, field: Field): Promise<void> {
  const place = () =>
    page.evaluate((id) => {
      const label = document.querySelector(`label[for="${id}"]`)?.getBoundingClientRect();
      const header = document.querySelector(".site-header")?.getBoundingClientRect();
      return label && header
        ? { gap: label.top - header.bottom, bottom: label.bottom - window.innerHeight }
        : undefined;
    }, `contact-${field}`);
  // The page may still be scrolling there (smooth scrolling).
  await expect
    .poll(async () => (await place())?.gap, { message: `${field}'s label below the header` })
    .toBeGreaterThanOrEqual(8);
  expect((await place())?.bottom, `${field}'s label on screen`).toBeLessThanOrEqual(0);
}

async function expectNoFieldErrors(page: Page, lang: Lang): Promise<void> {
  await expect(island(page).locator(".field-error")).toHaveCount(0);
  for (const field of FIELDS) {
    await expect(input(page, lang, field)).not.toHaveAttribute("aria-invalid", /.*/);
    await expect(input(page, lang, field)).not.toHaveAttribute("aria-describedby", /.*/);
  }
}

// Storage.

interface Stored {
  session: Record<string, string>;
  localCount: number;
  documentCookie: string;
}

async function stored(page: Page): Promise<Stored> {
  return page.evaluate(() => ({
    session: Object.fromEntries(Object.keys(sessionStorage).map((key) => [key, sessionStorage.getItem(key) ?? ""])),
    localCount: localStorage.length,
    documentCookie: document.cookie,
  }));
}

/** The form's sessionStorage entry, parsed. */
async function formState(
  page: Page,
): Promise<{ draft: ContactValues; throttle: { lastSubmissionAt: number | null; count: number } }> {
  const raw = (await stored(page)).session[DEFAULT_STORE_KEY];
  expect(raw, "the form's sessionStorage entry").toBeDefined();
  return JSON.parse(raw ?? "{}");
}

async function expectNothingStored(page: Page): Promise<void> {
  expect(await stored(page)).toEqual({ session: {}, localCount: 0, documentCookie: "" });
  expect(await page.context().cookies()).toEqual([]);
}

/** The header's language button: the page swaps in place and the form island is mounted again. */
async function switchLanguage(page: Page, to: Lang): Promise<void> {
  await page.locator("[data-lang-switch]").click();
  await expect(page.locator("html")).toHaveAttribute("lang", to);
  await expect(page).toHaveURL(paths[to].home);
  await expect(island(page).getByRole("heading", { name: copyOf(to).title })).toBeVisible();
  await formReady(page);
}

// =========================================================================================================

test.describe("field messages", () => {
  for (const lang of LANGS) {
    test(`${lang}: too short or empty: every field's first message, under it, and focus on the first`, async ({
      page,
    }) => {
      await openForm(page, lang);
      await fillForm(page, lang, { name: "A", email: "", company: "B", message: "Too short" });
      await submit(page);
      await expectFieldError(
        page,
        lang,
        "name",
        say(lang, (c) => c.errors.name.tooShort),
      );
      await expectFieldError(
        page,
        lang,
        "email",
        say(lang, (c) => c.errors.email.invalid),
      );
      await expectFieldError(
        page,
        lang,
        "company",
        say(lang, (c) => c.errors.company.tooShort),
      );
      await expectFieldError(
        page,
        lang,
        "message",
        say(lang, (c) => c.errors.message.tooShort),
      );
      await expectSummaryLeadsTo(page, lang, "name");
      await expectLabelBelowHeader(page, "name");
      await expectNoToast(page);
      await expectIdle(page, lang);
    });

    test(`${lang}: too long: each field's maximum message`, async ({ page }) => {
      await openForm(page, lang);
      await fillForm(page, lang, {
        name: long.name(limits.name.max + 1),
        email: long.email(limits.email.max + 1),
        company: long.text(limits.company.max + 1),
        message: long.text(limits.message.max + 1),
      });
      await submit(page);
      await expectFieldError(
        page,
        lang,
        "name",
        say(lang, (c) => c.errors.name.tooLong),
      );
      await expectFieldError(
        page,
        lang,
        "email",
        say(lang, (c) => c.errors.email.tooLong),
      );
      await expectFieldError(
        page,
        lang,
        "company",
        say(lang, (c) => c.errors.company.tooLong),
      );
      await expectFieldError(
        page,
        lang,
        "message",
        say(lang, (c) => c.errors.message.tooLong),
      );
      await expectSummaryLeadsTo(page, lang, "name");
    });

    test(`${lang}: invalid name characters and e-mail format; focus goes to the first invalid field`, async ({
      page,
    }) => {
      await openForm(page, lang);
      await fillForm(page, lang, { ...VALID[lang], name: "R2-D2", email: "someone@example" });
      await submit(page);
      await expectFieldError(
        page,
        lang,
        "name",
        say(lang, (c) => c.errors.name.invalid),
      );
      await expectFieldError(
        page,
        lang,
        "email",
        say(lang, (c) => c.errors.email.format),
      );
      await expectSummaryLeadsTo(page, lang, "name");

      // Fixing the name leaves only the e-mail wrong: its message stays, and focus now lands there.
      await fillForm(page, lang, { name: VALID[lang].name });
      await submitButton(page).focus();
      await submit(page);
      await expect(errorOf(page, "name")).toHaveCount(0);
      await expect(input(page, lang, "name")).not.toHaveAttribute("aria-invalid", /.*/);
      await expectFieldError(
        page,
        lang,
        "email",
        say(lang, (c) => c.errors.email.format),
      );
      await expectSummaryLeadsTo(page, lang, "email");

      // The right shape but not a real address (one-letter top-level domain): the "valid address" message.
      await fillForm(page, lang, { email: "ann@example.c" });
      await submit(page);
      await expectFieldError(
        page,
        lang,
        "email",
        say(lang, (c) => c.errors.email.invalid),
      );
      await expectNoToast(page);
    });

    test(`${lang}: values right at the limits, accented names included, are accepted`, async ({ page }) => {
      await openForm(page, lang);
      const first = await send(page, lang, {
        name: "Al",
        email: long.email(limits.email.max),
        company: long.text(limits.company.max),
        message: "Hello, AI.",
      });
      await expectNoFieldErrors(page, lang);
      await runUntil(page, first + minGapMs);
      const second = await send(page, lang, {
        name: long.name(limits.name.max),
        email: "a@b.de",
        company: "AB",
        message: long.text(limits.message.max),
      });
      await runUntil(page, second + minGapMs);
      await send(page, lang, { ...VALID[lang], name: "François d’Arc-Ørsted" });
      await expectNoFieldErrors(page, lang);
    });
  }
});

test.describe("forbidden input", () => {
  const samples: [Field, string][] = [
    ["message", "Is a < b true for our pricing?"],
    ["message", "Our site makes <b>bold</b> promises."],
    ["company", "Acme > Others"],
    ["message", "Can your bot write a script for our hotline?"],
    ["message", "We use JavaScript on our website."],
    ["message", "See javascript:alert(1) for details."],
    ["company", "SCRIPT Studios"],
    ["name", "Script Kiddie"],
  ];

  for (const lang of LANGS) {
    test(`${lang}: an angle bracket or the word script/javascript: "Invalid Input", nothing sent, nothing lost`, async ({
      page,
    }) => {
      await openForm(page, lang);
      for (const [field, text] of samples) {
        const values = { ...VALID[lang], [field]: text };
        await fillForm(page, lang, values);
        await submit(page);
        await expectToast(page, lang, "invalid");
        await expectNoFieldErrors(page, lang);
        await expectIdle(page, lang);
        await expectValues(page, lang, values);
        await expect(input(page, lang, field), `focus on the ${field} field holding "${text}"`).toBeFocused();
        await clearToasts(page);
      }
      // Rejected every time: nothing was ever counted as sent.
      expect((await formState(page)).throttle).toEqual({ lastSubmissionAt: null, count: 0 });
    });

    test(`${lang}: words that merely contain "script" are fine`, async ({ page }) => {
      await openForm(page, lang);
      await send(page, lang, {
        ...VALID[lang],
        company: "Beschreibung & Transcript",
        message: "The job description mentions a subscription and a transcript service.",
      });
    });

    test(`${lang}: field errors come before forbidden input`, async ({ page }) => {
      await openForm(page, lang);
      await fillForm(page, lang, { ...VALID[lang], company: "X", message: "<script>alert(1)</script>" });
      await submit(page);
      await expectFieldError(
        page,
        lang,
        "company",
        say(lang, (c) => c.errors.company.tooShort),
      );
      await expectNoToast(page);
      await expectSummaryLeadsTo(page, lang, "company");
    });
  }
});

test.describe("submitting", () => {
  for (const lang of LANGS) {
    test(`${lang}: the button is disabled and reads the sending label for the whole delay, then success and reset`, async ({
      page,
    }) => {
      await openForm(page, lang);
      const values = VALID[lang];
      await fillForm(page, lang, values);
      await submit(page);
      const button = submitButton(page);
      await expect(button).toBeDisabled();
      await expect(button).toHaveText(say(lang, (c) => c.sending));
      await expect(button).toHaveText(SPEC_SENDING[lang]);

      await page.clock.runFor(SENDING_MS - 1);
      await expect(button).toBeDisabled();
      await expect(button).toHaveText(SPEC_SENDING[lang]);
      await expectValues(page, lang, values);
      await expect(toasts(page)).toHaveCount(0);
      // What is being sent is fixed: nothing can be typed now that the reset would then wipe.
      for (const field of FIELDS) await expect(input(page, lang, field)).not.toBeEditable();

      await page.clock.runFor(1);
      await expectToast(page, lang, "success");
      await expectValues(page, lang, EMPTY_VALUES);
      await expectNoFieldErrors(page, lang);
      await expectIdle(page, lang);
      for (const field of FIELDS) await expect(input(page, lang, field)).toBeEditable();
      // The button was focused when sending began; disabling it dropped focus, which comes back.
      await expect(button).toBeFocused();
      expect((await formState(page)).draft).toEqual(EMPTY_VALUES);
    });

    test(`${lang}: a second click or Enter while sending sends nothing more`, async ({ page }) => {
      await openForm(page, lang);
      await fillForm(page, lang, VALID[lang]);
      await submit(page);
      await expect(submitButton(page)).toBeDisabled();
      await submitButton(page).click({ force: true });
      await input(page, lang, "name").press("Enter");
      await page.clock.runFor(SENDING_MS);
      await expectToast(page, lang, "success");
      await expect(toasts(page)).toHaveCount(1);
      expect((await formState(page)).throttle.count).toBe(1);
    });
  }
});

test.describe("throttle", () => {
  /** Three successful submissions, each the minimum gap after the previous; returns the last one's time. */
  async function reachLimit(page: Page, lang: Lang): Promise<number> {
    let last = await send(page, lang);
    for (let sent = 1; sent < maxPerWindow; sent++) {
      await runUntil(page, last + minGapMs);
      last = await send(page, lang);
    }
    expect((await formState(page)).throttle).toEqual({ lastSubmissionAt: last, count: maxPerWindow });
    return last;
  }

  for (const lang of LANGS) {
    test(`${lang}: under 30 s after a submission: "Please Wait"; at 30 s it goes through`, async ({ page }) => {
      await openForm(page, lang);
      const sentAt = await send(page, lang);
      expect((await formState(page)).throttle).toEqual({ lastSubmissionAt: sentAt, count: 1 });

      await fillForm(page, lang, ANOTHER);
      await runUntil(page, sentAt + minGapMs - 1);
      await submit(page);
      await expectToast(page, lang, "wait");
      await expectIdle(page, lang);
      await expectValues(page, lang, ANOTHER);
      expect((await formState(page)).throttle).toEqual({ lastSubmissionAt: sentAt, count: 1 });

      await runUntil(page, sentAt + minGapMs);
      await submit(page);
      await expect(submitButton(page)).toHaveText(say(lang, (c) => c.sending));
      await page.clock.runFor(SENDING_MS);
      await expectToast(page, lang, "success");
      expect((await formState(page)).throttle.count).toBe(2);
    });

    test(`${lang}: the 4th submission within the hour: "Too Many Attempts", even after the 30 s gap`, async ({
      page,
    }) => {
      await openForm(page, lang);
      const last = await reachLimit(page, lang);
      await clearToasts(page);

      // Too many wins over "please wait" (a few seconds after the third)...
      await fillForm(page, lang, ANOTHER);
      await submit(page);
      await expectToast(page, lang, "tooMany");
      await expectValues(page, lang, ANOTHER);
      await expectIdle(page, lang);

      // ...and still holds once the 30 s gap has passed (the error toast stays until dismissed: dismissed first).
      await clearToasts(page);
      await runUntil(page, last + minGapMs);
      await expect(toasts(page)).toHaveCount(0);
      await submit(page);
      await expectToast(page, lang, "tooMany");
      await expectValues(page, lang, ANOTHER);
      expect((await formState(page)).throttle).toEqual({ lastSubmissionAt: last, count: maxPerWindow });
    });

    test(`${lang}: the count resets once more than an hour has passed since the last submission`, async ({ page }) => {
      await openForm(page, lang);
      const last = await reachLimit(page, lang);
      await fillForm(page, lang, ANOTHER);

      await runUntil(page, last + windowMs);
      await submit(page);
      await expectToast(page, lang, "tooMany");

      await runUntil(page, last + windowMs + 1);
      await submit(page);
      await expect(submitButton(page)).toHaveText(say(lang, (c) => c.sending));
      await page.clock.runFor(SENDING_MS);
      const resetAt = await browserNow(page);
      await expectToast(page, lang, "success");
      expect((await formState(page)).throttle).toEqual({ lastSubmissionAt: resetAt, count: 1 });
    });

    test(`${lang}: order of checks: field errors, then forbidden input, then the throttle; rejections never count`, async ({
      page,
    }) => {
      await openForm(page, lang);
      const first = await send(page, lang);
      await clearToasts(page);

      // Throttled, but the field error is what the visitor sees: no toast at all.
      await fillForm(page, lang, { ...ANOTHER, message: "Too short" });
      await submit(page);
      await expectFieldError(
        page,
        lang,
        "message",
        say(lang, (c) => c.errors.message.tooShort),
      );
      await expectNoToast(page);

      // Throttled, fields fine, forbidden input: "Invalid Input", not "Please Wait".
      await fillForm(page, lang, { message: "Please compare <b>these</b> offers." });
      await submit(page);
      await expect(errorOf(page, "message")).toHaveCount(0);
      await expectToast(page, lang, "invalid");
      await clearToasts(page);

      // Only a message that could be sent meets the throttle.
      await fillForm(page, lang, { message: ANOTHER.message });
      await submit(page);
      await expectToast(page, lang, "wait");
      await expectValues(page, lang, ANOTHER);

      // None of those rejections moved the 30 s gap or used up one of the three.
      expect((await formState(page)).throttle).toEqual({ lastSubmissionAt: first, count: 1 });
      await runUntil(page, first + minGapMs);
      const second = await send(page, lang, ANOTHER);
      await runUntil(page, second + minGapMs);
      await send(page, lang);
      expect((await formState(page)).throttle.count).toBe(maxPerWindow);
    });
  }
});

test.describe("nothing typed is lost", () => {
  for (const lang of LANGS) {
    test(`${lang}: values stay after field errors, forbidden input and the throttle`, async ({ page }) => {
      await openForm(page, lang);
      const withError = { ...VALID[lang], email: "not-an-address" };
      await fillForm(page, lang, withError);
      await submit(page);
      await expectFieldError(
        page,
        lang,
        "email",
        say(lang, (c) => c.errors.email.format),
      );
      await expectValues(page, lang, withError);

      const forbidden = { ...VALID[lang], message: "<i>Hello</i> from the marketing team" };
      await fillForm(page, lang, forbidden);
      await submit(page);
      await expectToast(page, lang, "invalid");
      await expectValues(page, lang, forbidden);

      const sentAt = await send(page, lang);
      await fillForm(page, lang, ANOTHER);
      await submit(page);
      await expectToast(page, lang, "wait");
      await expectValues(page, lang, ANOTHER);
      expect(await browserNow(page)).toBeLessThan(sentAt + minGapMs);
    });

    test(`${lang}: text typed before the form island has loaded survives hydration`, async ({ page }) => {
      // Hold the island back until the visitor has typed (it loads when the form is near or focused).
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/assets\/form-island-[^/]*\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.clock.install({ time: START - 60_000 });
      await page.clock.pauseAt(START);
      await page.goto(paths[lang].home);
      await input(page, lang, "name").click();
      await page.keyboard.type(VALID[lang].name);
      await input(page, lang, "message").fill(VALID[lang].message);
      await expect(submitButton(page)).toBeDisabled();
      release();
      await formReady(page);
      await expectValues(page, lang, { ...EMPTY_VALUES, name: VALID[lang].name, message: VALID[lang].message });
      await fillForm(page, lang, { email: VALID[lang].email, company: VALID[lang].company });
      await expectValues(page, lang, VALID[lang]);
    });
  }
});

test.describe("privacy and the draft", () => {
  for (const lang of LANGS) {
    const other: Lang = lang === "en" ? "de" : "en";

    test(`${lang}: visiting stores nothing; typing and sending use sessionStorage only`, async ({ page }) => {
      await page.clock.install({ time: START - 60_000 });
      await page.clock.pauseAt(START);
      await page.goto(paths[lang].home);
      await expectNothingStored(page);
      await formReady(page);
      await expectNothingStored(page);
      // Moving through the form without typing stores nothing either.
      await input(page, lang, "name").focus();
      await page.keyboard.press("Tab");
      await expectNothingStored(page);

      await input(page, lang, "name").fill(VALID[lang].name);
      const afterTyping = await stored(page);
      expect(Object.keys(afterTyping.session)).toEqual([DEFAULT_STORE_KEY]);
      expect(afterTyping.localCount).toBe(0);
      expect(afterTyping.documentCookie).toBe("");
      expect((await formState(page)).draft).toEqual({ ...EMPTY_VALUES, name: VALID[lang].name });

      const sentAt = await send(page, lang);
      expect(await formState(page)).toMatchObject({
        draft: EMPTY_VALUES,
        throttle: { lastSubmissionAt: sentAt, count: 1 },
      });
      const afterSending = await stored(page);
      expect(afterSending.localCount).toBe(0);
      expect(afterSending.documentCookie).toBe("");
      expect(await page.context().cookies()).toEqual([]);
    });

    test(`${lang}: a half-written form survives reloads and is cleared only by a successful submission`, async ({
      page,
    }) => {
      await openForm(page, lang);
      const draft = { ...EMPTY_VALUES, name: VALID[lang].name, message: VALID[lang].message };
      await fillForm(page, lang, draft);

      await page.reload();
      await formReady(page);
      await expectValues(page, lang, draft);

      // A rejected submission does not clear it either.
      await submit(page);
      await expectFieldError(
        page,
        lang,
        "email",
        say(lang, (c) => c.errors.email.invalid),
      );
      await page.reload();
      await formReady(page);
      await expectValues(page, lang, draft);

      const sentAt = await send(page, lang);
      await page.reload();
      await formReady(page);
      await expectValues(page, lang, EMPTY_VALUES);

      // The throttle came through the reload too.
      await fillForm(page, lang, ANOTHER);
      expect(await browserNow(page)).toBeLessThan(sentAt + minGapMs);
      await submit(page);
      await expectToast(page, lang, "wait");
    });

    test(`${lang}: the draft follows a language switch and back`, async ({ page }) => {
      await openForm(page, lang);
      const draft = { ...EMPTY_VALUES, name: VALID[lang].name, company: VALID[lang].company };
      await fillForm(page, lang, draft);

      await switchLanguage(page, other);
      await expect(island(page).getByRole("button", { name: copyOf(other).submit })).toBeVisible();
      await expectValues(page, other, draft);

      // Completed and rejected in the new language: the messages are in that language.
      await submit(page);
      await expectFieldError(
        page,
        other,
        "email",
        say(other, (c) => c.errors.email.invalid),
      );
      await fillForm(page, other, { message: VALID[other].message });

      await switchLanguage(page, lang);
      await expectValues(page, lang, { ...draft, message: VALID[other].message });
      await fillForm(page, lang, { email: VALID[lang].email });
      await switchLanguage(page, other);
      await submit(page);
      await expect(submitButton(page)).toHaveText(SPEC_SENDING[other]);
      await page.clock.runFor(SENDING_MS);
      await expectToast(page, other, "success");
      await expectValues(page, other, EMPTY_VALUES);
      expect((await formState(page)).draft).toEqual(EMPTY_VALUES);
    });

    test(`${lang}: with sessionStorage unavailable the form works fully from memory`, async ({ page }) => {
      await page.addInitScript(() => {
        Object.defineProperty(window, "sessionStorage", {
          configurable: true,
          get() {
            throw new DOMException("The operation is insecure.", "SecurityError");
          },
        });
      });
      await openForm(page, lang);
      expect(await page.evaluate(() => localStorage.length)).toBe(0);

      await fillForm(page, lang, { ...VALID[lang], company: "X" });
      await submit(page);
      await expectFieldError(
        page,
        lang,
        "company",
        say(lang, (c) => c.errors.company.tooShort),
      );

      // The draft is kept in memory across a language switch.
      await switchLanguage(page, other);
      await expectValues(page, other, { ...VALID[lang], company: "X" });
      await fillForm(page, other, { company: VALID[lang].company });
      const sentAt = await send(page, other, VALID[lang]);

      // The throttle works from memory too.
      await fillForm(page, other, ANOTHER);
      await submit(page);
      await expectToast(page, other, "wait");
      await expectValues(page, other, ANOTHER);
      await runUntil(page, sentAt + minGapMs);
      await send(page, other, ANOTHER);
      expect(await page.evaluate(() => localStorage.length)).toBe(0);
      expect(await page.context().cookies()).toEqual([]);
    });
  }
});

test.describe("toasts", () => {
  for (const lang of LANGS) {
    // The toasts' region is silent (aria-live="off"): the status line under the button says each outcome, once
    // (issue 58; toasts.spec.ts counts what is spoken).
    test(`${lang}: one Toaster, a silent region with a localized name; success and error look different`, async ({
      page,
    }) => {
      await openForm(page, lang);
      const region = toastRegion(page, lang);
      await expect(region).toHaveCount(1);
      await expect(region).toHaveAttribute("aria-live", "off");
      await expect(page.locator("section[aria-live]")).toHaveCount(1);

      await fillForm(page, lang, { ...VALID[lang], message: "Is a > b for our pricing?" });
      await submit(page);
      await expectToast(page, lang, "invalid");
      await expect(region.locator("[data-sonner-toast]")).toHaveCount(1);
      await expect(page.locator("[data-sonner-toaster]")).toHaveCount(1);
      const errorLook = await newestToast(page).evaluate((el) => getComputedStyle(el).backgroundColor);
      await clearToasts(page);

      await send(page, lang);
      await expect(region.locator("[data-sonner-toast]")).toHaveCount(1);
      const successLook = await newestToast(page).evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(successLook).not.toBe(errorLook);

      // After a language switch there is still exactly one, now named in the other language.
      const other: Lang = lang === "en" ? "de" : "en";
      await switchLanguage(page, other);
      await expect(page.locator("section[aria-live]")).toHaveCount(1);
      await expect(toastRegion(page, other)).toHaveCount(1);
    });
  }

  test.describe("at 375 px wide a toast never covers the submit button", () => {
    const viewport = { width: 375, height: 667 };
    test.use({ viewport });
    /** Scrolling and toast transitions take real (not fake) time; look often. */
    const POLL = { intervals: [50] };

    /** Scrolls so that the submit button's top edge is `top` px from the top of the viewport. */
    async function placeButton(page: Page, top: number): Promise<void> {
      // The site scrolls smoothly (focusing a field may still be scrolling): placed means it stayed put.
      await expect
        .poll(
          () =>
            submitButton(page).evaluate((button, wanted) => {
              const off = button.getBoundingClientRect().top - wanted;
              if (Math.abs(off) < 1) return "placed";
              window.scrollBy({ top: off, behavior: "instant" });
              return `moved by ${off}`;
            }, top),
          { ...POLL, message: `button top at ${top}px` },
        )
        .toBe("placed");
    }

    /** Once the page has stopped scrolling and the toasts have stopped moving: all visible, none on the button. */
    /** No toast covers the submit button (or `target`: the field the visitor is told to correct). */
    async function expectButtonClear(page: Page, target = submitButton(page)): Promise<void> {
      let lastScroll = Number.NaN;
      await expect
        .poll(async () => {
          const scroll = await page.evaluate(() => window.scrollY);
          const still = scroll === lastScroll;
          lastScroll = scroll;
          return still;
        }, POLL)
        .toBe(true);
      await expect(toasts(page).first()).toBeVisible();
      await expect
        .poll(
          () =>
            page.evaluate(
              () => document.querySelector("[data-sonner-toaster]")?.getAnimations({ subtree: true }).length ?? 0,
            ),
          POLL,
        )
        .toBe(0);
      const button = await target.boundingBox();
      expect(button).not.toBeNull();
      for (const toast of await toasts(page).all()) {
        const box = await toast.boundingBox();
        expect(box).not.toBeNull();
        if (!box || !button) return;
        const overlaps =
          box.x < button.x + button.width &&
          button.x < box.x + box.width &&
          box.y < button.y + button.height &&
          button.y < box.y + box.height;
        expect(overlaps, `toast ${JSON.stringify(box)} vs button ${JSON.stringify(button)}`).toBe(false);
        await expect(toast).toBeInViewport({ ratio: 1 });
      }
    }

    const headerHeight = 64;
    const buttonHeight = 44;
    const low = viewport.height - buttonHeight - 24;
    const nearTop = headerHeight + 12;

    for (const lang of LANGS) {
      for (const [where, top] of [
        ["low on the screen", low],
        ["scrolled near the top", nearTop],
      ] as const) {
        test(`${lang}: button ${where}: the success and the throttle toasts stay clear of it`, async ({ page }) => {
          await openForm(page, lang);
          await fillForm(page, lang, VALID[lang]);
          await placeButton(page, top);
          await submit(page);
          await page.clock.runFor(SENDING_MS);
          await expectToast(page, lang, "success");
          await expectButtonClear(page);

          await clearToasts(page);
          await fillForm(page, lang, ANOTHER);
          await placeButton(page, top);
          await submit(page);
          await expectToast(page, lang, "wait");
          await expectButtonClear(page);
        });
      }

      /** Three submissions: from then on every submit shows "Too Many Attempts", which leaves focus alone. */
      async function spendAllAttempts(page: Page): Promise<void> {
        for (let sent = 0; sent < maxPerWindow; sent++) {
          await send(page, lang);
          await page.clock.runFor(minGapMs);
        }
        await fillForm(page, lang, ANOTHER);
      }

      test(`${lang}: button anywhere in between: the toast stays clear of it`, async ({ page }) => {
        await openForm(page, lang);
        await spendAllAttempts(page);
        for (let top = nearTop + 60; top < low; top += 80) {
          await placeButton(page, top);
          await submit(page);
          await expectToast(page, lang, "tooMany");
          await expectButtonClear(page);
          await clearToasts(page);
        }
      });

      test(`${lang}: a toast on screen moves out of the way when the visitor scrolls the button under it`, async ({
        page,
      }) => {
        await openForm(page, lang);
        await spendAllAttempts(page);
        await placeButton(page, low);
        await submit(page);
        await expectToast(page, lang, "tooMany");
        for (const top of [nearTop, low, nearTop + 120, low - 120]) {
          await placeButton(page, top);
          await expectButtonClear(page);
        }
      });

      test(`${lang}: "Invalid Input" focuses the field, the page scrolls, the toast stays clear of the field, then of the button`, async ({
        page,
      }) => {
        await openForm(page, lang);
        for (const [field, top] of [
          ["message", nearTop],
          ["name", low],
          ["company", nearTop + 150],
        ] as const) {
          await fillForm(page, lang, { ...VALID[lang], [field]: "Script Studios" });
          await placeButton(page, top);
          await submit(page);
          await expectToast(page, lang, "invalid");
          await expect(input(page, lang, field)).toBeFocused();
          // The field being corrected first (issue 58); once the visitor moves on to the button, the button.
          await expectButtonClear(page, input(page, lang, field));
          await submitButton(page).focus();
          await expectButtonClear(page);
          await clearToasts(page);
        }
      });
    }
  });
});

test.describe("keyboard only", () => {
  for (const lang of LANGS) {
    for (const key of ["Enter", "Space"] as const) {
      test(`${lang}: Tab through the fields, type, press ${key} on the button`, async ({ page }) => {
        await openForm(page, lang);
        const name = input(page, lang, "name");
        // From the top of the page, the way a keyboard user gets there.
        for (
          let presses = 0;
          presses < 100 && !(await name.evaluate((el) => el === document.activeElement));
          presses++
        ) {
          await page.keyboard.press("Tab");
        }
        await expect(name).toBeFocused();
        const values = VALID[lang];
        for (const [index, field] of FIELDS.entries()) {
          if (index > 0) await page.keyboard.press("Tab");
          await expect(input(page, lang, field)).toBeFocused();
          await page.keyboard.type(values[field]);
        }
        await page.keyboard.press("Tab");
        await expect(submitButton(page)).toBeFocused();
        await page.keyboard.press(key);
        await expect(submitButton(page)).toHaveText(SPEC_SENDING[lang]);
        await page.clock.runFor(SENDING_MS);
        await expectToast(page, lang, "success");
        await expectValues(page, lang, EMPTY_VALUES);
        await expect(submitButton(page)).toBeFocused();
      });
    }
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const lang of LANGS) {
    test(`${lang}: the form cannot be submitted and the e-mail address is a mailto link`, async ({ page }) => {
      const navigations: string[] = [];
      page.on("request", (request) => {
        if (request.isNavigationRequest()) navigations.push(request.url());
      });
      await page.goto(paths[lang].home);
      const home = page.url();
      navigations.length = 0;

      const copy = copyOf(lang);
      const { email } = site.company;
      const button = submitButton(page);
      await expect(button).toBeDisabled();
      await expect(button).toHaveText(copy.submit);
      const mailto = island(page).getByRole("link", { name: email });
      await expect(mailto).toBeVisible();
      await expect(mailto).toHaveAttribute("href", `mailto:${email}`);
      await expect(island(page).locator(".form-alt")).toHaveText(copy.emailAlternative.replace("{email}", email));

      // Enter in a field and a click on the button both go nowhere: no GET leaking the message into the URL.
      await fillForm(page, lang, VALID[lang]);
      await input(page, lang, "name").press("Enter");
      await input(page, lang, "email").press("Enter");
      await button.click({ force: true });
      await expect(page).toHaveURL(home);
      await expectValues(page, lang, VALID[lang]);
      expect(navigations).toEqual([]);
      expect(page.url()).not.toContain("?");
    });
  }
});
