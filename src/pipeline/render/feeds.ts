import { SECTION_LIST } from "../../content/sections.ts";
import { isFirstListPage, type Route, type RouteModel } from "../../routes/model.ts";

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * An article's HTML as a feed reader shows it, away from the site: every link and image to the site's own
 * paths (href, src, each srcset candidate) gets the site's address, an #anchor the article's own URL.
 * The HTML comes from the site's Markdown renderer (no raw HTML), so its attributes are always double-quoted.
 */
function absoluteHtml(html: string, siteUrl: string, pageUrl: string): string {
  const absolute = (url: string) =>
    url.startsWith("#") ? `${pageUrl}${url}` : url.startsWith("/") && !url.startsWith("//") ? `${siteUrl}${url}` : url;
  return html.replace(/(\s(href|src|srcset)=")([^"]*)"/gi, (_, start: string, name: string, value: string) => {
    const written =
      name.toLowerCase() === "srcset"
        ? value
            .split(",")
            .map((candidate) => absolute(candidate.trim()))
            .join(", ")
        : absolute(value);
    return `${start}${written}"`;
  });
}

/** A feed is read as a timeline: its newest dated pages, newest first, whatever their weight in the section's list. */
function feedEntries(model: RouteModel, section: Route): Route[] {
  return (
    model
      .children(section)
      .filter((child) => child.kind === "page" && !child.draft && child.published !== undefined)
      // Not before its day, nor after its expiryDate, even in a preview that shows it (npm run dev, --future).
      .filter((child) => child.schedule === undefined)
      .sort((a, b) =>
        (a.published as string) === b.published ? 0 : (a.published as string) > (b.published as string) ? -1 : 1,
      )
      .slice(0, SECTION_LIST.feedEntries)
  );
}

/**
 * An Atom feed per section and language (RFC 4287), of the newest dated pages the section lists, each with its
 * publication date, its last change (the route's `modified`) and its full text. Dates come from front matter
 * and git, never from the clock, so the same content and history always build the same feed. `sections`
 * limits it to some (npm run dev rewrites one section's feed after one of its pages changed).
 */
export function feeds(model: RouteModel, siteUrl: string, sections: Route[] = model.routes): Map<string, string> {
  const files = new Map<string, string>();
  for (const section of sections.filter(
    (route) => route.kind === "section" && route.feed && !route.draft && isFirstListPage(route),
  )) {
    const entries = feedEntries(model, section);
    const changes = entries.map((entry) => entry.modified ?? (entry.published as string)).sort();
    const updated = changes.at(-1) ?? section.modified ?? `${model.content.site.copyrightYear}-01-01T00:00:00Z`;
    const title = `${section.page?.meta.title ?? ""} – ${model.content.site.company.name}`;
    const xml = [
      `<?xml version="1.0" encoding="utf-8"?>`,
      `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${section.lang}">`,
      `  <title>${escapeXml(title)}</title>`,
      `  <subtitle>${escapeXml(section.page?.meta.description ?? "")}</subtitle>`,
      `  <id>${escapeXml(siteUrl + section.path)}</id>`,
      `  <link rel="self" type="application/atom+xml" href="${escapeXml(siteUrl + section.feed)}"/>`,
      `  <link rel="alternate" type="text/html" href="${escapeXml(siteUrl + section.path)}"/>`,
      `  <updated>${updated}</updated>`,
      `  <author><name>${escapeXml(model.content.site.company.name)}</name></author>`,
      ...entries.map((entry) => {
        const meta = entry.page?.meta;
        const url = siteUrl + entry.path;
        return [
          `  <entry>`,
          `    <title>${escapeXml(meta?.title ?? "")}</title>`,
          `    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
          `    <id>${escapeXml(url)}</id>`,
          `    <published>${entry.published}</published>`,
          `    <updated>${entry.modified ?? entry.published}</updated>`,
          ...(meta?.author ? [`    <author><name>${escapeXml(meta.author)}</name></author>`] : []),
          `    <summary>${escapeXml(meta?.summary ?? meta?.description ?? "")}</summary>`,
          `    <content type="html">${escapeXml(absoluteHtml(model.pageHtml(entry), siteUrl, url))}</content>`,
          `  </entry>`,
        ].join("\n");
      }),
      `</feed>`,
      ``,
    ].join("\n");
    files.set((section.feed as string).slice(1), xml);
  }
  return files;
}
