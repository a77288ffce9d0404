/**
 * Each page's JSON-LD graph, node by node, from the route model of a copy of the real content (an author named on
 * the English article, a draft in both languages, a preview model that builds it): the types and properties
 * Google documents for each (https://developers.google.com/search/docs/appearance/structured-data), one company
 * and one website with the same ids in every language, and no graph at all on a page that is not indexed.
 * The values come from the content; the code is called inside each test (npm run mutation runs these).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Assets } from "../../../src/components/context.ts";
import { isSectionEntry, structuredData } from "../../../src/components/structured-data.ts";
import { loadContent } from "../../../src/content/load.ts";
import type { Content } from "../../../src/content/types.ts";
import { RouteModel } from "../../../src/routes/model.ts";
import type { Route } from "../../../src/routes/route.ts";
import { copyOfContent } from "../../support/content.ts";

const SITE = "https://www.leap-ai.example";
const AUTHOR = "Jana Weber";
const ASSETS: Assets = {
  stylesheet: "",
  faviconSvg: "data:,",
  faviconPng: "/assets/favicon-1234abcd.png",
  ogImage: "/assets/og-image-1234abcd.png",
  ogImageSize: { width: 1200, height: 630 },
};

type Node = Record<string, unknown>;
// The build's day: every dated page here is published by then.
const TODAY = "2026-11-24";
let content: Content;
let model: RouteModel;
const copy = copyOfContent();
beforeAll(async () => {
  copy.edit("en/pages/insights/rag-agents.md", (text) => text.replace(/^date: /m, `author: ${AUTHOR}\ndate: `));
  const draft = (title: string, slug = "") =>
    `---\ntitle: ${title}\ndescription: Not yet.\n${slug}date: 2026-11-21\ndraft: true\n---\n\nSoon.\n`;
  writeFileSync(join(copy.dir, "en/pages/insights/upcoming.md"), draft("Upcoming"));
  writeFileSync(join(copy.dir, "de/pages/insights/upcoming.md"), draft("Demnächst", "slug: demnaechst\n"));
  // A section inside Insights, in both languages, and Insights split into list pages of one entry.
  const nested = (title: string, slug = "") =>
    `---\ntitle: ${title}\ndescription: A section inside one.\n${slug}---\n\nText.\n`;
  mkdirSync(join(copy.dir, "en/pages/insights/deep"));
  mkdirSync(join(copy.dir, "de/pages/insights/deep"));
  writeFileSync(join(copy.dir, "en/pages/insights/deep/index.md"), nested("Deep"));
  writeFileSync(join(copy.dir, "de/pages/insights/deep/index.md"), nested("Tief", "slug: tief\n"));
  copy.edit("en/pages/insights/index.md", (text) => text.replace(/^title: /m, "pageSize: 1\ntitle: "));
  content = await loadContent(copy.dir);
  model = new RouteModel(content, { drafts: true, noindex: true, today: TODAY });
}, 60_000);
afterAll(() => copy.cleanup());

const route = (kind: Route["kind"], lang: string, key?: string): Route => {
  const found = model.routes.find(
    (candidate) => candidate.kind === kind && candidate.lang === lang && (key === undefined || candidate.key === key),
  );
  if (!found) throw new Error(`test setup: no ${kind} ${key ?? ""} in ${lang}`);
  return found;
};
const contextOf = (page: Route) => ({
  route: page,
  model,
  content,
  copy: content.langs[page.lang] as Content["langs"][string],
  assets: ASSETS,
  siteUrl: SITE,
});
/** The page's graph: its one @context, and its nodes. */
function graph(page: Route): Node[] {
  const data = structuredData(contextOf(page)) as Node;
  expect(data["@context"]).toBe("https://schema.org");
  return data["@graph"] as Node[];
}
const ofType = (nodes: Node[], type: string) => nodes.filter((node) => node["@type"] === type);

