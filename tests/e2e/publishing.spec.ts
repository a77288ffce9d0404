import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test as plain } from "@playwright/test";
import { build } from "../../src/pipeline/index.ts";
import { startStaticServer, urlOf } from "../../src/server/static-server.ts";
import { model } from "./content.ts";
import { expect, test } from "./fixtures.ts";

// The site's own articles: their tags and related reading, in both languages, as the route model computes them.
const articles = model.routes.filter((route) => route.kind === "page" && (route.page?.meta.tags?.length ?? 0) > 0);

test("the site's articles have tags and related reading in every language", () => {
  expect(new Set(articles.map((route) => route.lang))).toEqual(new Set(model.locales.map((locale) => locale.code)));
  for (const article of articles) expect(model.related(article).length, article.path).toBeGreaterThan(0);
});

for (const article of articles) {
  test(`${article.path} links its tags and its related reading, and a tag lists it`, async ({ page }) => {
    await page.goto(article.path);
    const copy = model.content.langs[article.lang]?.common.tags;
    const tags = page.getByRole("list", { name: copy?.label });
    await expect(tags.getByRole("link")).toHaveText(model.tagLinks(article).map((tag) => tag.name));
    const related = page.getByRole("complementary", { name: copy?.related });
    await expect(related.getByRole("link")).toHaveText(
      model.related(article).map((other) => other.page?.meta.title ?? ""),
    );
    await tags.getByRole("link").first().click();
    await expect(page).toHaveURL(new RegExp(`${model.tagLinks(article)[0]?.href}$`));
    await expect(page.getByRole("main").getByRole("link", { name: article.page?.meta.title })).toHaveAttribute(
      "href",
      article.path,
    );
  });
}

// A temporary site built for real and served by the real server on a port of its own: an article with an update
// date, an author from site.yaml and an old address; the browser follows the redirect and reads the page.
plain.describe("a moved, updated article with its author", () => {
  let work = "";
  let server: Server | undefined;
  plain.beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), "publish-e2e-"));
    const content = join(work, "content");
    cpSync("content", content, { recursive: true });
    const site = readFileSync(join(content, "site.yaml"), "utf8").replace(
      "\ncompany:",
      "\nauthors:\n  - name: Jana Weber\n    role: { en: AI consultant, de: KI-Beraterin }\ncompany:",
    );
    writeFileSync(join(content, "site.yaml"), site);
    const article = join(content, "de/pages/insights/rag-agents.md");
    writeFileSync(
      article,
      readFileSync(article, "utf8").replace(
        "slug: rag-agenten",
        "slug: rag-agenten-im-mittelstand\naliases: [/de/einblicke/rag-agenten]\nlastmod: 2026-11-20\nauthor: Jana Weber",
      ),
    );
    await build({ contentDir: content, outDir: join(work, "dist"), now: new Date("2026-11-24T12:00:00Z") });
    server = await startStaticServer({ dir: join(work, "dist"), port: 0 });
  });
  plain.afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    rmSync(work, { recursive: true, force: true });
  });

  plain("the old address leads to the page, which shows its update and its author", async ({ page }) => {
    const base = urlOf(server as Server);
    const response = await page.goto(`${base}/de/einblicke/rag-agenten?von=newsletter`);
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(`${base}/de/einblicke/rag-agenten-im-mittelstand?von=newsletter`);
    await expect(page.locator(".page-date")).toHaveText("9. November 2026 · Aktualisiert am 20. November 2026");
    await expect(page.locator(".byline")).toHaveText("Von Jana Weber, KI-Beraterin");
  });
});
