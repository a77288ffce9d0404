import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../../src/pipeline/index.ts";
import type { Route } from "../../../src/routes/route.ts";

// The real content, built once; every page's <head> read as a link preview (Facebook, LinkedIn, X) reads it.
const SITE = "https://www.leap-ai.example";
let outDir = "";
let routes: Route[] = [];
let work = "";

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "og-"));
  outDir = join(work, "dist");
  routes = (await build({ outDir, siteUrl: SITE })).model.routes;
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The character references React writes into attribute values. */
const decode = (value: string) =>
  value
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** Every <meta property|name=… content=…> of a page, in order; a property may repeat (og:locale:alternate). */
function metaOf(route: Route): [string, string][] {
  const head = readFileSync(join(outDir, route.file), "utf8").split("</head>")[0] ?? "";
  return [...head.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"\/>/g)].map((m) => [
    m[1] ?? "",
    decode(m[2] ?? ""),
  ]);
}
const one = (meta: [string, string][], name: string) => meta.filter(([key]) => key === name).map(([, value]) => value);

const isEntry = (route: Route) => route.kind === "page" && route.page?.section !== undefined;
const OG_LOCALE: Record<string, string> = { en: "en_US", de: "de_DE" };

describe("Open Graph fits each page", () => {
  it("a section's page is an article with its publication and last change; every other page is a website", () => {
    const entries = routes.filter(isEntry);
    expect(entries.length).toBeGreaterThanOrEqual(4);
    for (const route of routes) {
      const meta = metaOf(route);
      if (!isEntry(route)) {
        expect(one(meta, "og:type"), route.path).toEqual(["website"]);
        expect(
          meta.filter(([key]) => key.startsWith("article:")),
          route.path,
        ).toEqual([]);
        continue;
      }
      expect(one(meta, "og:type"), route.path).toEqual(["article"]);
      const [published = ""] = one(meta, "article:published_time");
      const [modified = ""] = one(meta, "article:modified_time");
      expect(published, route.path).toBe(`${route.page?.meta.date}T00:00:00Z`);
      expect(modified, route.path).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(Date.parse(modified) >= Date.parse(published), route.path).toBe(true);
    }
    // One value written out, not read from the model: the article's front matter says date: 2026-11-09.
    const rag = routes.find((route) => route.path === "/insights/rag-agents");
    expect(one(metaOf(rag as (typeof routes)[number]), "article:published_time")).toEqual(["2026-11-09T00:00:00Z"]);
  });

  it("og:image states the image file's real size and an alt text; X gets the same image", async () => {
    for (const route of routes) {
      const meta = metaOf(route);
      const [url = ""] = one(meta, "og:image");
      expect(url, route.path).toMatch(new RegExp(`^${SITE}/assets/`));
      const { width, height } = await sharp(join(outDir, new URL(url).pathname)).metadata();
      expect(one(meta, "og:image:width"), route.path).toEqual([String(width)]);
      expect(one(meta, "og:image:height"), route.path).toEqual([String(height)]);
      const [alt = ""] = one(meta, "og:image:alt");
      expect(alt.length, route.path).toBeGreaterThan(10);
      // A page's own picture (linkPreview: image) is described by its own alt text; its card by the brand and title it shows.
      if (route.page?.meta.linkPreview === "image") expect(alt, route.path).toBe(route.page.meta.imageAlt);
      // The 404 pages, the tags' list pages and the search pages have no card: the site's image, described by its headline.
      else
        expect(alt, route.path).toMatch(
          route.indexable && route.kind !== "tag" && route.kind !== "search" ? /^Leap AI – / : /^Leap AI: /,
        );
      expect(one(meta, "twitter:image"), route.path).toEqual([url]);
      expect(one(meta, "twitter:image:alt"), route.path).toEqual([alt]);
    }
  });

  it("og:locale:alternate names each other language that has the page, and none where there is none", () => {
    for (const route of routes) {
      const meta = metaOf(route);
      expect(one(meta, "og:locale"), route.path).toEqual([OG_LOCALE[route.lang]]);
      const others = Object.keys(route.alternates).filter((lang) => lang !== route.lang);
      expect(one(meta, "og:locale:alternate"), route.path).toEqual(others.map((lang) => OG_LOCALE[lang]));
      if (["home", "section"].includes(route.kind)) expect(others.length, route.path).toBe(1);
      if (route.kind === "impressum" || route.kind === "notFound") expect(others, route.path).toEqual([]);
    }
  });
});
