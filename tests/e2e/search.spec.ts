/**
 * Site search in Chromium, in both languages: nothing is requested until the control is focused or opened, then
 * only same-origin files; typing finds the page; compounds, umlauts and ß; a draft, a scheduled and an expired page
 * are never found in a live build; the other language's results when this one has none; the keyboard (a result
 * opened in a new tab: search-new-tab.spec.ts), and the focus on a result when a slower query's list replaces it; the excerpt around a match deep in a page; the search page's
 * address (?q=); axe on the open dialog in light and dark; the search page's links without JavaScript. The site's own dist/ first, then a
 * temporary site built for real (tests/unit/search/site.ts) and served by the real server.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { axeOn } from "./axe.ts";
import type { IndexFile } from "../../src/search/browser/engine.ts";
import { SEARCH_INDEX } from "../../src/search/browser/paths.ts";
import { test as plain, type Page, type Route } from "@playwright/test";
import { fill } from "../../src/content/rules/interpolate.ts";
import { PAGES, searchSite } from "../unit/search/site.ts";
import { type Lang, LANGS, model } from "./content.ts";
import { expect, test } from "./fixtures.ts";
import {
  article,
  copyOf,
  dialogOf,
  fieldOf,
  home,
  openWithSlash,
  QUERY,
  statusOf,
  servedLiveBuild,
} from "./search-page.ts";

for (const lang of LANGS) {
  test.describe(`search in ${lang}`, () => {
    test("requests nothing until the control is focused, then only same-origin files", async ({ page, baseURL }) => {
      const requests: string[] = [];
      page.on("request", (request) => requests.push(request.url()));
      await page.goto(home(lang));
      await page.waitForLoadState("networkidle");
      const control = page.getByRole("banner").getByRole("link", { name: copyOf(lang).title });
      const loaded = requests.length;
      expect(
        requests.filter((url) => /search/.test(url)),
        "nothing of search on load",
      ).toEqual([]);
      await control.focus();
      await expect
        .poll(() => requests.slice(loaded).some((url) => url.endsWith(`/search/index-${lang}.json`)))
        .toBe(true);
      const origin = new URL(baseURL ?? "").origin;
      expect(requests.slice(loaded).every((url) => url.startsWith(`${origin}/`))).toBe(true);
      await control.click();
      await expect(dialogOf(page, lang)).toBeVisible();
      // A query fetches the shards of its word's terms only, each a file the manifest names (issue 55).
      const manifest = JSON.parse(readFileSync(join("dist", SEARCH_INDEX.file(lang)), "utf8")) as IndexFile;
      const named = new Set(Object.values(manifest.shards).map((name) => SEARCH_INDEX.shardUrl(lang, name)));
      const before = requests.length;
      await page.keyboard.type(QUERY[lang]);
      await expect(
        dialogOf(page, lang).getByRole("link", { name: article(lang)?.page?.meta.title ?? "" }),
      ).toBeVisible();
      const shards = requests
        .slice(before)
        .map((url) => new URL(url).pathname)
        .filter((path) => named.has(path));
      expect(shards.length).toBeGreaterThan(0);
      expect(shards.length).toBeLessThan(named.size / 4);
    });

    test("typing finds the article; the title is the result's link, its words marked", async ({ page }) => {
      await page.goto(home(lang));
      await openWithSlash(page, lang);
      // The live region is there, empty, before any result.
      await expect(statusOf(page)).toHaveText("");
      await page.keyboard.type(QUERY[lang]);
      const title = article(lang)?.page?.meta.title ?? "";
      const result = dialogOf(page, lang).getByRole("link", { name: title });
      await expect(result).toHaveAttribute("href", article(lang)?.path ?? "");
      await expect(result.locator("mark").first()).toBeVisible();
      const count = await dialogOf(page, lang).getByRole("listitem").count();
      const copy = copyOf(lang);
      await expect(statusOf(page)).toHaveText(
        fill(count === 1 ? copy.oneResult : copy.results, { count, query: QUERY[lang] }),
      );
      // Results do not take the focus from the field while the visitor types.
      await expect(fieldOf(page, lang)).toBeFocused();
    });

    test("the keyboard: / opens, arrows move, Enter follows, Escape closes", async ({ page }) => {
      await page.goto(home(lang));
      await openWithSlash(page, lang);
      await page.keyboard.type(QUERY[lang]);
      const links = dialogOf(page, lang).getByRole("link");
      await expect(links.first()).toBeVisible();
      await page.keyboard.press("ArrowDown");
      await expect(links.first()).toBeFocused();
      await page.keyboard.press("ArrowUp");
      await expect(fieldOf(page, lang)).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(dialogOf(page, lang)).toBeHidden();
      await openWithSlash(page, lang);
      await page.keyboard.press("ArrowDown");
      const href = await links.first().getAttribute("href");
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`${href}$`));
    });

    test("the search page shows the results of the address's query, and keeps the address in step", async ({
      page,
    }) => {
      const searchPath = model.find("search", lang)?.path ?? "";
      const title = article(lang)?.page?.meta.title ?? "";
      await page.goto(`${searchPath}?q=${encodeURIComponent(QUERY[lang])}`);
      await expect(fieldOf(page, lang)).toHaveValue(QUERY[lang]);
      await expect(dialogOf(page, lang).getByRole("link", { name: title })).toBeVisible();
      // Typing writes the query into the address, replacing the entry: a reload shows the same list.
      const length = await page.evaluate(() => history.length);
      await fieldOf(page, lang).fill("");
      await page.keyboard.type("rag");
      await expect(page).toHaveURL((url) => url.pathname === searchPath && url.searchParams.get("q") === "rag");
      expect(await page.evaluate(() => history.length)).toBe(length);
      await page.reload();
      await page.locator("html[data-enhanced]").waitFor({ state: "attached" });
      await expect(fieldOf(page, lang)).toHaveValue("rag");
      await expect(dialogOf(page, lang).getByRole("link", { name: title })).toBeVisible();
      // Closing leaves the search page's plain address: a reload then shows the page, no dialog.
      await page.keyboard.press("Escape");
      await expect(dialogOf(page, lang)).toBeHidden();
      await expect(page).toHaveURL((url) => url.pathname === searchPath && url.search === "");
    });

    test("typing elsewhere leaves the page's address as it is", async ({ page }) => {
      await page.goto(home(lang));
      const before = page.url();
      await openWithSlash(page, lang);
      await page.keyboard.type(QUERY[lang]);
      await expect(dialogOf(page, lang).getByRole("link").first()).toBeVisible();
      expect(page.url()).toBe(before);
    });

    test("the dialog is modal: Tab stays inside it", async ({ page }) => {
      await page.goto(home(lang));
      await openWithSlash(page, lang);
      await page.keyboard.type(QUERY[lang]);
      await expect(dialogOf(page, lang).getByRole("link").first()).toBeVisible();
      for (let step = 0; step < 8; step += 1) {
        await page.keyboard.press("Tab");
        const inside = await page.evaluate(() => document.activeElement?.closest("dialog") !== null);
        const inChrome = await page.evaluate(() => document.activeElement === document.body);
        expect(inside || inChrome, `focus after ${step + 1} Tab presses`).toBe(true);
      }
    });

    for (const colorScheme of ["light", "dark"] as const) {
      test(`axe finds nothing on the open dialog (${colorScheme})`, async ({ page }) => {
        await page.emulateMedia({ colorScheme });
        await page.goto(home(lang));
        await openWithSlash(page, lang);
        await page.keyboard.type(QUERY[lang]);
        await expect(statusOf(page)).not.toHaveText("");
        const results = await axeOn(page).include("dialog").analyze();
        expect(results.passes.length, "axe really checked the dialog").toBeGreaterThan(5);
        expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
      });
    }

    test("the search page offers sections, tags and every page as links without JavaScript", async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      const searchPage = model.find("search", lang);
      await page.goto(searchPage?.path ?? "");
      const main = page.getByRole("main");
      const copy = copyOf(lang);
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(copy.title);
      await expect(main.getByRole("button")).toBeHidden();
      const sitemapPages = model.routes.filter(
        (route) => route.lang === lang && route.indexable && route.kind !== "search",
      );
      const pages = main.getByRole("region", { name: copy.pages }).getByRole("link");
      await expect(pages).toHaveCount(sitemapPages.filter((route) => (route.list?.number ?? 1) === 1).length);
      const sections = main.getByRole("region", { name: copy.sections }).getByRole("link");
      await expect(sections.first()).toHaveAttribute("href", model.find("insights", lang)?.path ?? "");
      await expect(main.getByRole("region", { name: copy.tags }).getByRole("link").first()).toBeVisible();
      await context.close();
    });
  });
}

test("the search page's button opens the dialog, as the header's control does", async ({ page }) => {
  await page.goto(model.find("search", "de")?.path ?? "");
  await page
    .getByRole("main")
    .getByRole("link", { name: copyOf("de").placeholder })
    .click();
  await expect(fieldOf(page, "de")).toBeFocused();
});

/**
 * From now on, the answers for the term shards of `lang` wait until `release`: a query typed meanwhile shows its
 * results only then, after whatever the test did in between.
 */