describe("home pages: the company and the website, in full, once for all languages", () => {
  it("the company: name, legal name, address, contact, logo and image, as site.yaml and home.yaml say", () => {
    const { site } = content;
    const [company, website, ...rest] = graph(route("home", "en"));
    expect(rest).toEqual([]);
    expect(company).toEqual({
      "@type": "ProfessionalService",
      "@id": expect.stringMatching(/^https:\/\/www\.leap-ai\.example\/#\w+$/),
      name: site.company.name,
      legalName: site.legal.companyName,
      url: `${SITE}/`,
      description: content.langs.en?.home.meta.description,
      email: site.company.email,
      telephone: site.company.phoneHref,
      logo: { "@type": "ImageObject", url: `${SITE}${ASSETS.faviconPng}` },
      image: `${SITE}${ASSETS.ogImage}`,
      address: {
        "@type": "PostalAddress",
        streetAddress: site.legal.street,
        postalCode: site.legal.postalCode,
        addressLocality: site.legal.city,
        addressCountry: "DE",
      },
      vatID: site.legal.vatId,
      areaServed: "DE",
      knowsLanguage: content.locales.map((locale) => locale.code),
      sameAs: site.social.map((profile) => profile.url),
    });
    expect(website).toEqual({
      "@type": "WebSite",
      "@id": expect.stringMatching(/^https:\/\/www\.leap-ai\.example\/#\w+$/),
      name: site.company.name,
      url: `${SITE}/`,
      inLanguage: content.locales.map((locale) => locale.code),
      publisher: { "@id": company?.["@id"] },
    });
    expect(website?.["@id"]).not.toBe(company?.["@id"]);
  });

  it("every language's home page describes the same two entities, with the same ids", () => {
    const english = graph(route("home", "en"));
    for (const locale of content.locales) {
      const nodes = graph(route("home", locale.code));
      expect(nodes.map((node) => node["@id"])).toEqual(english.map((node) => node["@id"]));
      expect(nodes[0]?.description).toBe(content.langs[locale.code]?.home.meta.description);
    }
  });
});

describe("below home: a breadcrumb trail, and an article on a section's pages", () => {
  it("an article: a BlogPosting with Google's recommended properties, its author the person named", () => {
    const page = route("page", "en", "insights/rag-agents");
    const [trail, article, company, ...rest] = graph(page);
    expect(rest).toEqual([]);
    const home = graph(route("home", "en"));
    const url = `${SITE}${page.path}`;
    expect(article).toEqual({
      "@type": "BlogPosting",
      "@id": expect.stringMatching(new RegExp(`^${url}#\\w+$`)),
      headline: page.page?.meta.title,
      description: page.page?.meta.description,
      url,
      mainEntityOfPage: { "@type": "WebPage", "@id": url },
      inLanguage: "en",
      datePublished: page.published,
      dateModified: page.modified,
      author: { "@type": "Person", name: AUTHOR, worksFor: { "@id": home[0]?.["@id"] } },
      publisher: { "@id": home[0]?.["@id"] },
      image: [`${SITE}${ASSETS.ogImage}`],
      isPartOf: { "@id": home[1]?.["@id"] },
    });
    expect(article?.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}/);
    // The company is named by reference only: id, name and address, not the full node of the home page, and as an
    // Organization (a ProfessionalService without its address would be an invalid local business to Google).
    expect(company).toEqual({
      "@type": "Organization",
      "@id": home[0]?.["@id"],
      name: content.site.company.name,
      url: `${SITE}/`,
    });
    expect(trail?.["@type"]).toBe("BreadcrumbList");
  });

  it("without an author the article's author is the company", () => {
    const nodes = graph(route("page", "de", "insights/rag-agents"));
    const company = graph(route("home", "de"))[0];
    expect(ofType(nodes, "BlogPosting")[0]?.author).toEqual({ "@id": company?.["@id"] });
  });

  it("the trail walks home, the section, the page: names and addresses as the menus and back links give them", () => {
    const page = route("page", "de", "insights/rag-agents");
    const section = route("section", "de", "insights");
    expect(ofType(graph(page), "BreadcrumbList")).toEqual([
      {
        "@type": "BreadcrumbList",
        itemListElement: [
          { "@type": "ListItem", position: 1, name: content.site.company.name, item: `${SITE}/de/` },
          { "@type": "ListItem", position: 2, name: section.page?.meta.title, item: `${SITE}${section.path}` },
          { "@type": "ListItem", position: 3, name: page.page?.meta.title, item: `${SITE}${page.path}` },
        ],
      },
    ]);
  });

  it("a section's list page, the privacy policy and the Impressum: a trail only, under their own titles", () => {
    const section = route("section", "en", "insights");
    expect(graph(section)).toEqual([
      {
        "@type": "BreadcrumbList",
        itemListElement: [
          { "@type": "ListItem", position: 1, name: content.site.company.name, item: `${SITE}/` },
          { "@type": "ListItem", position: 2, name: section.page?.meta.title, item: `${SITE}${section.path}` },
        ],
      },
    ]);
    const privacy = route("page", "en", "privacy");
    expect(graph(privacy)).toEqual([
      {
        "@type": "BreadcrumbList",
        itemListElement: [
          { "@type": "ListItem", position: 1, name: content.site.company.name, item: `${SITE}/` },
          { "@type": "ListItem", position: 2, name: privacy.page?.meta.title, item: `${SITE}${privacy.path}` },
        ],
      },
    ]);
    const impressum = route("impressum", "en");
    expect(ofType(graph(impressum), "BreadcrumbList")[0]?.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: content.site.company.name, item: `${SITE}/` },
      { "@type": "ListItem", position: 2, name: content.impressum.title, item: `${SITE}${impressum.path}` },
    ]);
  });
});

