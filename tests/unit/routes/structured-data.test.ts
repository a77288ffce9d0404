import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../../src/pipeline/index.ts";
import type { Route } from "../../../src/routes/route.ts";
import { copyOfContent } from "../../support/content.ts";

/**
 * What Google documents for each type, as data. Required properties must be there; recommended ones are
 * what this site promises to give (the ones it has no data for, such as an author's url, are left out here).
 */
const GOOGLE = {
  // https://developers.google.com/search/docs/appearance/structured-data/organization (no required properties)
  Organization: {
    required: [],
    recommended: [
      "name",
      "url",
      "logo",
      "description",
      "email",
      "telephone",
      "address",
      "sameAs",
      "legalName",
      "vatID",
    ],
  },
  // https://developers.google.com/search/docs/appearance/site-names (WebSite: name and url required)
  WebSite: { required: ["name", "url"], recommended: [] },
  // https://developers.google.com/search/docs/appearance/structured-data/breadcrumb
  BreadcrumbList: { required: ["itemListElement"], recommended: [] },
  ListItem: { required: ["position", "name", "item"], recommended: [] },
  // https://developers.google.com/search/docs/appearance/structured-data/article (no required properties)
  BlogPosting: {
    required: [],
    recommended: ["headline", "image", "datePublished", "dateModified", "author", "publisher"],
  },
  // The brief's own additions to Google's list for an article.
  BlogPostingSite: { required: ["inLanguage", "mainEntityOfPage"], recommended: [] },
} as const;

const missing = (
  node: Record<string, unknown>,
  spec: { required: readonly string[]; recommended: readonly string[] },
) =>
  [...spec.required, ...spec.recommended].filter(
    (key) => node[key] === undefined || node[key] === "" || (Array.isArray(node[key]) && node[key].length === 0),
  );

const SITE = "https://www.leap-ai.example";
const AUTHOR = "Jana Weber";
let outDir = "";
let routes: Route[] = [];
let cleanup = () => {};

beforeAll(async () => {
  const copy = copyOfContent();
  copy.edit("en/pages/insights/rag-agents.md", (text) => text.replace(/^date: /m, `author: ${AUTHOR}\ndate: `));
  const work = mkdtempSync(join(tmpdir(), "ld-"));
  outDir = join(work, "dist");
  const result = await build({ contentDir: copy.dir, outDir, siteUrl: SITE });
  routes = result.model.routes;
  cleanup = () => {
    copy.cleanup();
    rmSync(work, { recursive: true, force: true });
  };
}, 120_000);
afterAll(() => cleanup());

type Node = Record<string, unknown> & { "@type"?: string; "@id"?: string };

/** Every JSON-LD block of a built page, parsed; a page has at most one graph. */
function graphOf(route: Route): Node[] {
  const html = readFileSync(join(outDir, route.file), "utf8");
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? "") as Node,
  );
  if (blocks.length === 0) return [];
  expect(blocks, route.path).toHaveLength(1);
  expect(blocks[0]?.["@context"]).toBe("https://schema.org");
  return (blocks[0]?.["@graph"] as Node[]) ?? [];
}

const ofType = (graph: Node[], type: string) => graph.filter((node) => node["@type"] === type);
const isEntry = (route: Route) => route.kind === "page" && route.page?.section !== undefined;

