import type { Route } from "../../src/routes/model.ts";
import { model, normalize } from "./content.ts";
import { expect, test } from "./fixtures.ts";

// Every section of the real content, in every language, as the route model computes it.
const sections = model.routes.filter((route) => route.kind === "section");

test("the content has at least one section with pages in every language", () => {
  expect(sections.length).toBeGreaterThanOrEqual(model.locales.length);
  for (const section of sections) expect(model.children(section).length, section.path).toBeGreaterThan(0);
});

for (const section of sections) {
  const children = model.children(section);
  const title = (route: Route) => route.page?.meta.title ?? "";

  test.describe(`section ${section.path}`, () => {
    test("lists its pages newest first, each linked, with its date and summary", async ({ page }) => {
      await page.goto(section.path);
      const entries = page.getByRole("main").getByRole("listitem");
      await expect(entries).toHaveCount(children.length);
      await expect(entries.getByRole("heading", { level: 2 })).toHaveText(children.map(title));
      for (const [index, child] of children.entries()) {
        const entry = entries.nth(index);
        await expect(entry.getByRole("link", { name: title(child) })).toHaveAttribute("href", child.path);
        await expect(entry.locator("time")).toHaveAttribute("datetime", child.page?.meta.date ?? "");
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
          titles: [...doc.getElementsByTagNameNS(atom, "entry")].map((entry) => entry.getElementsByTagNameNS(atom, "title")[0]?.textContent),
          links: [...doc.getElementsByTagNameNS(atom, "entry")].map((entry) => entry.getElementsByTagNameNS(atom, "link")[0]?.getAttribute("href")),
        };
      }, xml);
      expect(parsed.error).toBe(false);
      expect(parsed.root).toBe("http://www.w3.org/2005/Atom");
      expect(parsed.titles).toEqual(children.map(title));
      expect(parsed.links.map((link) => new URL(link ?? "").pathname)).toEqual(children.map((child) => child.path));
    });
  });
}

for (const route of model.routes.filter((candidate) => candidate.kind === "page" && candidate.page?.section)) {
  test(`${route.path} links back to its section and shows its date`, async ({ page }) => {
    const section = model.sectionOf(route);
    await page.goto(route.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(route.page?.meta.title ?? "");
    await expect(page.getByRole("main").locator("time").first()).toHaveAttribute("datetime", route.page?.meta.date ?? "");
    await expect(page.getByRole("main").locator(`a.back-link[href="${section?.path}"]`)).toHaveCount(1);
  });
}
