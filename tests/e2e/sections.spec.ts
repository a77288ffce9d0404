import type { Route } from "../../src/routes/route.ts";
import { model, normalize } from "./content.ts";
import { expect, test } from "./fixtures.ts";

// Every section of the real content, in every language, as the route model computes it (by its first list page).
const sections = model.routes.filter((route) => route.kind === "section" && route.list?.number === 1);

test("the content has at least one section with pages in every language", () => {
  expect(sections.length).toBeGreaterThanOrEqual(model.locales.length);
  for (const section of sections) expect(model.children(section).length, section.path).toBeGreaterThan(0);
});

for (const section of sections) {
  const children = model.listEntries(section);
  // The feed: the section's dated pages, newest first.
  const fed = model
    .children(section)
    .filter((child) => child.kind === "page" && child.published !== undefined)
    .sort((a, b) =>
      (a.published ?? "") < (b.published ?? "") ? 1 : (a.published ?? "") > (b.published ?? "") ? -1 : 0,
    );
  const title = (route: Route) => route.page?.meta.title ?? "";

  test.describe(`section ${section.path}`, () => {
    test("lists its pages in the model's order, each linked, with its date and summary", async ({ page }) => {
      await page.goto(section.path);
      const entries = page.getByRole("main").getByRole("listitem");
      await expect(entries).toHaveCount(children.length);
      await expect(entries.getByRole("heading", { level: 2 })).toHaveText(children.map(title));
      for (const [index, child] of children.entries()) {
        const entry = entries.nth(index);
        await expect(entry.getByRole("link", { name: title(child) })).toHaveAttribute("href", child.path);
        if (child.page?.meta.date)
          await expect(entry.locator("time")).toHaveAttribute("datetime", child.page.meta.date);
        if (child.page?.meta.summary) await expect(entry).toContainText(normalize(child.page.meta.summary));
      }
    });

    test("its Atom feed is linked from the head, parses as XML and lists the same pages", async ({ page, request }) => {
      await page.goto(section.path);
      const href = await page.locator('head link[rel="alternate"][type="application/atom+xml"]').getAttribute("href");
      expect(href).toBe(section.feed);
      const response = await request.get(href ?? "");
      expect(response.status()).toBe(200);
      const xml = await response.text();
      // The browser's own XML parser: a malformed feed yields a <parsererror> document.
      const parsed = await page.evaluate((text) => {
        const doc = new DOMParser().parseFromString(text, "application/xml");
        const atom = "http://www.w3.org/2005/Atom";
        return {
          error: doc.getElementsByTagName("parsererror").length > 0,
          root: doc.documentElement.namespaceURI,
          titles: [...doc.getElementsByTagNameNS(atom, "entry")].map(
            (entry) => entry.getElementsByTagNameNS(atom, "title")[0]?.textContent,
          ),
          links: [...doc.getElementsByTagNameNS(atom, "entry")].map((entry) =>
            entry.getElementsByTagNameNS(atom, "link")[0]?.getAttribute("href"),
          ),
          published: [...doc.getElementsByTagNameNS(atom, "entry")].map(
            (entry) => entry.getElementsByTagNameNS(atom, "published")[0]?.textContent,
          ),
          // Each entry's full text as a feed reader renders it: HTML, parsed apart from the site.
          contents: [...doc.getElementsByTagNameNS(atom, "entry")].map((entry) => {
            const content = entry.getElementsByTagNameNS(atom, "content")[0];
            const html = new DOMParser().parseFromString(content?.textContent ?? "", "text/html");
            const urls = [...html.querySelectorAll("[href], [src], [srcset]")].flatMap((element) => [
              element.getAttribute("href"),
              element.getAttribute("src"),
              ...(element
                .getAttribute("srcset")
                ?.split(",")
                .map((candidate) => candidate.trim().split(" ")[0]) ?? []),
            ]);
            return {
              type: content?.getAttribute("type"),
              text: html.body.textContent ?? "",
              urls: urls.filter((url) => url !== null),
            };
          }),
        };
      }, xml);
      expect(parsed.error).toBe(false);
      expect(parsed.root).toBe("http://www.w3.org/2005/Atom");
      expect(parsed.titles).toEqual(fed.map(title));
      expect(parsed.links.map((link) => new URL(link ?? "").pathname)).toEqual(fed.map((child) => child.path));
      expect(parsed.published).toEqual(fed.map((child) => child.published));
      for (const [index, entry] of parsed.contents.entries()) {
        expect(entry.type).toBe("html");
        // The article's full text, not only its summary: its first heading is in it.
        expect(normalize(entry.text)).toContain(normalize(fed[index]?.page?.headings[0]?.text ?? ""));
        // Every link and image leads to an absolute address (a feed reader has no base for /insights/…).
        for (const url of entry.urls) expect(url).toMatch(/^(https?:|mailto:|tel:)/);
      }
    });

    test("each list page links to its neighbours, in the head and in the page", async ({ page }) => {
      const listPages = model.listPagesOf(section);
      for (const [index, listPage] of listPages.entries()) {
        await page.goto(listPage.path);
        const [previous, next] = [listPages[index - 1], listPages[index + 1]];
        await expect(page.locator('head link[rel="prev"]')).toHaveCount(previous ? 1 : 0);
        await expect(page.locator('head link[rel="next"]')).toHaveCount(next ? 1 : 0);
        if (previous) await expect(page.locator('main a[rel="prev"]')).toHaveAttribute("href", previous.path);
        else await expect(page.locator('main a[rel="prev"]')).toHaveCount(0);
        if (next) await expect(page.locator('main a[rel="next"]')).toHaveAttribute("href", next.path);
        else await expect(page.locator('main a[rel="next"]')).toHaveCount(0);
      }
    });
  });
}

for (const route of model.routes.filter((candidate) => candidate.kind === "page" && candidate.page?.section)) {
  test(`${route.path} links back to its section and shows its date, if it has one`, async ({ page }) => {
    const section = model.sectionOf(route);
    await page.goto(route.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(route.page?.meta.title ?? "");
    if (route.page?.meta.date)
      await expect(page.getByRole("main").locator("time").first()).toHaveAttribute("datetime", route.page.meta.date);
    else await expect(page.getByRole("main").locator("time")).toHaveCount(0);
    await expect(page.getByRole("main").locator(`a.back-link[href="${section?.path}"]`)).toHaveCount(1);
  });
}
