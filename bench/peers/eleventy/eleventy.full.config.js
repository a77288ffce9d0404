// The same generated Markdown as eleventy.config.js, with the outputs this site publishes for it, written the way an
// Eleventy user writes them: the I18n plugin (each page's other language from its input path), a layout with the
// menu, the language switch, the page's tags and related reading; collections for sections and tags, their list
// pages at 20 a page; one Atom feed per section (the RSS plugin's filters); a sitemap with hreflang alternates.
// No checks. npm run build:full (npm run bench -- --peers).
import { readFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { I18nPlugin } from "@11ty/eleventy";
import pluginRss from "@11ty/eleventy-plugin-rss";

const input = resolve(process.env.BENCH_CONTENT ?? "content");
const PAGE = /(?:^|\/)(en|de)\/pages\/(.+?)\.md$/;
const PER_PAGE = 20;
const SITE = "https://www.leap-ai.example";
const WORDS = {
  en: { home: "Home", menu: "Main", tags: "tags", tagList: "Tags", related: "Related reading", back: "Back to" },
  de: { home: "Start", menu: "Hauptmenü", tags: "schlagwoerter", tagList: "Schlagwörter", related: "Weiterlesen", back: "Zurück zu" },
};

export const config = { markdownTemplateEngine: false };

const prefix = (lang) => (lang === "en" ? "" : `/${lang}`);
/** A page's language, its path without the language, and whether it is its section's index. */
function place(inputPath) {
  const match = PAGE.exec(inputPath);
  if (!match) return undefined;
  const index = match[2].endsWith("/index") || match[2] === "index";
  const path = match[2].replace(/\/?index$/, "");
  return { lang: match[1], path, index, section: index ? path : path.split("/").slice(0, -1).join("/") };
}
const chunks = (items, size) => Array.from({ length: Math.ceil(items.length / size) }, (_, at) => items.slice(at * size, at * size + size));
const newestFirst = (a, b) => b.date - a.date || a.url.localeCompare(b.url);
/** List pages at 20 a page: the first at `base`, the others at base/page/N. */
const listPages = (base, items, extra) =>
  chunks(items, PER_PAGE).map((pageItems, at, all) => ({
    ...extra,
    items: pageItems,
    number: at + 1,
    count: all.length,
    url: at === 0 ? `${base}/` : `${base}/page/${at + 1}/`,
    previous: at === 0 ? undefined : at === 1 ? `${base}/` : `${base}/page/${at}/`,
    next: at + 1 < all.length ? `${base}/page/${at + 2}/` : undefined,
  }));

export default function (eleventyConfig) {
  eleventyConfig.setInputDirectory(input);
  eleventyConfig.setOutputDirectory(resolve(process.env.BENCH_OUT ?? "_site"));
  eleventyConfig.setIncludesDirectory(relative(input, resolve(import.meta.dirname, "_includes")));
  eleventyConfig.setTemplateFormats(["md", "njk"]);
  eleventyConfig.addPlugin(I18nPlugin, { defaultLanguage: "en", errorMode: "never" });
  eleventyConfig.addPlugin(pluginRss);
  eleventyConfig.addGlobalData("site", { url: SITE, words: WORDS });
  eleventyConfig.addGlobalData("layout", "full-page.njk");
  eleventyConfig.addGlobalData("eleventyComputed", {
    lang: (data) => place(data.page.inputPath)?.lang ?? data.lang,
    // A section's index is its list's first page (full/section.njk), not a page of its own; the list, feed and
    // sitemap templates keep their own permalinks.
    permalink: (data) => {
      const at = place(data.page.inputPath);
      if (!at) return data.page.inputPath.endsWith(".md") ? false : data.permalink;
      if (at.index && at.path) return false;
      return `${prefix(at.lang)}/${at.path ? `${at.path}/` : ""}index.html`;
    },
  });
  eleventyConfig.addFilter("isoDate", (date) => date.toISOString().slice(0, 10));
  eleventyConfig.addFilter("tagUrl", (tag, lang) => `${prefix(lang)}/${WORDS[lang].tags}/${eleventyConfig.getFilter("slugify")(tag)}/`);

  const pages = (api) => api.getAll().filter((item) => place(item.inputPath) && !place(item.inputPath).index && item.data.date);
  const sectionIndexes = (api) => api.getAll().filter((item) => place(item.inputPath)?.index && place(item.inputPath).path);
  eleventyConfig.addCollection("pagesByLang", (api) => {
    const byLang = {};
    for (const item of pages(api)) (byLang[item.data.lang] ??= []).push(item);
    for (const list of Object.values(byLang)) list.sort(newestFirst);
    return byLang;
  });
  eleventyConfig.addCollection("sections", (api) => {
    const all = pages(api);
    return sectionIndexes(api).map((index) => {
      const at = place(index.inputPath);
      const items = all.filter((item) => item.data.lang === at.lang && place(item.inputPath).section === at.path).sort(newestFirst);
      return { lang: at.lang, title: index.data.title, description: index.data.description, base: `${prefix(at.lang)}/${at.path}`, items };
    });
  });
  eleventyConfig.addCollection("sectionPages", (api) => {
    const all = pages(api);
    return sectionIndexes(api).flatMap((index) => {
      const at = place(index.inputPath);
      const items = all.filter((item) => item.data.lang === at.lang && place(item.inputPath).section === at.path);
      const extra = { lang: at.lang, title: index.data.title, description: index.data.description };
      return listPages(`${prefix(at.lang)}/${at.path}`, items.sort(newestFirst), extra);
    });
  });
  eleventyConfig.addCollection("tagPages", (api) => {
    const slugify = eleventyConfig.getFilter("slugify");
    const byTag = new Map();
    for (const item of pages(api))
      for (const tag of item.data.tags ?? []) {
        const key = `${item.data.lang}\u0000${tag}`;
        if (!byTag.has(key)) byTag.set(key, []);
        byTag.get(key).push(item);
      }
    return [...byTag].flatMap(([key, items]) => {
      const [lang, tag] = key.split("\u0000");
      return listPages(`${prefix(lang)}/${WORDS[lang].tags}/${slugify(tag)}`, items.sort(newestFirst), { lang, tag });
    });
  });
  // Related reading: the newest three other pages of the same language sharing the page's first tag.
  eleventyConfig.addFilter("related", (all, url, tags) =>
    (all ?? []).filter((item) => item.url !== url && item.data.tags?.[0] === tags?.[0]).slice(0, 3),
  );

  for (const name of ["section.njk", "tag.njk", "feed.njk", "sitemap.njk"])
    eleventyConfig.addTemplate(name, readFileSync(resolve(import.meta.dirname, "full", name), "utf8"));
}
