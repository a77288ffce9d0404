import type { Element, Root, RootContent } from "hast";
import { fromHtml } from "hast-util-from-html";
import type { Problem } from "../../content/read/errors.ts";
import type { RouteModel } from "../../routes/model.ts";
import type { Route } from "../../routes/route.ts";
import { type Blame, outputProblem } from "./blame.ts";
import { childrenNamed, isAbsoluteUrl, isDateTime, parseXml, type XmlElement } from "./xml.ts";

const ATOM = "http://www.w3.org/2005/Atom";
const RULE = "atom";

/** Each address an entry's HTML gives, with the element and attribute it stands in. */
function addressesOf(tree: Root): { element: string; attribute: string; url: string }[] {
  const found: { element: string; attribute: string; url: string }[] = [];
  const walk = (nodes: RootContent[]) => {
    for (const node of nodes) {
      if (node.type !== "element") continue;
      for (const [attribute, name] of [
        ["href", "href"],
        ["src", "src"],
        ["srcSet", "srcset"],
      ] as const) {
        const value = node.properties[attribute];
        if (value === undefined || value === null) continue;
        const urls =
          attribute === "srcSet"
            ? String(value)
                .split(",")
                .map((candidate) => candidate.trim().split(/\s+/)[0] ?? "")
            : [String(value)];
        for (const url of urls) found.push({ element: node.tagName, attribute: name, url });
      }
      walk(node.children);
    }
  };
  walk(tree.children);
  return found;
}

const isLeftOut = (node: Element) =>
  node.tagName === "svg" || ((node.properties.className as string[] | undefined) ?? []).includes("visually-hidden");

/** What a feed reader would get wrong in an entry's HTML: its parse errors, relative addresses, icons and hidden text. */
function contentProblems(html: string): string[] {
  const problems: string[] = [];
  const tree = fromHtml(html, {
    fragment: true,
    onerror: (message) => {
      problems.push(`its HTML does not parse cleanly (${message.reason}, line ${message.line ?? "?"} of the entry)`);
    },
  });
  for (const { element, attribute, url } of addressesOf(tree)) {
    if (/^(mailto|tel):/i.test(url) || isAbsoluteUrl(url)) continue;
    problems.push(
      `<${element} ${attribute}="${url}"> is not an absolute address: a feed reader resolves it against the feed, not the page`,
    );
  }
  const walk = (nodes: RootContent[]) => {
    for (const node of nodes) {
      if (node.type !== "element") continue;
      if (isLeftOut(node)) {
        problems.push(
          `carries ${node.tagName === "svg" ? "an inline <svg> icon" : "visually hidden text"}, which a feed reader shows without the site's stylesheet`,
        );
      } else walk(node.children);
    }
  };
  walk(tree.children);
  return problems;
}

/**
 * An Atom feed as a reader parses it (RFC 4287): well-formed XML, the feed's id, title, updated and self link, and
 * for each entry a unique absolute id, a title, RFC 3339 dates, an absolute alternate link and HTML content whose
 * every address is absolute. Each problem names the content file (and line) behind the entry or the feed.
 */
