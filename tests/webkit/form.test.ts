/**
 * The contact form in WebKit, in both languages: an empty submit shows every field's message and focuses the error
 * summary at the top of the form; its first link focuses the first field with its label in view below the sticky
 * header and a focus ring drawn; a valid message gets the toast.
 */
import { By, Key, until } from "selenium-webdriver";
import { afterEach, describe, expect, test } from "vitest";
import { EMPTY_VALUES, FIELDS, type ContactValues, type Field } from "../../src/shared/form/index.ts";
import { content, LANGS, type Lang, paths } from "../e2e/content.ts";
import { focusedControl, labelPlace, scrollSettled } from "./in-page.ts";
import { attach, click, inPage, open, setViewport, violations } from "./session.ts";
import { pageErrors } from "./watch.ts";
import { TYPED } from "../support/message.ts";

const page = attach();
const { limits } = content.site.form;
const formCopy = (lang: Lang) => content.langs[lang].form;

/** What an empty field says: the copy of content/<lang>/form.yaml with the limits of site.yaml. */
const emptyMessage = (lang: Lang, field: Field): string => {
  const { errors } = formCopy(lang);
  if (field === "email") return errors.email.invalid;
  return errors[field].tooShort.replace("{min}", String(limits[field].min));
};

const VALID: Record<Lang, ContactValues> = TYPED;

const SUBMIT = "#contact-form-island button[type='submit']";
const WAIT_MS = 10_000;

/** A fresh visit: nothing from an earlier test in this tab's sessionStorage (draft, throttle), the island live. */
async function openForm(lang: Lang, width: number): Promise<void> {
  await setViewport(page, width);
  await open(page, paths[lang].home);
  await page.driver.executeScript(() => sessionStorage.clear());
  await open(page, paths[lang].home);
  await page.driver.executeScript(() => document.getElementById("contact")?.scrollIntoView({ behavior: "instant" }));
  await page.driver.wait(
    until.elementIsEnabled(page.driver.findElement(By.css(SUBMIT))),
    WAIT_MS,
    "the form island did not go live",
  );
}

afterEach(async () => {
  expect(await pageErrors(page.driver), "errors in the page").toEqual([]);
  expect(await violations(page), "policy violations").toEqual([]);
});

for (const lang of LANGS) {
  describe(`${lang}: empty submit`, () => {
    for (const width of [375, 1280]) {
      test(`every field's message, focus on the summary, its link to the first field: the label below the header and a focus ring (${width} px)`, async () => {
        await openForm(lang, width);
        await click(page, page.driver.findElement(By.css(SUBMIT)));
        await page.driver.wait(until.elementLocated(By.css("#contact-message-error")), WAIT_MS, "no field messages");
        await inPage(page, scrollSettled);

        for (const field of FIELDS)
          expect(await page.driver.findElement(By.id(`contact-${field}-error`)).getText(), field).toBe(
            emptyMessage(lang, field),
          );
        const summary = await inPage(page, focusedControl);
        expect(summary?.name, "the error summary has the focus").toMatch(
          new RegExp(`^div "${formCopy(lang).errorSummary}`),
        );
        // The summary's first link, followed with the keyboard as a screen reader user would.
        await page.driver.actions().sendKeys(Key.TAB).perform();
        expect((await inPage(page, focusedControl))?.name).toBe(
          `a "${emptyMessage(lang, "name").trim().slice(0, 40)}"`,
        );
        await page.driver.actions().sendKeys(Key.ENTER).perform();
        await inPage(page, scrollSettled);
        const focused = await inPage(page, focusedControl);
        expect(focused?.name).toBe(`input "contact-name"`);
        const place = await inPage(page, labelPlace, "contact-name");
        // Room to spare: the label clear of the header by more than a focus ring's width and offset.
        expect
          .soft(place.labelTop, "the label's top below the sticky header, with room")
          .toBeGreaterThanOrEqual(place.headerBottom + 8);
        expect.soft(place.labelBottom, "the label on screen").toBeLessThanOrEqual(800);
        expect.soft(focused?.ring, "the focus ring").toBe("ring");
      });
    }
  });

  test(`${lang}: a valid message gets the success toast`, async () => {
    await openForm(lang, 1280);
    for (const field of FIELDS) await page.driver.findElement(By.id(`contact-${field}`)).sendKeys(VALID[lang][field]);
    await click(page, page.driver.findElement(By.css(SUBMIT)));
    const toast = await page.driver.wait(
      until.elementLocated(By.css("[data-sonner-toast][data-type='success']")),
      WAIT_MS,
      "no success toast",
    );
    // Sonner slides it in: its text counts as shown once the toast is.
    await page.driver.wait(until.elementIsVisible(toast), WAIT_MS, "the success toast did not show");
    const { title, text } = formCopy(lang).toasts.success;
    expect(await toast.findElement(By.css("[data-title]")).getText()).toBe(title);
    expect(await toast.findElement(By.css("[data-description]")).getText()).toBe(text);
    // Sent, so the form is empty again.
    for (const field of FIELDS)
      expect(await page.driver.findElement(By.id(`contact-${field}`)).getAttribute("value"), field).toBe(
        EMPTY_VALUES[field],
      );
  });
}
