/**
 * Site search in WebKit, in both languages, on the site's own dist/: nothing of search is fetched until the control
 * is focused, then same-origin files only; typing finds the page (German: a compound by its part, Übersicht
 * without its umlaut); "/" opens, the arrow keys move, Escape closes and gives the focus back; the live region
 * counts; the dialog is modal; the search page's address holds the query; a match deep in a page shows its
 * passage. (Drafts and the other language's results: tests/e2e/search.spec.ts, on a site built
 * for them.)
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { By, Key } from "selenium-webdriver";
import { expect, test } from "vitest";
import { fill } from "../../src/content/rules/interpolate.ts";
import { SEARCH_INDEX } from "../../src/search/browser/paths.ts";
import { content, type Lang, LANGS, model } from "../e2e/content.ts";
import { attach, inPage, open, setViewport, violations } from "./session.ts";
import { pageErrors } from "./watch.ts";

const page = attach();

/** The site's pages a query must find, by language: title words, a compound's part, a folded umlaut. */
const CASES: Record<Lang, { query: string; finds: string }[]> = {
  en: [{ query: "agent", finds: "insights/rag-agents" }],
  de: [
    { query: "Agent", finds: "insights/rag-agents" },
    { query: "Management", finds: "insights/rag-agents" },
    { query: "Ubersicht", finds: "insights/rag-agents" },
  ],
};

const resources = () => inPage(page, () => performance.getEntriesByType("resource").map((entry) => entry.name));
const waitFor = (condition: () => Promise<boolean>, message: string) => page.driver.wait(condition, 10_000, message);
const status = () => inPage(page, () => document.querySelector("dialog [role=status]")?.textContent ?? "");

async function openSearch(lang: Lang): Promise<void> {
  await page.driver.actions().sendKeys("/").perform();
  await waitFor(
    () => inPage(page, () => document.activeElement?.matches("dialog[open] input[type=search]") ?? false),
    `the ${lang} search field did not get the focus`,
  );
}

