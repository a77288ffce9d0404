import { countryCode } from "../content/schemas/country.ts";
import { fill } from "../content/rules/interpolate.ts";
import { homePath } from "../content/locales.ts";
import { authorOf } from "../routes/authors.ts";
import type { Route } from "../routes/route.ts";
import type { PageContext } from "./context.ts";
import { listPageTitle } from "./list-page-title.ts";
import { preview } from "./preview.ts";

type Node = Record<string, unknown>;

/** The business's node id: one entity for every language and page, so search engines see one company. */
const organizationId = (siteUrl: string) => `${siteUrl}/#organization`;
const websiteId = (siteUrl: string) => `${siteUrl}/#website`;

/** A page of a section (content/<lang>/pages/insights/rag-agents.md): an article with its own dates and author. */
export const isSectionEntry = (route: Route) => route.kind === "page" && route.page?.section !== undefined;

function organization({ content, copy, siteUrl, assets }: PageContext): Node {
  const { site } = content;
  return {
    "@type": "ProfessionalService",
    "@id": organizationId(siteUrl),
    name: site.company.name,
    legalName: site.legal.companyName,
    url: `${siteUrl}/`,
    description: copy.home.meta.description,
    email: site.company.email,
    telephone: site.company.phoneHref,
    logo: { "@type": "ImageObject", url: `${siteUrl}${assets.faviconPng}` },
    image: `${siteUrl}${assets.ogImage}`,
    address: {
      "@type": "PostalAddress",
      streetAddress: site.legal.street,
      postalCode: site.legal.postalCode,
      addressLocality: site.legal.city,
      // Derived from the country's name in site.yaml (one fact, one value): a move abroad changes it too.
      addressCountry: countryCode(site.legal.countryEn, "en") ?? site.legal.countryEn,
    },
    vatID: site.legal.vatId,
    areaServed: "DE",
    knowsLanguage: content.locales.map((locale) => locale.code),
    sameAs: site.social.map((profile) => profile.url),
  };
}

function website({ content, siteUrl }: PageContext): Node {
  return {
    "@type": "WebSite",
    "@id": websiteId(siteUrl),
    name: content.site.company.name,
    url: `${siteUrl}/`,
    inLanguage: content.locales.map((locale) => locale.code),
    publisher: { "@id": organizationId(siteUrl) },
  };
}

/** Home, then the section (if any), then the page: the same trail the back links walk. */
function breadcrumbs(context: PageContext): Node | undefined {
  const { route, model, content, siteUrl } = context;
  if (route.kind === "home") return undefined;
  const title =
    route.kind === "impressum"
      ? content.impressum.title
      : route.kind === "section"
        ? listPageTitle(route, context.copy.common)
        : route.kind === "tag"
          ? fill(context.copy.common.tags.title, { tag: route.tag?.name ?? "" })
          : route.kind === "search"
            ? context.copy.common.search.title
            : route.page?.meta.title;
  if (title === undefined) return undefined;
  const section = model.sectionOf(route);
  const trail = [
    { name: content.site.company.name, path: homePath(model.locale(route.lang)) },
    ...(section?.page ? [{ name: section.page.meta.title, path: section.path }] : []),
    { name: title, path: route.path },
  ];
  return {
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: `${siteUrl}${crumb.path}`,
    })),
  };
}

function article(context: PageContext): Node | undefined {
  const { route, siteUrl } = context;
  const meta = route.page?.meta;
  if (!meta || !isSectionEntry(route)) return undefined;
  const url = `${siteUrl}${route.path}`;
  return {
    "@type": "BlogPosting",
    "@id": `${url}#article`,
    headline: meta.title,
    description: meta.description,
    url,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    inLanguage: route.lang,
    datePublished: route.published,
    // lastmod says when readers should know the text changed; without it, the last commit (as feeds and the sitemap).
    dateModified: meta.lastmod ? `${meta.lastmod}T00:00:00Z` : route.modified,
    author: meta.author ? person(context) : { "@id": organizationId(siteUrl) },
    publisher: { "@id": organizationId(siteUrl) },
    image: [preview(context).url],
    isPartOf: { "@id": websiteId(siteUrl) },
  };
}

/** An article's author as a schema.org Person: name, and the role and photo site.yaml's authors give. */
function person(context: PageContext): Node | undefined {
  const author = authorOf(context.route, context.content);
  if (!author) return undefined;
  const photo = author.photo?.fallback.url;
  return {
    "@type": "Person",
    name: author.name,
    ...(author.role ? { jobTitle: author.role } : {}),
    ...(photo ? { image: `${context.siteUrl}${photo}` } : {}),
    worksFor: { "@id": organizationId(context.siteUrl) },
  };
}

/**
 * The company as an article names it (publisher, or author when none is given): id, name and url only, as an
 * Organization. Google takes a ProfessionalService for a local business, which needs an address: named so
 * without one, every article would be an invalid item in Search Console. The home pages keep the full node.
 */
function organizationReference({ content, siteUrl }: PageContext): Node {
  return {
    "@type": "Organization",
    "@id": organizationId(siteUrl),
    name: content.site.company.name,
    url: `${siteUrl}/`,
  };
}

/**
 * The page's schema.org data as one JSON-LD graph: the company and the website in full on the home pages (the
 * same ids in every language), a breadcrumb trail below them, and an article with the company's reference on a
 * section's pages. The full company node is not repeated on every page: it is 0.6 KB of gzip, and the longest
 * pages are within a few hundred bytes of what a first round trip carries (docs/performance.md).
 * Pages that are not indexed (404) get none.
 */
export function structuredData(context: PageContext): Node | undefined {
  if (!context.route.indexable) return undefined;
  const entry = article(context);
  const nodes =
    context.route.kind === "home"
      ? [organization(context), website(context)]
      : [breadcrumbs(context), entry, entry ? organizationReference(context) : undefined].filter(
          (node) => node !== undefined,
        );
  return { "@context": "https://schema.org", "@graph": nodes };
}
