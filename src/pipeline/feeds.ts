import type { RouteModel } from "../routes/model.ts";

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const timestamp = (isoDate: string) => `${isoDate}T00:00:00Z`;

/**
 * An Atom feed per section and language (RFC 4287), of the pages the section lists. Dates come from front
 * matter, never from the clock, so the same content always builds the same feed.
 */
export function feeds(model: RouteModel, siteUrl: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const section of model.routes.filter((route) => route.kind === "section" && route.feed && !route.draft)) {
    const entries = model.children(section).filter((child) => !child.draft);
    const dates = entries.map((entry) => entry.page?.meta.date ?? "").sort();
    const updated = dates.at(-1) || section.page?.meta.date || `${model.content.site.copyrightYear}-01-01`;
    const title = `${section.page?.meta.title ?? ""} – ${model.content.site.company.name}`;
    const xml = [
      `<?xml version="1.0" encoding="utf-8"?>`,
      `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${section.lang}">`,
      `  <title>${escapeXml(title)}</title>`,
      `  <subtitle>${escapeXml(section.page?.meta.description ?? "")}</subtitle>`,
      `  <id>${escapeXml(siteUrl + section.path)}</id>`,
      `  <link rel="self" type="application/atom+xml" href="${escapeXml(siteUrl + section.feed)}"/>`,
      `  <link rel="alternate" type="text/html" href="${escapeXml(siteUrl + section.path)}"/>`,
      `  <updated>${timestamp(updated)}</updated>`,
      `  <author><name>${escapeXml(model.content.site.company.name)}</name></author>`,
      ...entries.map((entry) =>
        [
          `  <entry>`,
          `    <title>${escapeXml(entry.page?.meta.title ?? "")}</title>`,
          `    <link rel="alternate" type="text/html" href="${escapeXml(siteUrl + entry.path)}"/>`,
          `    <id>${escapeXml(siteUrl + entry.path)}</id>`,
          `    <updated>${timestamp(entry.page?.meta.date ?? updated)}</updated>`,
          `    <summary>${escapeXml(entry.page?.meta.summary ?? entry.page?.meta.description ?? "")}</summary>`,
          `  </entry>`,
        ].join("\n"),
      ),
      `</feed>`,
      ``,
    ].join("\n");
    files.set((section.feed as string).slice(1), xml);
  }
  return files;
}
