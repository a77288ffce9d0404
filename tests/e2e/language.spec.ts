/**
 * The language switch: in place (no reload) with JavaScript, a plain link without it; every piece of copy
 * changes, history and scroll position behave, and the choice carries on to the privacy page.
 */
import type { Page } from "@playwright/test";
import {
  LANGS,
  NOT_FOUND_CONSOLE_ERROR,
  copy,
  footerLabel,
  normalize,
  otherLang,
  paths,
  switchCopy,
  type Lang,
} from "./content.ts";
import { expect, formReady, test } from "./fixtures.ts";

type Marked = Window & { __marker?: number };

const switcher = (page: Page, lang: Lang) =>
  page.getByRole("banner").getByRole("link", { name: switchCopy(lang).label });

async function expectPath(page: Page, path: string): Promise<void> {
  await expect.poll(() => new URL(page.url()).pathname).toBe(path);
}

/** Sets a marker on window that only survives if the page is not reloaded. */
const setMarker = (page: Page) =>
  page.evaluate(() => {
    (window as Marked).__marker = 1;
  });
const marker = (page: Page) => page.evaluate(() => (window as Marked).__marker);

/** Every string leaf of a piece of content, by its key path ("hero.badges.0"). */
function leaves(value: unknown, prefix = ""): Map<string, string> {
  const found = new Map<string, string>();
  if (typeof value === "string") found.set(prefix, value);
  else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value))
      for (const [path, text] of leaves(item, prefix ? `${prefix}.${key}` : key)) found.set(path, text);
  }
  return found;
}

/** The copy the home page shows as text (not attributes, not messages that only appear after an action). */
function homeCopy(lang: Lang): Map<string, string> {
  const { common, home, form } = copy(lang);
  const [before = "", after = ""] = form.emailAlternative.split("{email}");
  return leaves({
    skipLink: common.skipLink,
    header: { nav: common.header.nav, bookMeeting: common.header.bookMeeting },
    footer: common.footer,
    newTab: common.newTab,
    home: { hero: home.hero, services: home.services, expertise: home.expertise, contact: home.contact },
    form: {
      title: form.title,
      intro: form.intro,
      labels: Object.values(form.fields).map((field) => field.label),
      submit: form.submit,
      before,
      after,
    },
  });
}

/**
 * Strings of `from` that must be gone from a page in `to`: translated (they differ from their counterpart)
 * and not part of any string of `to` (so finding them really means untranslated copy).
 */
function untranslatedCandidates(from: Lang, to: Lang): string[] {
  const source = homeCopy(from);
  const target = homeCopy(to);
  const targetTexts = [...target.values()].map(normalize);
  return [...source]
    .filter(([path, text]) => text !== target.get(path))
    .map(([, text]) => normalize(text))
    .filter((text) => text.length >= 3 && !targetTexts.some((other) => other.includes(text)));
}

