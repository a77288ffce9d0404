import type { RouteModel } from "../../routes/model.ts";

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

/**
 * sitemap.xml with every indexable page, its last change (the route's `modified`: git, else the front
 * matter's date, else none rather than a guess) and its language alternates (hreflang), as search engines expect.
 */
export function sitemap(model: RouteModel, siteUrl: string): string {
  const entries = model.routes
    .filter((route) => route.indexable)
    .map((route) => {
      const alternates = Object.entries(route.alternates).map(
        ([lang, path]) => `    <xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(siteUrl + path)}"/>`,
      );
      const xDefault = route.alternates[model.defaultLocale.code];
      if (xDefault)
        alternates.push(
          `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(siteUrl + xDefault)}"/>`,
        );
      const lastmod = route.modified ? [`    <lastmod>${route.modified}</lastmod>`] : [];
      return [
        `  <url>`,
        `    <loc>${escapeXml(siteUrl + route.path)}</loc>`,
        ...lastmod,
        ...alternates,
        `  </url>`,
      ].join("\n");
    });
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">`,
    ...entries,
    `</urlset>`,
    ``,
  ].join("\n");
}

/** robots.txt: everything may be crawled, and here is the sitemap; a preview build lets nothing be crawled. */
export function robots(siteUrl: string, { noindex = false } = {}): string {
  if (noindex)
    return "# A preview build (npm run build -- --drafts): not for search engines.\nUser-agent: *\nDisallow: /\n";
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}