describe("list pages and sections inside sections", () => {
  it('a section\'s second list page is named as its heading names it ("Insights – page 2")', () => {
    const section = route("section", "en", "insights");
    const second = model.routes.find((candidate) => candidate.kind === "section" && candidate.list?.number === 2);
    expect(second?.lang).toBe("en");
    const title = content.langs.en?.common.pages.listPageTitle
      .replace("{title}", section.page?.meta.title ?? "")
      .replace("{number}", "2");
    expect(ofType(graph(second as Route), "BreadcrumbList")[0]?.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: content.site.company.name, item: `${SITE}/` },
      { "@type": "ListItem", position: 2, name: title, item: `${SITE}${second?.path}` },
    ]);
  });

  it("a section inside a section is no article: a trail through the section above it", () => {
    const deep = route("section", "de", "insights/deep");
    const above = route("section", "de", "insights");
    expect(isSectionEntry(deep)).toBe(false);
    expect(graph(deep)).toEqual([
      {
        "@type": "BreadcrumbList",
        itemListElement: [
          { "@type": "ListItem", position: 1, name: content.site.company.name, item: `${SITE}/de/` },
          { "@type": "ListItem", position: 2, name: above.page?.meta.title, item: `${SITE}${above.path}` },
          { "@type": "ListItem", position: 3, name: "Tief", item: `${SITE}${deep.path}` },
        ],
      },
    ]);
  });

  it("only a page in a section is an entry: not a home page, the Impressum or a page outside sections", () => {
    expect(isSectionEntry(route("page", "en", "insights/rag-agents"))).toBe(true);
    expect(isSectionEntry(route("home", "en"))).toBe(false);
    expect(isSectionEntry(route("impressum", "en"))).toBe(false);
    expect(isSectionEntry(route("page", "en", "privacy"))).toBe(false);
  });
});

describe("pages that are not to be indexed", () => {
  it("the 404 pages and drafts (in a preview) have no structured data at all", () => {
    for (const locale of content.locales)
      expect(structuredData(contextOf(route("notFound", locale.code)))).toBe(undefined);
    const drafts = model.routes.filter((candidate) => candidate.draft);
    expect(drafts.map((draft) => draft.lang).sort()).toEqual(["de", "en"]);
    for (const draft of drafts) expect(structuredData(contextOf(draft)), draft.path).toBe(undefined);
  });
});

describe("what the publishing rules add (tags, lastmod, authors described in site.yaml)", () => {
  it("a tag's list page: a trail home, then the tag page under the title its heading shows", () => {
    const tagPage = model.routes.find(
      (candidate) => candidate.kind === "tag" && candidate.lang === "en" && candidate.tag?.name === "RAG",
    ) as Route;
    expect(tagPage).toBeDefined();
    expect(graph(tagPage)).toEqual([
      {
        "@type": "BreadcrumbList",
        itemListElement: [
          { "@type": "ListItem", position: 1, name: content.site.company.name, item: `${SITE}/` },
          { "@type": "ListItem", position: 2, name: "Tagged “RAG”", item: `${SITE}${tagPage.path}` },
        ],
      },
    ]);
  });

  it("an article with lastmod was modified that day; without, when its file last changed", () => {
    const page = route("page", "en", "insights/rag-agents");
    const meta = page.page?.meta as NonNullable<Route["page"]>["meta"];
    const changed = { ...page, page: { ...page.page, meta: { ...meta, lastmod: "2026-11-20" } } } as Route;
    expect(ofType(graph(changed), "BlogPosting")[0]?.dateModified).toBe("2026-11-20T00:00:00Z");
    expect(ofType(graph(page), "BlogPosting")[0]?.dateModified).toBe(page.modified);
  });

  it("an author site.yaml describes: the role in the page's language as jobTitle, the photo as image", () => {
    const described = {
      ...content,
      site: { ...content.site, authors: [{ name: AUTHOR, role: { en: "AI consultant", de: "KI-Beraterin" } }] },
      authorPhotos: new Map([[AUTHOR, { fallback: { url: "/assets/jana-1234abcd.jpg" } }]]),
    } as unknown as Content;
    const page = route("page", "en", "insights/rag-agents");
    const data = structuredData({ ...contextOf(page), content: described }) as Node;
    const [posting] = ofType(data["@graph"] as Node[], "BlogPosting");
    expect(posting?.author).toEqual({
      "@type": "Person",
      name: AUTHOR,
      jobTitle: "AI consultant",
      image: `${SITE}/assets/jana-1234abcd.jpg`,
      worksFor: { "@id": `${SITE}/#organization` },
    });
  });
});
