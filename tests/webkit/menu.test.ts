/**
 * The header's menu below 900 px in WebKit (issue 43), at 320, 375 and 768 px in both languages: with the keyboard
 * alone a visitor opens it, moves to each link, follows it to its section or to Insights, and it closes; Escape
 * closes it and gives the focus back to the button. The Chromium suite (tests/e2e/menu.spec.ts) also runs it
 * without JavaScript.
 */
import { Key } from "selenium-webdriver";
import { afterEach, describe, expect, test } from "vitest";
import { menu } from "../../src/routes/navigation.ts";
import { LANGS, type Lang, model, paths } from "../e2e/content.ts";
import { attach, inPage, open, setViewport, violations } from "./session.ts";
import { pageErrors } from "./watch.ts";

const page = attach();

const entriesOf = (lang: Lang) => {
  const home = model.routes.find((route) => route.kind === "home" && route.lang === lang);
  if (!home) throw new Error(`no home page in ${lang}`);
  return menu(model, home, "header");
};

/** The menu as the page has it now: open or not, the button's state, what has the focus, where the page is. */
function menuState(): {
  open: boolean;
  expanded: string | null;
  focused: string;
  path: string;
  hash: string;
  linksShown: number;
} {
  const details = document.querySelector("header details");
  const active = document.activeElement;
  return {
    open: details?.hasAttribute("open") ?? false,
    expanded: details?.querySelector("summary")?.getAttribute("aria-expanded") ?? null,
    focused: active?.localName === "summary" ? "menu button" : (active?.textContent ?? "").trim(),
    path: window.location.pathname,
    hash: window.location.hash,
    linksShown: [...document.querySelectorAll("header nav li a")].filter((link) => link.getClientRects().length > 0)
      .length,
  };
}

/** Whether the element with this id is on screen below the sticky header. */
function inView(id: string): boolean {
  const box = document.getElementById(id)?.getBoundingClientRect();
  return !!box && box.top < window.innerHeight && box.bottom > 0;
}

const press = (...keys: string[]) =>
  page.driver
    .actions()
    .sendKeys(...keys)
    .perform();

async function tabToMenuButton(): Promise<void> {
  for (let step = 0; step < 10; step++) {
    await press(Key.TAB);
    if ((await inPage(page, menuState)).focused === "menu button") return;
  }
  throw new Error("Tab never reached the menu button");
}

/** The loader's module (the menu's handling) has arrived: the button says whether the menu is open. */
const enhanced = () => page.driver.wait(async () => (await inPage(page, menuState)).expanded === "false", 10_000);

afterEach(async () => {
  expect(await pageErrors(page.driver), "errors in the page").toEqual([]);
  expect(await violations(page), "policy violations").toEqual([]);
});

for (const width of [320, 375, 768]) {
  describe(`${width} px`, () => {
    for (const lang of LANGS) {
      test(`${lang}: keyboard alone: open, move to each link, follow it; the menu closes`, async () => {
        await setViewport(page, width);
        const entries = entriesOf(lang);
        for (const [index, entry] of entries.entries()) {
          await open(page, paths[lang].home);
          await enhanced();
          expect((await inPage(page, menuState)).linksShown, "closed, no link shows").toBe(0);
          await tabToMenuButton();
          await press(Key.ENTER);
          let state = await inPage(page, menuState);
          expect(state.open).toBe(true);
          expect(state.expanded).toBe("true");
          expect(state.linksShown).toBe(entries.length);
          expect(state.focused, "opening moved the focus to the first link").toBe(entries[0]?.label);
          for (let step = 0; step < index; step++) await press(Key.TAB);
          expect((await inPage(page, menuState)).focused).toMatch(new RegExp(`^${entry.label}`));
          await press(Key.ENTER);
          const target = new URL(entry.href, `http://site${paths[lang].home}`);
          await page.driver.wait(
            async () => {
              const now = await inPage(page, menuState);
              return now.path === target.pathname && now.hash === target.hash;
            },
            10_000,
            `following ${entry.label} did not lead to ${entry.href}`,
          );
          if (target.hash) {
            await page.driver.wait(() => inPage(page, inView, target.hash.slice(1)), 10_000, `${target.hash} in view`);
            state = await inPage(page, menuState);
            expect(state.open, "an in-page link closes the menu").toBe(false);
            expect(state.expanded).toBe("false");
          }
        }
      });

      test(`${lang}: Escape closes the menu and gives the focus back to the button`, async () => {
        await setViewport(page, width);
        await open(page, paths[lang].home);
        await enhanced();
        await tabToMenuButton();
        await press(Key.ENTER);
        await press(Key.TAB);
        await press(Key.ESCAPE);
        const state = await inPage(page, menuState);
        expect(state.open).toBe(false);
        expect(state.expanded).toBe("false");
        expect(state.focused).toBe("menu button");
      });
    }
  });
}
