import type { Element, Root } from "hast";
import { fromHtml } from "hast-util-from-html";
import { toHtml } from "hast-util-to-html";
import { asExpected } from "../../content/read/errors.ts";
import type { RouteModel } from "../../routes/model.ts";
import { isFirstListPage, type Route } from "../../routes/route.ts";
import { pageHtml } from "../../routes/navigation.ts";
import type { Page } from "../../content/types.ts";

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Elements a feed reader, which has no site stylesheet, would show wrongly: inline icons and text hidden for all but screen readers. */
const leftOut = (node: Element): boolean =>
  node.tagName === "svg" ||
  ((node.properties.className as string[] | undefined) ?? []).includes("visually-hidden") ||
  // An icon's wrapper (a callout's), empty without its icon.
  (node.tagName === "span" &&
    node.children.length > 0 &&
    node.children.every((child) => child.type === "element" && child.tagName === "svg"));

/**
 * An article's HTML as a feed reader shows it, away from the site: every address (href, src, each srcset
 * candidate) resolved against the article's own URL as a browser on the page resolves it, so a feed never
 * carries a relative ("/x", "?q=1", "#id") or scheme-relative ("//host/x") link; the site's inline icons and its
 * visually hidden helper text ("(opens in a new tab)") are left out. Done on the syntax tree (parse5), so text
 * that merely looks like an attribute, in a code sample, stays as written.
 */
export function feedHtml(html: string, pageUrl: string): string {
  const absolute = (url: string) => {
    try {
      return new URL(url, pageUrl).href;
    } catch {
      return url;
    }
  };
  const rewrite = (parent: Root | Element) => {
    parent.children = parent.children.filter((child) => child.type !== "element" || !leftOut(child));
    for (const child of parent.children) {
      if (child.type !== "element") continue;
      const { properties } = child;
      for (const name of ["href", "src"] as const)
        if (typeof properties[name] === "string") properties[name] = absolute(properties[name]);
      if (typeof properties.srcSet === "string" || Array.isArray(properties.srcSet))
        properties.srcSet = String(properties.srcSet)
          .split(",")
          .map((candidate) => {
            const [url = "", ...descriptor] = candidate.trim().split(/\s+/);
            return [absolute(url), ...descriptor].join(" ");
          })
          .join(", ");
      rewrite(child);
    }
  };
  const tree = fromHtml(html, { fragment: true });
  rewrite(tree);
  return toHtml(tree);
}

/**
 * An Atom feed per section and language (RFC 4287), of the newest dated pages the section lists, each with its
 * publication date, its last change (the route's `modified`) and its full text. Dates come from front matter
 * and git, never from the clock, so the same content and history always build the same feed. `sections`
 * limits it to some (npm run dev rewrites one section's feed after one of its pages changed).
 */
export function feeds(
  model: RouteModel,
  siteUrl: string,
  sections: Route[] = model.routes,
  /** The last build's text of a feed whose inputs did not change (an incremental build), else undefined. */
  reuse?: (file: string, section: Route) => string | undefined,
  /** Each entry's content as made before, by its page (npm run dev: FeedContents). */
  contents?: FeedContents,
): Map<string, string> {
  const files = new Map<string, string>();
  for (const section of sections.filter(
    (route) => route.kind === "section" && route.feed && !route.draft && isFirstListPage(route),
  )) {
    try {
      const file = (section.feed as string).slice(1);
      files.set(file, reuse?.(file, section) ?? feedOf(model, siteUrl, section, contents));
    } catch (error) {
      throw asExpected(error, "writing the feed of", section.sources[0]);
    }
  }
  return files;
}

/**
 * Each feed entry's content (its page's HTML made absolute and escaped), by its page and address. npm run dev keeps it
 * between the one-page rebuilds after a full build, whose route models keep every other page's object and every
 * address (RouteModel.withPage): a save makes only its own page's entry again, not the section's twenty.
 */
export type FeedContents = WeakMap<Page, { url: string; content: string }>;

/** An entry's content, escaped for the feed's XML; kept in `contents` when given. */
function entryContent(model: RouteModel, entry: Route, url: string, contents?: FeedContents): string {
  const kept = entry.page && contents?.get(entry.page);
  if (kept && kept.url === url) return kept.content;
  const content = escapeXml(feedHtml(pageHtml(model, entry), url));
  if (entry.page) contents?.set(entry.page, { url, content });
  return content;
}

/** One section's feed. */
function feedOf(model: RouteModel, siteUrl: string, section: Route, contents?: FeedContents): string {
  {
    const entries = model.feedEntries(section);
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
          `    <content type="html">${entryContent(model, entry, url, contents)}</content>`,
          `  </entry>`,
        ].join("\n");
      }),
      `</feed>`,
      ``,
    ].join("\n");
    return xml;
  }
}
