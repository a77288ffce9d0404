/**
 * A page that exists in one language only: its language button leads to the nearest page of the other
 * language, which says why, with and without JavaScript, and history still steps back and forth.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { build } from "../../src/pipeline/index.ts";
import { startStaticServer, urlOf } from "../../src/server/static-server.ts";
import { enhanced } from "./fixtures.ts";

const NOTICE_DE =
  "Die Seite, von der Sie kommen, gibt es nicht auf Deutsch. Hier ist die nächstgelegene deutsche Seite.";
const BUTTON_DE = "Diese Seite gibt es nicht auf Deutsch – zur nächstgelegenen deutschen Seite";

test.describe("a page in one language only", () => {
  test.describe.configure({ timeout: 120_000 });
  let work = "";
  let server: Server;
  let site = "";
  const errors: string[] = [];

  test.beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), "partial-e2e-"));
    const content = join(work, "content");
    cpSync("content", content, { recursive: true });
    mkdirSync(join(content, "en/pages/insights"), { recursive: true });
    writeFileSync(
      join(content, "en/pages/insights/english-only.md"),
      '---\ntitle: English only\ndescription: Written in English alone.\ndate: "2026-11-10"\nsummary: Only here.\n---\n\nThis article has no German translation.\n',
    );
    await build({ contentDir: content, outDir: join(work, "dist"), validationCache: false });
    server = await startStaticServer({ dir: join(work, "dist"), port: 0 });
    site = urlOf(server);
  });

  test.afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    rmSync(work, { recursive: true, force: true });
  });

  const watch = (page: Page) => {
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    page.on("pageerror", (error) => errors.push(error.message));
  };
  test.afterEach(() => {
    expect(errors.splice(0), "console errors").toEqual([]);
  });

  test("DE leads to the German section in place, the notice is shown and focused, and back and forward still work", async ({
    page,
  }) => {
    watch(page);
    await page.goto(`${site}/insights/english-only`);
    // The button swaps in place once the loader's module has come (a moment after the first paint); before that it
    // is a plain link, which the next test covers.
    await enhanced(page);
    const notice = page.locator("#not-translated");
    await expect(notice).toBeHidden();
    await page.evaluate(() => Object.assign(window, { __marker: 1 }));
    const button = page.getByRole("banner").getByRole("link", { name: "DE", exact: true });
    await expect(button).toHaveAccessibleDescription(BUTTON_DE);
    await button.click();

    await expect.poll(() => new URL(page.url()).pathname).toBe("/de/einblicke");
    expect(new URL(page.url()).hash).toBe("#not-translated");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(notice).toBeVisible();
    await expect(notice).toHaveText(NOTICE_DE);
    await expect(notice).toBeFocused();
    expect(
      await page.evaluate(() => (window as Window & { __marker?: number }).__marker),
      "swapped in place, no reload",
    ).toBe(1);

    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/insights/english-only");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("English only");

    await page.goForward();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/de/einblicke");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.locator("#not-translated")).toBeVisible();

    // Opened from the menu instead, the German section shows no notice.
    await page.goto(`${site}/de/einblicke`);
    await expect(page.locator("#not-translated")).toBeHidden();
  });

  test("without JavaScript the button is a plain link and the notice shows as the #target", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site}/insights/english-only`);
    await page.getByRole("banner").getByRole("link", { name: "DE", exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/de/einblicke");
    await expect(page.locator("#not-translated")).toBeVisible();
    await expect(page.locator("#not-translated")).toHaveText(NOTICE_DE);
    await context.close();
  });
});
