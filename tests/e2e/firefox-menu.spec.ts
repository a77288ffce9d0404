/**
 * The header's menu below 900 px in Debian's Firefox ESR (issue 43), at 320, 375 and 768 px in both languages,
 * through WebDriver BiDi (firefox-bidi.ts): the button is reached with Tab; opened, the focus is on the first link;
 * the keyboard moves to each link and follows it to its section or to Insights, and the menu closes; Escape closes
 * it and the focus is back on the button. The button is pressed with the mouse: a headless Firefox window never has
 * the system's focus, and Firefox then does not activate a <summary> from the keyboard (firefox-bidi.ts); the
 * Chromium and WebKit suites press it with Enter.
 */
import type { Server } from "node:http";
import { expect, test } from "@playwright/test";
import { menu } from "../../src/routes/navigation.ts";
import { startStaticServer, urlOf } from "../../src/server/static-server.ts";
import { runnable } from "./browser.ts";
import { LANGS, type Lang, model, paths } from "./content.ts";
import { type Firefox, FIREFOX_PATH, FirefoxSilent, KEYS, launchFirefox } from "./firefox-bidi.ts";

const entriesOf = (lang: Lang) => {
  const home = model.routes.find((route) => route.kind === "home" && route.lang === lang);
  if (!home) throw new Error(`no home page in ${lang}`);
  return menu(model, home, "header");
};

/** The menu as the page has it now, read in the page. */
const STATE = `(() => {
  const details = document.querySelector("header details");
  const active = document.activeElement;
  return {
    open: details?.hasAttribute("open") ?? false,
    expanded: details?.querySelector("summary")?.getAttribute("aria-expanded") ?? null,
    focused: active?.localName === "summary" ? "menu button" : (active?.textContent ?? "").trim(),
    path: location.pathname,
    hash: location.hash,
    linksShown: [...document.querySelectorAll("header nav li a")].filter((link) => link.getClientRects().length > 0).length,
  };
})()`;
interface State {
  open: boolean;
  expanded: string | null;
  focused: string;
  path: string;
  hash: string;
  linksShown: number;
}

test.describe("Firefox ESR: the header menu by keyboard", () => {
  test.describe.configure({ mode: "serial" });
  let server: Server;
  let firefox: Firefox;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    if (!runnable(FIREFOX_PATH))
      throw new Error(
        `the Firefox tests need Firefox at ${FIREFOX_PATH}: install it with \`sudo apt-get install firefox-esr\`, or set FIREFOX_PATH`,
      );
    server = await startStaticServer({ dir: "dist", port: 0 });
    firefox = await launchFirefox();
  });
  test.afterAll(async () => {
    await firefox?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const state = () => firefox.evaluate<State>(STATE);
  async function openHome(lang: Lang): Promise<void> {
    await firefox.goto(urlOf(server) + paths[lang].home);
    // The loader's module (the menu's handling) has arrived: the button says whether the menu is open.
    await expect.poll(async () => (await state()).expanded).toBe("false");
  }
  async function tabToMenuButton(): Promise<void> {
    for (let step = 0; step < 10; step++) {
      await firefox.press(KEYS.Tab);
      if ((await state()).focused === "menu button") return;
    }
    throw new Error("Tab never reached the menu button");
  }
  /** Presses the focused menu button (see above: with the mouse). */
  async function pressMenuButton(): Promise<void> {
    const { x, y } = await firefox.evaluate<{ x: number; y: number }>(
      `(() => { const box = document.querySelector("header summary").getBoundingClientRect(); return { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) }; })()`,
    );
    await firefox.clickAt(x, y);
  }

  for (const width of [320, 375, 768]) {
    for (const lang of LANGS) {
      test(`${width} px, ${lang}: open, move to each link, follow it; the menu closes; Escape closes it`, async () => {
        test.setTimeout(120_000);
        await firefox.setViewport(width, 700);
        const entries = entriesOf(lang);
        /** Opens the menu, moves to the entry and follows it. */
        async function follow(index: number, entry: (typeof entries)[number]): Promise<void> {
          await openHome(lang);
          expect((await state()).linksShown, "closed, no link shows").toBe(0);
          await tabToMenuButton();
          await pressMenuButton();
          await expect.poll(async () => (await state()).expanded).toBe("true");
          const opened = await state();
          expect(opened.linksShown).toBe(entries.length);
          expect(opened.focused, "opening moved the focus to the first link").toBe(entries[0]?.label);
          for (let step = 0; step < index; step++) await firefox.press(KEYS.Tab);
          expect((await state()).focused).toMatch(new RegExp(`^${entry.label}`));
          await firefox.press(KEYS.Enter);
          const target = new URL(entry.href, `http://site${paths[lang].home}`);
          await expect
            .poll(async () => {
              const now = await state();
              return `${now.path}${now.hash}`;
            })
            .toBe(`${target.pathname}${target.hash}`);
          if (target.hash) {
            const after = await state();
            expect(after.open, "an in-page link closes the menu").toBe(false);
            expect(after.expanded).toBe("false");
          }
        }
        for (const [index, entry] of entries.entries()) {
          try {
            await follow(index, entry);
          } catch (error) {
            if (!(error instanceof FirefoxSilent)) throw error;
            console.log(`${error.message}: Firefox relaunched, "${entry.label}" once more`);
            await firefox.close();
            firefox = await launchFirefox();
            await firefox.setViewport(width, 700);
            await follow(index, entry);
          }
        }

        await openHome(lang);
        await tabToMenuButton();
        await pressMenuButton();
        await expect.poll(async () => (await state()).focused).toBe(entries[0]?.label);
        await firefox.press(KEYS.Tab);
        await firefox.press(KEYS.Escape);
        const closed = await state();
        expect(closed.open).toBe(false);
        expect(closed.focused).toBe("menu button");
      });
    }
  }
});