async function holdTermShards(page: Page, lang: Lang) {
  const pattern = `**${SEARCH_INDEX.shardUrl(lang, "terms-")}*`;
  const held: Route[] = [];
  let released = false;
  const hold = (route: Route) => (released ? route.continue() : void held.push(route));
  await page.route(pattern, hold);
  return {
    held: () => held.length,
    release: async () => {
      released = true;
      await Promise.all(held.map((route) => route.continue()));
      await page.unroute(pattern, hold);
    },
  };
}

/**
 * Types "rag" in the German dialog (two results: the RAG article first), then " Agent", whose shards are held;
 * presses ArrowDown `downs` times, onto the list of "rag"; then lets the shards through, and waits until the list of
 * "rag Agent" (the RAG article only) has replaced the one that held the focus. The focused result's address.
 */
async function resultFocusedWhileAListComes(page: Page, downs: number): Promise<string | null> {
  const links = dialogOf(page, "de").getByRole("link");
  await page.goto(home("de"));
  await openWithSlash(page, "de");
  await page.keyboard.type("rag");
  await expect(links.first()).toHaveAttribute("href", article("de")?.path ?? "");
  await expect(links, "the list of 'rag' has a second result").toHaveCount(2);
  const shards = await holdTermShards(page, "de");
  await page.keyboard.type(" Agent");
  await expect.poll(shards.held, "the shards of 'Agent' are asked for, and held").toBeGreaterThan(0);
  for (let step = 0; step < downs; step += 1) await page.keyboard.press("ArrowDown");
  await expect(links.nth(downs - 1)).toBeFocused();
  const focused = await page.evaluateHandle(() => document.activeElement);
  const href = await links.nth(downs - 1).getAttribute("href");
  await shards.release();
  await expect.poll(() => focused.evaluate((node) => node?.isConnected), "the list was shown again").toBe(false);
  await expect(links).toHaveCount(1);
  return href;
}

