import type { Problem } from "../../content/read/errors.ts";
import type { RouteModel } from "../../routes/model.ts";
import type { Route } from "../../routes/route.ts";
import { type Blame, outputProblem } from "./blame.ts";
import { childrenNamed, isAbsoluteUrl, isDateTime, parseXml } from "./xml.ts";

const SITEMAP = "http://www.sitemaps.org/schemas/sitemap/0.9";
const XHTML = "http://www.w3.org/1999/xhtml";
const RULE = "sitemap";
/** The protocol's limits for one file (sitemaps.org): more needs a sitemap index. */
export const SITEMAP_LIMITS = { urls: 50_000, bytes: 50 * 1024 * 1024, locLength: 2048 } as const;

/** W3C Datetime as the protocol allows it: a date, or a date-time with its zone. */
const isW3cDate = (value: string) =>
  (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))) || isDateTime(value);

/**
 * sitemap.xml as a search engine reads it (sitemaps.org): well-formed XML, a <urlset>, each <url> with one absolute
 * <loc> on the site's own origin, unique and under 2,048 characters, a W3C Datetime <lastmod>, absolute hreflang
 * alternates; at most 50,000 URLs and 50 MB. Each problem names the content file behind the page.
 */
export function checkSitemap(
  xml: string,
  { model, blame, siteUrl }: { model: RouteModel; blame: Blame; siteUrl: string },
): Problem[] {
  const file = "sitemap.xml";
  const problems: Problem[] = [];
  const report = (route: Route | undefined, value: string, message: string) =>
    problems.push(outputProblem(blame.of(value, blame.filesOf(route)), file, message, RULE));
  const parsed = parseXml(xml);
  if ("error" in parsed) {
    const line = (xml.split("\n")[parsed.line - 1] ?? "").replace(/<[^>]*>/g, " ").trim();
    const loc = xml
      .split("\n")
      .slice(0, parsed.line)
      .findLast((text) => text.includes("<loc>"));
    const route = model.routes.find((candidate) => loc?.includes(`>${siteUrl}${candidate.path}<`));
    report(route, line, `not well-formed XML at line ${parsed.line}, column ${parsed.column}: ${parsed.error}`);
    return problems;
  }
  const { root } = parsed;
  if (root.local !== "urlset" || root.uri !== SITEMAP) {
    report(undefined, "", `the root element is <${root.local}>, not the protocol's <urlset>`);
    return problems;
  }
  const urls = childrenNamed(root, "url");
  if (urls.length > SITEMAP_LIMITS.urls || Buffer.byteLength(xml) > SITEMAP_LIMITS.bytes)
    report(
      undefined,
      "",
      `${urls.length} URLs in ${Buffer.byteLength(xml)} bytes: one sitemap holds at most 50,000 and 50 MB`,
    );
  const origin = new URL(siteUrl).origin;
  const onSite = (url: string) => isAbsoluteUrl(url) && new URL(url).origin === origin;
  const seen = new Set<string>();
  const byUrl = new Map(model.routes.map((route) => [`${siteUrl}${route.path}`, route]));
  for (const url of urls) {
    const locs = childrenNamed(url, "loc");
    const loc = locs[0]?.text ?? "";
    const route = byUrl.get(loc);
    const where = `the <url> at line ${url.line} (${loc || "no loc"})`;
    if (locs.length !== 1) report(route, loc, `${where} has ${locs.length} <loc> elements; the protocol requires one`);
    if (!onSite(loc)) report(route, loc, `${where}: <loc> must be an absolute URL on ${origin}`);
    if (loc.length >= SITEMAP_LIMITS.locLength) report(route, loc, `${where}: <loc> is ${loc.length} characters long`);
    if (seen.has(loc)) report(route, loc, `${where}: the same <loc> is listed twice`);
    seen.add(loc);
    for (const lastmod of childrenNamed(url, "lastmod"))
      if (!isW3cDate(lastmod.text))
        report(route, lastmod.text, `${where}: <lastmod> "${lastmod.text}" is no W3C Datetime`);
    for (const link of childrenNamed(url, "link", XHTML)) {
      const { rel = "", hreflang = "", href = "" } = link.attributes;
      if (rel !== "alternate" || !/^([a-z]{2,3}(-[A-Za-z]{2,4})?|x-default)$/.test(hreflang))
        report(route, hreflang, `${where}: <xhtml:link rel="${rel}" hreflang="${hreflang}"> is no language alternate`);
      if (!onSite(href)) report(route, href, `${where}: the alternate ${href} must be an absolute URL on ${origin}`);
    }
  }
  return problems;
}
