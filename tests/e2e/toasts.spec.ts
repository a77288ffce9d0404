/**
 * Issue 58: every signal once, by eye and by ear. The toasts meet AA (axe, both schemes, with each toast shown);
 * a send is announced once (one live region says it: the status line; sonner's region is silent); on a phone the
 * toast never covers the field the visitor is told to correct, wherever the page is scrolled; the toast's close
 * button and every header control are 44 x 44 px at 320 and 375 px.
 */
import type { Page } from "@playwright/test";
import type { FormCopy } from "../../src/content/schemas/index.ts";
import { axeOn } from "./axe.ts";
import { content, LANGS, type Lang, paths } from "./content.ts";
import { expect, formReady, test } from "./fixtures.ts";

const { simulatedDelayMs: SENDING_MS } = content.site.form;
const copyOf = (lang: Lang): FormCopy => content.langs[lang].form;
const START = Date.UTC(2026, 0, 5, 9, 0, 0);
const VALID = {
  name: "Jürgen Groß",
  email: "juergen@beispiel.de",
  company: "Müller GmbH",
  message: "Wir möchten unseren Kundenservice mit KI automatisieren.",
};
/** A message the form refuses as it is (a forbidden word), with an error toast that stays until dismissed. */
const FORBIDDEN = "Please write a script for our hotline.";

const island = (page: Page) => page.locator("#contact-form-island");
const field = (page: Page, lang: Lang, name: keyof typeof VALID) =>
  island(page).getByLabel(copyOf(lang).fields[name].label, { exact: true });
const toastOf = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title });

async function openForm(page: Page, lang: Lang, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 667 });
  await page.clock.install({ time: START - 60_000 });
  await page.clock.pauseAt(START);
  await page.goto(paths[lang].home);
  await formReady(page);
}

async function type(page: Page, lang: Lang, values: Partial<typeof VALID>): Promise<void> {
  for (const [name, value] of Object.entries(values)) {
    await field(page, lang, name as keyof typeof VALID).click();
    await page.keyboard.type(value, { delay: 5 });
  }
}

const submit = (page: Page) => island(page).locator('button[type="submit"]').click();

async function sendOnce(page: Page, lang: Lang): Promise<void> {
  await type(page, lang, VALID);
  await submit(page);
  await page.clock.runFor(SENDING_MS);
  // Sonner adds a toast on its next timer tick: the paused clock lets it run.
  await page.clock.runFor(50);
  await expect(toastOf(page, copyOf(lang).toasts.success.title)).toBeVisible();
}

async function refuse(page: Page, lang: Lang): Promise<void> {
  await type(page, lang, { ...VALID, message: FORBIDDEN });
  await submit(page);
  await page.clock.runFor(50);
  await expect(toastOf(page, copyOf(lang).toasts.invalid.title)).toBeVisible();
}

for (const scheme of ["light", "dark"] as const) {
  for (const lang of LANGS) {
    for (const outcome of ["success", "invalid"] as const) {
      test(`${lang}, ${scheme}: axe finds nothing with the ${outcome} toast shown`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
        await openForm(page, lang, 375);
        if (outcome === "success") await sendOnce(page, lang);
        else await refuse(page, lang);
        const toast = toastOf(page, copyOf(lang).toasts[outcome].title);
        // The pointer on it holds a success toast (sonner pauses on hover); axe runs on timers the clock must run.
        await toast.hover();
        await page.clock.resume();
        const results = await axeOn(page).include("[data-sonner-toaster]").include("#contact").analyze();
        await expect(toast).toBeVisible();
        expect(results.passes.map((pass) => pass.id)).toContain("color-contrast");
        expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
      });
    }
  }
}

for (const lang of LANGS) {
  test(`${lang}: a send is announced once, by the status line`, async ({ page }) => {
    await openForm(page, lang, 375);
    await sendOnce(page, lang);
    const { title } = copyOf(lang).toasts.success;
    // Every live region of the page that holds the words: what a screen reader would speak.
    const speaking = await page.evaluate((words) => {
      const live = [...document.querySelectorAll<HTMLElement>("[aria-live], [role=status], [role=alert], [role=log]")];
      return live
        .filter((region) => (region.getAttribute("aria-live") ?? "polite") !== "off")
        .filter((region) => !live.some((outer) => outer !== region && outer.contains(region)))
        .filter((region) => region.textContent?.includes(words))
        .map((region) => region.className || region.tagName);
    }, title);
    expect(speaking).toEqual(["form-status"]);
    await expect(island(page).getByRole("status")).toContainText(title);
  });
}

for (const width of [320, 375]) {
  test(`${width} px: every header control and the toast's close button are at least 44 x 44 px`, async ({ page }) => {
    await openForm(page, "en", width);
    const controls = page.getByRole("banner").locator("a:visible, summary:visible, button:visible");
    const boxes = await controls.evaluateAll((elements) =>
      elements.map((element) => {
        const box = element.getBoundingClientRect();
        return { name: element.getAttribute("aria-label") ?? element.textContent?.trim(), w: box.width, h: box.height };
      }),
    );
    expect(boxes.length).toBeGreaterThanOrEqual(4);
    for (const box of boxes) expect(box, `${box.name}`).toMatchObject({ w: expect.any(Number), h: expect.any(Number) });
    expect(boxes.filter((box) => box.w < 44 || box.h < 44)).toEqual([]);
    // No control pushed out of a phone's screen to make room.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    await refuse(page, "en");
    const close = toastOf(page, copyOf("en").toasts.invalid.title).getByRole("button", { name: copyOf("en").dismiss });
    // The toast slides in with a transform, and a box measured mid-way is a hair short (43.999996 px in CI's run of
    // stop 60): the size is read once the toast has come to rest.
    const size = async () => {
      const box = await close.boundingBox();
      return Math.min(box?.width ?? 0, box?.height ?? 0);
    };
    await expect.poll(size).toBeGreaterThanOrEqual(44);
  });
}

for (const lang of LANGS) {
  test(`${lang}, 375 px: the error toast never covers the field the visitor is told to correct`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await openForm(page, lang, 375);
    await refuse(page, lang);
    const message = field(page, lang, "message");
    await expect(message).toBeFocused();
    const toast = toastOf(page, copyOf(lang).toasts.invalid.title);
    const overlap = async () => {
      const [a, b] = [await toast.boundingBox(), await message.boundingBox()];
      // Moving to the other end, sonner mounts the toast afresh: no box for a moment.
      if (!a || !b) return Number.NaN;
      return Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
    };
    // The field from the top of the screen to the bottom: the toast moves out of its way each time.
    const header = await page.getByRole("banner").evaluate((element) => element.getBoundingClientRect().bottom);
    for (const at of [header, 200, 300, 420, 520]) {
      await message.evaluate((element, top) => {
        window.scrollBy({ top: element.getBoundingClientRect().top - top, behavior: "instant" });
      }, at);
      await expect.poll(overlap, { message: `field at ${at} px` }).toBe(0);
    }
  });
}
