// The same generated Markdown the bench builds (BENCH_CONTENT: a copy of content/ with <lang>/pages/**.md),
// rendered by Eleventy with one minimal Nunjucks layout per page and a plain two-folder i18n: English at /,
// German under /de/, each page linking its other language (hreflang) the way the site does. No checks.
import { relative, resolve } from "node:path";

const input = resolve(process.env.BENCH_CONTENT ?? "content");
const PAGE = /(?:^|\/)(en|de)\/pages\/(.+?)(?:\/index)?\.md$/;

// Markdown as written: no template language run over it first.
export const config = { markdownTemplateEngine: false };

export default function (eleventyConfig) {
  eleventyConfig.setInputDirectory(input);
  eleventyConfig.setOutputDirectory(resolve(process.env.BENCH_OUT ?? "_site"));
  eleventyConfig.setIncludesDirectory(relative(input, resolve(import.meta.dirname, "_includes")));
  eleventyConfig.setTemplateFormats(["md"]);
  eleventyConfig.addGlobalData("layout", "page.njk");
  eleventyConfig.addGlobalData("eleventyComputed", {
    lang: (data) => PAGE.exec(data.page.inputPath)?.[1],
    permalink: (data) => {
      const match = PAGE.exec(data.page.inputPath);
      if (!match) return false;
      return `${match[1] === "en" ? "" : `/${match[1]}`}/${match[2]}/index.html`;
    },
    other: (data) => {
      const match = PAGE.exec(data.page.inputPath);
      if (!match) return undefined;
      return match[1] === "en" ? { lang: "de", url: `/de/${match[2]}/` } : { lang: "en", url: `/${match[2]}/` };
    },
  });
}