for (const lang of LANGS) {
  for (const width of [375, 1280]) {
    test(`${lang}, ${width} px: nothing until the control is focused, then same-origin files only`, async () => {
      await setViewport(page, width);
      await open(page, model.find("home", lang)?.path ?? "/");
      expect((await resources()).filter((url) => url.includes("search"))).toEqual([]);
      await inPage(page, () => document.querySelector<HTMLElement>("header [data-search]")?.focus());
      await waitFor(
        async () => (await resources()).some((url) => url.includes(`/search/index-`)),
        "focusing the control fetched no index",
      );
      expect((await resources()).every((url) => url.startsWith(`${page.origin}/`))).toBe(true);
      expect(await pageErrors(page.driver)).toEqual([]);
    });
  }

  for (const { query, finds } of CASES[lang]) {
    test(`${lang}: "${query}" finds ${finds}, the count announced, the focus kept in the field`, async () => {
      await setViewport(page, 1280);
      await open(page, model.find("home", lang)?.path ?? "/");
      await openSearch(lang);
      await page.driver.actions().sendKeys(query).perform();
      const target = model.find(finds, lang);
      await waitFor(
        () =>
          inPage(
            page,
            (path: string) => [...document.querySelectorAll("dialog a")].some((a) => a.getAttribute("href") === path),
            target?.path ?? "",
          ),
        `"${query}" did not find ${target?.path}`,
      );
      const count = await inPage(page, () => document.querySelectorAll("dialog li").length);
      const copy = content.langs[lang].common.search;
      await waitFor(async () => (await status()) !== "", "the live region stayed empty");
      expect(await status()).toBe(fill(count === 1 ? copy.oneResult : copy.results, { count, query }));
      expect(await inPage(page, () => document.activeElement?.matches("dialog input") ?? false)).toBe(true);
      expect(await violations(page)).toEqual([]);
    });
  }

  test(`${lang}: the search page shows the address's query, and typing keeps the address in step`, async () => {
    await setViewport(page, 375);
    const searchPath = model.find("search", lang)?.path ?? "";
    const query = CASES[lang][0]?.query ?? "";
    await open(page, `${searchPath}?q=${encodeURIComponent(query)}`);
    const target = model.find("insights/rag-agents", lang)?.path ?? "";
    await waitFor(
      () => inPage(page, (path: string) => document.querySelector(`dialog[open] a[href="${path}"]`) !== null, target),
      "the address's query showed no results",
    );
    expect(await inPage(page, () => document.querySelector<HTMLInputElement>("dialog input")?.value)).toBe(query);
    const entries = await inPage(page, () => history.length);
    // The field opens with the query selected: typing replaces it.
    await page.driver.actions().sendKeys("rag").perform();
    await waitFor(
      async () => (await inPage(page, () => new URLSearchParams(location.search).get("q"))) === "rag",
      "typing did not write the query into the address",
    );
    expect(await inPage(page, () => history.length)).toBe(entries);
    await page.driver.actions().sendKeys(Key.ESCAPE).perform();
    await waitFor(async () => (await inPage(page, () => location.search)) === "", "closing left the query");
    expect(await pageErrors(page.driver)).toEqual([]);
  });

  test(`${lang}: a match deep in a page shows the passage around it, marked`, async () => {
    await setViewport(page, 1280);
    // A long word of the privacy policy's text that its stored start (240 characters) does not hold.
    const path = model.find("privacy", lang)?.path ?? "";
    const text = JSON.parse(readFileSync(join("dist", SEARCH_INDEX.textFile(path)), "utf8")) as string;
    const word = (text.slice(1200).match(/\p{L}{11,}/gu) ?? []).find(
      (candidate) => !text.slice(0, 400).includes(candidate),
    );
    if (!word) throw new Error(`no long word deep in ${path}'s text`);
    await open(page, model.find("home", lang)?.path ?? "/");
    await openSearch(lang);
    await page.driver.actions().sendKeys(word).perform();
    const excerpt = () =>
      inPage(
        page,
        (href: string) =>
          document.querySelector(`dialog a[href="${href}"]`)?.closest("li")?.querySelector("p:last-child")?.innerHTML ??
          "",
        path,
      );
    await waitFor(async () => (await excerpt()).includes("<mark>"), `"${word}" showed no marked excerpt for ${path}`);
    expect(await excerpt()).toMatch(/^… /);
    // The word itself is in the passage (a word of the same stem before it may be the one marked first).
    expect((await excerpt()).replace(/<\/?mark>/g, "")).toContain(word);
  });

  test(`${lang}: the keyboard, and the focus back on the control`, async () => {
    await setViewport(page, 1280);
    await open(page, model.find("home", lang)?.path ?? "/");
    await inPage(page, () => document.querySelector<HTMLElement>("header [data-search]")?.focus());
    await page.driver.actions().sendKeys(Key.ENTER).perform();
    await waitFor(
      () => inPage(page, () => document.activeElement?.matches("dialog[open] input") ?? false),
      "Enter on the control did not open the dialog",
    );
    const query = CASES[lang][0]?.query ?? "";
    await page.driver.actions().sendKeys(query).perform();
    // The results of the whole query, not of its first letters, which the next letter's results replace (each
    // query's shards are fetched, so they come later): the status line speaks once the last query's are shown.
    await waitFor(async () => (await status()).includes(query), `no results announced for "${query}"`);
    await waitFor(() => inPage(page, () => document.querySelector("dialog a") !== null), "no result");
    await page.driver.actions().sendKeys(Key.ARROW_DOWN).perform();
    expect(await inPage(page, () => document.activeElement === document.querySelector("dialog a"))).toBe(true);
    await page.driver.actions().sendKeys(Key.ARROW_UP).perform();
    expect(await inPage(page, () => document.activeElement?.matches("dialog input") ?? false)).toBe(true);
    await page.driver.actions().sendKeys(Key.ESCAPE).perform();
    await waitFor(() => inPage(page, () => document.querySelector("dialog[open]") === null), "Escape did not close");
    expect(await inPage(page, () => document.activeElement?.matches("header [data-search]") ?? false)).toBe(true);
    // Modal: the page behind the open dialog cannot be focused.
    await openSearch(lang);
    expect(
      await inPage(page, () => {
        const link = document.querySelector<HTMLElement>("main a");
        link?.focus();
        return document.activeElement === link;
      }),
    ).toBe(false);
    expect(await page.driver.findElement(By.css("dialog")).getAttribute("aria-labelledby")).toBeTruthy();
  });
}
