import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Problem } from "../../content/read/errors.ts";
import { attributeOf, startTags } from "../html/reader.ts";
import { fileForPath } from "./links.ts";
import { ownCopy } from "../html/own-copy.ts";

const attribute = (tag: string, name: string) => {
  const value = attributeOf(tag, name);
  return value === undefined ? undefined : ownCopy(value);
};

const LINK = new Set(["link"]);

function headLinks(html: string) {
  const tags = [...startTags(html, LINK)].map((token) => token.text);
  const canonical = tags.find((tag) => attribute(tag, "rel") === "canonical");
  const alternates = tags
    .filter((tag) => attribute(tag, "rel") === "alternate" && attribute(tag, "hreflang"))
    .map((tag) => ({ lang: attribute(tag, "hreflang") ?? "", href: attribute(tag, "href") ?? "" }));
  return { canonical: canonical && attribute(canonical, "href"), alternates };
}

/**
 * Search engines ignore hreflang that is not reciprocal: every alternate a page names must exist, name the
 * same set of alternates (itself included), and x-default must be one of them. Checked on the written HTML,
 * so it holds for what is published, whatever produced it.
 */
export function checkHreflang(outDir: string, files: string[], siteUrl: string): Problem[] {
  const problems: Problem[] = [];
  const linksOf = new Map(files.map((file) => [file, headLinks(readFileSync(join(outDir, file), "utf8"))]));
  for (const [file, { canonical, alternates }] of linksOf) {
    if (alternates.length === 0) continue;
    const set = (list: typeof alternates) =>
      list
        .map((link) => `${link.lang} ${link.href}`)
        .sort()
        .join(", ");
    const languages = alternates.filter((link) => link.lang !== "x-default");
    if (!languages.some((link) => link.href === canonical))
      problems.push({ file, message: `its hreflang links do not name the page itself (${canonical})` });
    const xDefault = alternates.find((link) => link.lang === "x-default");
    if (xDefault && !languages.some((link) => link.href === xDefault.href))
      problems.push({ file, message: `x-default ${xDefault.href} is none of its languages` });
    for (const link of languages) {
      const path = link.href.startsWith(siteUrl) ? link.href.slice(siteUrl.length) : undefined;
      const target = path === undefined ? undefined : fileForPath(outDir, path);
      const theirs = target === undefined ? undefined : linksOf.get(target);
      if (!theirs)
        problems.push({
          file,
          message: `hreflang="${link.lang}" points to ${link.href}, which is no page of this build`,
        });
      else if (set(theirs.alternates) !== set(alternates))
        problems.push({
          file,
          message: `hreflang="${link.lang}" page ${target} does not link back with the same alternates`,
        });
    }
  }
  return problems;
}
