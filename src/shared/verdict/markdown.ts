// What the web editor reads from a page's Markdown as the author types, to say what the build will: images without
// alt text and links to the site's own pages. The build finds the same in the parsed Markdown (content/markdown/
// render.ts) and in the built pages (pipeline/checks/); tests/unit/shared/verdict.test.ts holds both to the same
// problems on the same entries. A plain scan is enough here: the editor writes these two forms only.
import { type Said, say } from "../messages/catalogue.ts";
import { didYouMean } from "./suggest.ts";

const FENCE = /^\s*(```|~~~)/;
// ![alt](src "title"): the alt as written, the address up to a space or the closing bracket.
const IMAGE = /!\[([^\]\n]*)\]\(\s*<?([^)\s>]+)[^)]*\)/g;
// [text](address): not an image (no ! before it).
const LINK = /(?<!!)\[([^\]\n]*)\]\(\s*<?([^)\s>]+)[^)]*\)/g;

/** One finding in the body: the problem, and its line in the body (from 1). */
export interface BodyProblem {
  line: number;
  said: Said;
}

/** The body's lines outside code blocks, each with its number. */
function proseLines(body: string): { text: string; line: number }[] {
  let fenced = false;
  return body.split("\n").flatMap((text, index) => {
    if (FENCE.test(text)) {
      fenced = !fenced;
      return [];
    }
    return fenced ? [] : [{ text: text.replace(/`[^`\n]*`/g, ""), line: index + 1 }];
  });
}

/** Each image without alt text (![](./diagram.png), a figure's too): the build refuses it. */
export function imagesWithoutAlt(body: string): BodyProblem[] {
  return proseLines(body).flatMap(({ text, line }) =>
    [...text.matchAll(IMAGE)]
      .filter((match) => (match[1] ?? "").trim() === "")
      .map((match) => ({ line, said: say("missingAlt", { src: match[2] ?? "" }) })),
  );
}

/** The site's pages and old addresses, as the route model has them (no drafts): what a link may lead to. */
export interface SiteAddresses {
  /** Every page's address: /, /de/, /insights/chatbot-roi. */
  pages: readonly string[];
  /** Old addresses that redirect, to where they lead. */
  redirects: Readonly<Record<string, string>>;
}

/** A link to a page of the site: from its root, no file name extension (files are the build's to check). */
const pageLink = (address: string) =>
  address.startsWith("/") && !address.startsWith("//") && !/\.[a-z0-9]+$/i.test(address.split(/[?#]/)[0] ?? "");

/**
 * Each link in the body to an address of the site that no page has (with the page most likely meant), or that now
 * redirects (with where to link instead): the build refuses both.
 */
export function brokenPageLinks(body: string, site: SiteAddresses): BodyProblem[] {
  const pages = new Set(site.pages);
  return proseLines(body).flatMap(({ text, line }) =>
    [...text.matchAll(LINK)].flatMap((match) => {
      const written = match[2] ?? "";
      if (!pageLink(written)) return [];
      const path = (written.split(/[?#]/)[0] ?? "").replace(/(.)\/+$/, "$1");
      if (pages.has(path) || pages.has(`${path}/`)) return [];
      const moved = site.redirects[path];
      const reason = moved
        ? say("redirectedLink", { to: moved })
        : say("noSuchAddress", { meant: didYouMean(path, site.pages) });
      return [{ line, said: say("brokenLink", { written, reason }) }];
    }),
  );
}