describe("structured data (JSON-LD) from the route model", () => {
  it("the home page of every language names the one company and the website in full, with the same ids", () => {
    const homes = routes.filter((route) => route.indexable && route.kind === "home");
    expect(homes.map((route) => route.lang).sort()).toEqual(["de", "en"]);
    const companies = new Set<string>();
    for (const route of homes) {
      const graph = graphOf(route);
      const [company, ...others] = ofType(graph, "ProfessionalService");
      expect(others, route.path).toEqual([]);
      expect(missing(company ?? {}, GOOGLE.Organization), `${route.path}: Organization`).toEqual([]);
      expect(company?.["@id"]).toBe(`${SITE}/#organization`);
      expect(company?.url, `${route.path}: one address for the company in every language`).toBe(`${SITE}/`);
      companies.add(JSON.stringify({ ...company, description: undefined }));
      const [website] = ofType(graph, "WebSite");
      expect(missing(website ?? {}, GOOGLE.WebSite), `${route.path}: WebSite`).toEqual([]);
      expect(website).toMatchObject({
        "@id": `${SITE}/#website`,
        name: "Leap AI",
        url: `${SITE}/`,
        publisher: { "@id": `${SITE}/#organization` },
      });
    }
    // Apart from its description, which is in the page's language, the company is the same node everywhere.
    expect(companies.size).toBe(1);
  });

  // The full node is 0.6 KB of gzip: repeated on every page, it pushed the longest one past the first round trip.
  // As an Organization (issue 29): Google takes a ProfessionalService for a local business, which needs an address.
  it("below home the company is not repeated: an article names it as an Organization by id, name and url, other pages not at all", () => {
    for (const route of routes.filter((candidate) => candidate.indexable && candidate.kind !== "home")) {
      const graph = graphOf(route);
      expect(ofType(graph, "WebSite"), route.path).toEqual([]);
      const expected = isEntry(route)
        ? [{ "@type": "Organization", "@id": `${SITE}/#organization`, name: "Leap AI", url: `${SITE}/` }]
        : [];
      expect(ofType(graph, "Organization"), route.path).toEqual(expected);
      expect(ofType(graph, "ProfessionalService"), route.path).toEqual([]);
    }
  });

  it("pages that are not indexed (404) carry none", () => {
    for (const route of routes.filter((candidate) => candidate.kind === "notFound"))
      expect(graphOf(route), route.path).toEqual([]);
  });

  it("every page below home has a breadcrumb trail from its language's home through its section to itself", () => {
    for (const route of routes.filter((candidate) => candidate.indexable)) {
      const trails = ofType(graphOf(route), "BreadcrumbList");
      if (route.kind === "home") {
        expect(trails, route.path).toEqual([]);
        continue;
      }
      expect(trails, route.path).toHaveLength(1);
      const trail = trails[0] as Node;
      expect(missing(trail, GOOGLE.BreadcrumbList), route.path).toEqual([]);
      const items = trail.itemListElement as Node[];
      for (const item of items) expect(missing(item, GOOGLE.ListItem), `${route.path}: ListItem`).toEqual([]);
      expect(items.map((item) => item.position)).toEqual(items.map((_, index) => index + 1));
      const home = route.lang === "de" ? "/de/" : "/";
      const expected = isEntry(route)
        ? [home, route.lang === "de" ? "/de/einblicke" : "/insights", route.path]
        : [home, route.path];
      expect(
        items.map((item) => item.item),
        route.path,
      ).toEqual(expected.map((path) => `${SITE}${path}`));
      // A tag's list page is named by its heading: "Tagged “RAG”"; the search page by its title.
      expect(items.at(-1)?.name, route.path).toBe(
        route.kind === "impressum"
          ? "Impressum · Legal Notice"
          : route.kind === "tag"
            ? route.lang === "de"
              ? `Schlagwort „${route.tag?.name}“`
              : `Tagged “${route.tag?.name}”`
            : route.kind === "search"
              ? route.lang === "de"
                ? "Suche"
                : "Search"
              : route.page?.meta.title,
      );
    }
  });

  it("every section entry is a BlogPosting with Google's recommended properties; the author is the company unless a person is named", () => {
    const entries = routes.filter(isEntry);
    expect(entries.length).toBeGreaterThanOrEqual(4);
    for (const route of entries) {
      const graph = graphOf(route);
      const [posting, ...others] = ofType(graph, "BlogPosting");
      expect(others, route.path).toEqual([]);
      const node = posting ?? {};
      expect(missing(node, GOOGLE.BlogPosting), `${route.path}: BlogPosting`).toEqual([]);
      expect(missing(node, GOOGLE.BlogPostingSite), `${route.path}: BlogPosting`).toEqual([]);
      const url = `${SITE}${route.path}`;
      expect(node).toMatchObject({
        headline: route.page?.meta.title,
        inLanguage: route.lang,
        mainEntityOfPage: { "@id": url },
        publisher: { "@id": `${SITE}/#organization` },
        datePublished: `${route.page?.meta.date}T00:00:00Z`,
      });
      expect(String(node.headline).length, "Google shows at most 110 characters").toBeLessThanOrEqual(110);
      // ISO 8601 with a zone, and never before the publication.
      expect(node.dateModified).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(String(node.dateModified) >= String(node.datePublished), route.path).toBe(true);
      const images = node.image as string[];
      expect(images[0]).toMatch(new RegExp(`^${SITE}/assets/.+\\.(jpg|png)$`));
      const author = node.author as Node;
      if (route.path === "/insights/rag-agents") expect(author).toMatchObject({ "@type": "Person", name: AUTHOR });
      else expect(author, route.path).toEqual({ "@id": `${SITE}/#organization` });
    }
    // A section's own page and a plain page are no articles.
    for (const route of routes.filter((candidate) => !isEntry(candidate)))
      expect(ofType(graphOf(route), "BlogPosting"), route.path).toEqual([]);
  });

  it("the data stays data: valid JSON, no soft hyphen from the headings' hyphenation, nothing that closes the script", () => {
    for (const route of routes.filter((candidate) => candidate.indexable)) {
      const html = readFileSync(join(outDir, route.file), "utf8");
      const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
      expect(block, route.path).not.toContain("\u00ad");
      expect(block, route.path).not.toMatch(/<\/|<!--/);
    }
  });
});
