/**
 * One German word of 50,000 letters in a page (tests/unit/search/long-word.test.ts bounds its terms): a live build
 * of that site, served by the real server, and German search in Chromium still finds another page, the long word's
 * own page by its start, and throws nothing (it threw "Maximum call stack size exceeded" for every query).
 */
import { rmSync } from "node:fs";
import type { Server } from "node:http";
import { dirname, join } from "node:path";
import { test as plain, type Page } from "@playwright/test";
import { build } from "../../src/pipeline/index.ts";
import { startStaticServer, urlOf } from "../../src/server/static-server.ts";
import { LONG_PAGE, LONG_WORD, longWordSite } from "../unit/search/long-word-site.ts";
import { expect } from "./fixtures.ts";
import { article, dialogOf, home, openWithSlash, statusOf } from "./search-page.ts";

plain.describe("German search on a site with a 50,000-letter word", () => {
  plain.describe.configure({ mode: "serial" });
  let contentDir = "";
  let server: Server | undefined;
  let base = "";
  plain.beforeAll(async () => {
    plain.setTimeout(180_000);
    contentDir = longWordSite();
    const outDir = join(dirname(contentDir), "dist");
    await build({ contentDir, outDir, validationCache: false, now: new Date("2026-11-27T12:00:00Z"), threads: false });
    server = await startStaticServer({ dir: outDir, port: 0 });
    base = urlOf(server);
  });
  plain.afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    rmSync(dirname(contentDir), { recursive: true, force: true });
  });

  async function searchFor(page: Page, query: string, paste = false): Promise<string[]> {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`${base}${home("de")}`);
    await openWithSlash(page, "de");
    if (paste) await page.keyboard.insertText(query);
    else await page.keyboard.type(query, { delay: 20 });
    await expect(statusOf(page)).not.toHaveText("");
    return errors;
  }

  plain("finds another page, the RAG article, by a word of its title", async ({ page }) => {
    const errors = await searchFor(page, "Agenten");
    const rag = article("de");
    await expect(dialogOf(page, "de").getByRole("link", { name: rag?.page?.meta.title })).toHaveAttribute(
      "href",
      rag?.path ?? "",
    );
    expect(errors).toEqual([]);
  });

  plain("finds the long word's page by the word's start, and by the whole word pasted", async ({ page }) => {
    const errors = await searchFor(page, "Donaudampfschiff");
    await expect(dialogOf(page, "de").getByRole("link", { name: LONG_PAGE.title })).toHaveAttribute(
      "href",
      LONG_PAGE.path,
    );
    await page.keyboard.press("Control+A");
    await page.keyboard.insertText(LONG_WORD);
    await expect(dialogOf(page, "de").getByRole("link", { name: LONG_PAGE.title })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