test("a list that comes while a result has the focus keeps the focus on that result", async ({ page }) => {
  const href = await resultFocusedWhileAListComes(page, 1);
  expect(href).toBe(article("de")?.path);
  await expect(dialogOf(page, "de").getByRole("link", { name: article("de")?.page?.meta.title ?? "" })).toBeFocused();
});

test("a list that comes without the focused result gives the focus to the field", async ({ page }) => {
  const href = await resultFocusedWhileAListComes(page, 2);
  await expect(dialogOf(page, "de").locator(`a[href="${href}"]`)).toHaveCount(0);
  await expect(fieldOf(page, "de")).toBeFocused();
});

// A temporary site with compounds, umlauts, ß, a draft, a scheduled and an expired page, built live for real.
// Its own server is another origin than the fixtures' watch allows: the plain test, and the watch's checks here.
plain.describe("a live build of a site with compounds and unpublished pages", () => {
  plain.describe.configure({ mode: "serial" });
  const site = servedLiveBuild(searchSite);

  async function searchFor(page: Page, lang: Lang, query: string) {
    const foreign: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(`${site.base}/`)) foreign.push(request.url());
    });
    page.on("pageerror", (error) => foreign.push(`uncaught: ${error.message}`));
    await page.goto(`${site.base}${home(lang)}`);
    await openWithSlash(page, lang);
    await page.keyboard.type(query);
    await expect(statusOf(page)).not.toHaveText("");
    expect(foreign, "requests to other origins, uncaught errors").toEqual([]);
  }

  for (const query of ["Wissen", "Agent", "Kundenservice", "Ubersicht", "Strasse", "Chatbot"]) {
    plain(`"${query}" finds the article of compounds, umlauts and ß`, async ({ page }) => {
      await searchFor(page, "de", query);
      await expect(dialogOf(page, "de").getByRole("link", { name: PAGES.compounds.title })).toHaveAttribute(
        "href",
        PAGES.compounds.path,
      );
    });
  }

  for (const hidden of [PAGES.draft, PAGES.scheduled, PAGES.expired]) {
    plain(`${hidden.path} is never found`, async ({ page }) => {
      await searchFor(page, "de", hidden.word);
      await expect(statusOf(page)).toHaveText(fill(copyOf("de").noResults, { query: hidden.word }));
      await expect(dialogOf(page, "de").getByRole("link")).toHaveCount(0);
    });
  }

  plain("a match deep in a page shows the passage around it, its markup as text", async ({ page }) => {
    const texts: string[] = [];
    page.on("request", (request) => request.url().includes("/search/text/") && texts.push(request.url()));
    await searchFor(page, "de", PAGES.deep.word);
    const hit = dialogOf(page, "de")
      .getByRole("listitem")
      .filter({
        has: page.getByRole("link", { name: PAGES.deep.title }),
      });
    const excerpt = hit.getByRole("paragraph").last();
    await expect(excerpt.locator("mark")).toHaveText([PAGES.deep.word]);
    await expect(excerpt).toContainText(`${PAGES.deep.markup} neben dem ${PAGES.deep.word}`);
    // Cut from the passage: not the page's start, and "…" where text was left out.
    await expect(excerpt).toHaveText(/^… /);
    await expect(excerpt).not.toContainText(PAGES.deep.start);
    // The page's text is characters, never markup.
    await expect(excerpt.locator("b")).toHaveCount(0);
    expect(texts).toContain(`${site.base}/search/text${PAGES.deep.path}.json`);
  });

  plain("a match in a page's start needs no more of it", async ({ page }) => {
    const texts: string[] = [];
    page.on("request", (request) => request.url().includes("/search/text/") && texts.push(request.url()));
    await searchFor(page, "de", "Bericht");
    const hit = dialogOf(page, "de")
      .getByRole("listitem")
      .filter({
        has: page.getByRole("link", { name: PAGES.deep.title }),
      });
    await expect(hit.getByRole("paragraph").last().locator("mark").first()).toHaveText("Bericht");
    // Other pages mention it only further in: theirs are fetched (a moment after typing pauses), this one's never.
    await expect.poll(() => texts.length).toBeGreaterThan(0);
    expect(texts).not.toContain(`${site.base}/search/text${PAGES.deep.path}.json`);
  });

  plain("a query with no result in English offers the German results, labelled", async ({ page }) => {
    await searchFor(page, "en", "Kundenservice");
    // The other language named in the interface's (issue 58: not "In Deutsch").
    const heading = "No results in English. In German:";
    const other = dialogOf(page, "en").getByRole("region", { name: heading });
    await expect(other).toHaveAttribute("lang", "de");
    await expect(other.getByRole("link", { name: PAGES.compounds.title })).toBeVisible();
    await expect(statusOf(page)).toContainText(heading);
  });
});