export function checkFeed(
  xml: string,
  file: string,
  section: Route,
  {
    model,
    blame,
    siteUrl,
    contentOf,
  }: {
    model: RouteModel;
    blame: Blame;
    siteUrl: string;
    /**
     * npm run dev's one-page rebuild: the address of the saved page, whose entry's content alone is read again. The
     * others' content is their pages' HTML, which the reuse rule keeps the same, and it passed when it was built.
     */
    contentOf?: string;
  },
): Problem[] {
  const problems: Problem[] = [];
  const entries = model.feedEntries(section);
  const routeOfUrl = (url: string) =>
    entries.find((route) => `${siteUrl}${route.path}` === url) ??
    model.routes.find((route) => `${siteUrl}${route.path}` === url);
  const report = (route: Route | undefined, value: string, message: string) =>
    problems.push(outputProblem(blame.of(value, blame.filesOf(route ?? section)), file, message, RULE));

  const parsed = parseXml(xml);
  if ("error" in parsed) {
    // The entry the error stands in, by the id it gives before its content.
    const lines = xml.split("\n");
    const before = lines.slice(0, parsed.line);
    const entryStart = before.findLastIndex((line) => line.trim() === "<entry>");
    const id = entryStart < 0 ? undefined : /<id>([^<]*)<\/id>/.exec(lines.slice(entryStart).join("\n"))?.[1];
    const value = (lines[parsed.line - 1] ?? "").replace(/<[^>]*>/g, " ").trim();
    report(
      id ? routeOfUrl(id) : undefined,
      value,
      `not well-formed XML at line ${parsed.line}, column ${parsed.column}: ${parsed.error}`,
    );
    return problems;
  }
  const feed = parsed.root;
  if (feed.local !== "feed" || feed.uri !== ATOM) {
    report(undefined, "", `the root element is <${feed.local}>, not an Atom <feed>`);
    return problems;
  }
  const one = (parent: XmlElement, local: string, route: Route | undefined, where: string) => {
    const found = childrenNamed(parent, local);
    if (found.length !== 1) report(route, "", `${where} has ${found.length} <${local}> elements; Atom requires one`);
    return found[0];
  };
  const checkCommon = (element: XmlElement, route: Route | undefined, where: string) => {
    const id = one(element, "id", route, where);
    if (id && !isAbsoluteUrl(id.text)) report(route, id.text, `${where}: <id> "${id.text}" is not an absolute IRI`);
    const title = one(element, "title", route, where);
    if (title && title.text.trim() === "") report(route, "", `${where}: <title> is empty`);
    const updated = one(element, "updated", route, where);
    if (updated && !isDateTime(updated.text))
      report(route, updated.text, `${where}: <updated> "${updated.text}" is not an RFC 3339 date-time`);
    for (const link of childrenNamed(element, "link"))
      if (!isAbsoluteUrl(link.attributes.href ?? ""))
        report(
          route,
          link.attributes.href ?? "",
          `${where}: <link href="${link.attributes.href ?? ""}"> is not absolute`,
        );
    return id?.text;
  };
  checkCommon(feed, section, "the feed");
  if (!childrenNamed(feed, "link").some((link) => link.attributes.rel === "self"))
    report(section, "", `the feed has no <link rel="self">`);
  const feedAuthor = childrenNamed(feed, "author").length > 0;
  const ids = new Set<string>();
  childrenNamed(feed, "entry").forEach((entry, index) => {
    const idText = childrenNamed(entry, "id")[0]?.text ?? "";
    const route = routeOfUrl(idText);
    const where = `entry ${index + 1} (${idText || "no id"})`;
    const id = checkCommon(entry, route, where);
    if (id !== undefined) {
      if (ids.has(id)) report(route, id, `${where}: the id is given to another entry too`);
      ids.add(id);
    }
    for (const published of childrenNamed(entry, "published"))
      if (!isDateTime(published.text))
        report(route, published.text, `${where}: <published> "${published.text}" is not an RFC 3339 date-time`);
    if (!childrenNamed(entry, "link").some((link) => (link.attributes.rel ?? "alternate") === "alternate"))
      report(route, "", `${where} has no <link rel="alternate">`);
    if (!feedAuthor && childrenNamed(entry, "author").length === 0)
      report(route, "", `${where} has no <author>, and neither has the feed`);
    if (contentOf !== undefined && route?.path !== contentOf) return;
    for (const content of childrenNamed(entry, "content")) {
      if (content.attributes.type !== "html") continue;
      for (const problem of contentProblems(content.text)) {
        const url = /="([^"]*)"/.exec(problem)?.[1] ?? "";
        report(route, url, `${where}: its content ${problem}`);
      }
    }
  });
  return problems;
}