/** Checks that the home page on screen is entirely in `lang`. */
async function expectHomeIn(page: Page, lang: Lang): Promise<void> {
  const { common, home, form } = copy(lang);
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  await expect(page).toHaveTitle(home.meta.title);
  await expect(page.locator('head meta[name="description"]')).toHaveAttribute(
    "content",
    normalize(home.meta.description),
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(home.hero.headline);
  await expect(
    page.getByRole("banner").getByRole("link", { name: common.header.homeLabel, exact: true }),
  ).toBeVisible();
  await expect(page.getByRole("navigation", { name: common.header.navLabel }).getByRole("link")).toHaveText(
    common.header.nav.map((link) => link.label),
  );
  await expect(switcher(page, lang)).toContainText(switchCopy(lang).text);
  await expect(page.locator("main h2")).toHaveText([
    home.services.heading,
    home.expertise.heading,
    home.contact.heading,
  ]);
  await expect(page.locator("main h3")).toHaveText([
    ...home.services.cards.map((card) => card.title),
    home.contact.booking.title,
    form.title,
  ]);
  await expect(page.locator("#contact form label")).toHaveText(Object.values(form.fields).map((field) => field.label));
  for (const [name, field] of Object.entries(form.fields)) {
    await expect(page.locator(`#contact form [name="${name}"]`)).toHaveAttribute("placeholder", field.placeholder);
  }
  await expect(page.getByRole("contentinfo")).toContainText(normalize(common.footer.tagline));
  await expect(page.getByRole("contentinfo")).toContainText(common.footer.copyright);

  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText() (the visible text), not the DOM property
  const text = normalize(await page.locator("body").innerText());
  const leftovers = untranslatedCandidates(otherLang(lang), lang).filter((candidate) => text.includes(candidate));
  expect(leftovers, `copy of the other language still on the ${lang} page`).toEqual([]);
}

for (const from of LANGS) {
  const to = otherLang(from);

  test.describe(`switching ${from} → ${to}`, () => {
    test("happens in place and changes all copy, lang and title", async ({ page }) => {
      expect(untranslatedCandidates(from, to).length).toBeGreaterThan(20);
      await page.goto(paths[from].home);
      await expectHomeIn(page, from);
      await setMarker(page);

      await switcher(page, from).click();
      await expectPath(page, paths[to].home);
      await expectHomeIn(page, to);
      expect(await marker(page), "no full reload").toBe(1);

      // The form island comes back in the new language and works.
      await formReady(page);
      await expect(page.locator('#contact-form-island button[type="submit"]')).toHaveText(copy(to).form.submit);
    });

    test("switching back works, still without a reload", async ({ page }) => {
      await page.goto(paths[from].home);
      await setMarker(page);
      await switcher(page, from).click();
      await expectPath(page, paths[to].home);
      await expect(page.locator("html")).toHaveAttribute("lang", to);

      await switcher(page, to).click();
      await expectPath(page, paths[from].home);
      await expectHomeIn(page, from);
      expect(await marker(page)).toBe(1);
    });

    test("the browser's back and forward buttons restore the language", async ({ page }) => {
      await page.goto(paths[from].home);
      await setMarker(page);
      await switcher(page, from).click();
      await expectPath(page, paths[to].home);
      await expect(page.locator("html")).toHaveAttribute("lang", to);

      await page.goBack();
      await expectPath(page, paths[from].home);
      await expectHomeIn(page, from);

      await page.goForward();
      await expectPath(page, paths[to].home);
      await expectHomeIn(page, to);
      expect(await marker(page)).toBe(1);
    });

    test("the choice carries to the privacy page through the footer link", async ({ page }) => {
      await page.goto(paths[from].home);
      await switcher(page, from).click();
      await expect(page.locator("html")).toHaveAttribute("lang", to);

      const privacyLink = page
        .getByRole("contentinfo")
        .getByRole("link", { name: footerLabel(to, "privacy"), exact: true });
      await expect(privacyLink).toHaveAttribute("href", paths[to].privacy);
      await privacyLink.click();
      await expectPath(page, paths[to].privacy);
      await expect(page.locator("html")).toHaveAttribute("lang", to);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy(to).privacy.title);
      await expect(page.getByRole("contentinfo")).toContainText(normalize(copy(to).common.footer.tagline));
    });

    for (const width of [1280, 375]) {
      test(`keeps the #expertise section at the top of the screen (${width} px)`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(paths[from].home);
        const expertiseTop = () =>
          page.locator("#expertise").evaluate((element) => element.getBoundingClientRect().top);
        // Scroll #expertise to just below the sticky header, the way reading down the page leaves it.
        const headerBottom = await page.getByRole("banner").evaluate((header) => header.getBoundingClientRect().bottom);
        await page.locator("#expertise").evaluate((element, offset) => {
          window.scrollTo({ top: element.getBoundingClientRect().top + window.scrollY - offset, behavior: "instant" });
        }, headerBottom);
        await expect.poll(async () => Math.abs((await expertiseTop()) - headerBottom)).toBeLessThanOrEqual(1);
        const before = await expertiseTop();
        const scrollBefore = await page.evaluate(() => window.scrollY);

        // A real mouse click on the sticky header: locator.click() would first scroll the page itself.
        const box = await switcher(page, from).boundingBox();
        if (!box) throw new Error("language button has no box");
        await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
        await expect(page.locator("html")).toHaveAttribute("lang", to);
        await expect
          .poll(async () => Math.abs((await expertiseTop()) - before), { message: "#expertise stays where it was" })
          .toBeLessThanOrEqual(2);
        // The section sits elsewhere in the other language's document (copy lengths differ), so this needed re-anchoring.
        expect(await page.evaluate(() => window.scrollY)).not.toBe(scrollBefore);
      });
    }
  });
}

test.describe("language button on the privacy page", () => {
  for (const from of LANGS) {
    const to = otherLang(from);
    test(`privacy (${from}) leads to the ${to} privacy policy`, async ({ page }) => {
      await page.goto(paths[from].privacy);
      await switcher(page, from).click();
      await expectPath(page, paths[to].privacy);
      await expect(page.locator("html")).toHaveAttribute("lang", to);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy(to).privacy.title);
    });
  }
});

test.describe("language button on the 404 page", () => {
  test.use({ expectedErrors: [NOT_FOUND_CONSOLE_ERROR] });

  for (const from of LANGS) {
    const to = otherLang(from);
    test(`404 (${from}) leads to the ${to} home page`, async ({ page }) => {
      await page.goto(paths[from].notFound);
      await switcher(page, from).click();
      await expectPath(page, paths[to].home);
      await expectHomeIn(page, to);
    });
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const from of LANGS) {
    const to = otherLang(from);
    for (const kind of ["home", "privacy"] as const) {
      test(`the language button on ${paths[from][kind]} is a real link to ${paths[to][kind]}`, async ({ page }) => {
        await page.goto(paths[from][kind]);
        const link = switcher(page, from);
        await expect(link).toHaveAttribute("href", paths[to][kind]);
        await link.click();
        await expectPath(page, paths[to][kind]);
        await expect(page.locator("html")).toHaveAttribute("lang", to);
        const heading = kind === "home" ? copy(to).home.hero.headline : copy(to).privacy.title;
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      });
    }
  }
});

test.describe("switching while the form island is still loading", () => {
  test("the island hydrates once in the new language, without a React error", async ({ page }) => {
    // Hold the island's code back until the switch has started, then let it arrive.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/assets/form-island-*.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(paths.de.home);
    const requested = page.waitForRequest("**/assets/form-island-*.js");
    await page.locator("#contact").scrollIntoViewIfNeeded();
    await requested;
    const box = await switcher(page, "de").boundingBox();
    if (!box) throw new Error("language button has no box");
    const fetched = page.waitForResponse(
      (response) => new URL(response.url()).pathname === paths.en.home && response.request().resourceType() === "fetch",
    );
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    // The switch has fetched the English page and waits for the island it must unmount: let it arrive.
    await fetched;
    release();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await formReady(page);
    await expect(page.locator("#contact-form-island h3")).toHaveText(copy("en").form.title);
    // The page watch fails the test on any uncaught error, React's hydration errors included.
  });
});
