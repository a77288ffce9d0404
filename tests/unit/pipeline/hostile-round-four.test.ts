import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startStaticServer, urlOf } from "../../../src/server/static-server.ts";
import { buildOf, type Content, contentWith, failureOf, outOf, page } from "../../support/build.ts";

// Issue 29, hostile content round four: each finding on a temporary copy of content/, through the real build.
let copy: Content | undefined;
afterEach(() => copy?.cleanup());

/** A copy made by this test, removed after it. */
const site = (files: Record<string, string>): Content => {
  copy = contentWith(files);
  return copy;
};

describe("hostile content, round four", () => {
  it("a section with a dated entry in one language only builds: no feed and no feed link where it has none", async () => {
    const content = site({
      "en/pages/probe/index.md": page({ title: "Probe", description: "A section in two languages." }),
      "de/pages/probe/index.md": page({ title: "Prüfung", description: "Ein Bereich.", slug: "pruefung" }),
      "en/pages/probe/added-page.md": page({ title: "Added", description: "Only in English.", date: "2026-11-20" }),
    });
    await buildOf(content);
    const out = outOf(content);
    expect(readFileSync(join(out, "probe/feed.xml"), "utf8")).toContain("<title>Added</title>");
    expect(existsSync(join(out, "de/pruefung/feed.xml"))).toBe(false);
    expect(readFileSync(join(out, "probe.html"), "utf8")).toContain('type="application/atom+xml"');
    expect(readFileSync(join(out, "de/pruefung.html"), "utf8")).not.toContain('type="application/atom+xml"');
  });

  it("a draft's images (front matter, text, video poster, a draft section's pages) and a staged language's are never encoded", async () => {
    const content = site({});
    const png = readFileSync(join(content.dir, "en/pages/insights/rag-agent.png"));
    for (const name of ["draft-front", "draft-body", "draft-poster", "in-draft-section", "staged-only"])
      writeFileSync(join(content.dir, "en/pages", `${name}.png`), png);
    writeFileSync(
      join(content.dir, "en/pages/draft.md"),
      page(
        { title: "A draft", description: "Not yet.", draft: "true", image: "./draft-front.png", imageAlt: "Front" },
        '![Body](./draft-body.png)\n\n::video{provider=youtube id=dQw4w9WgXcQ poster=./draft-poster.png title="A video"}',
      ),
    );
    mkdirSync(join(content.dir, "en/pages/later"));
    writeFileSync(
      join(content.dir, "en/pages/later/index.md"),
      page({ title: "Later", description: "A section.", draft: "true" }),
    );
    writeFileSync(
      join(content.dir, "en/pages/later/entry.md"),
      page({ title: "Entry", description: "In it." }, "![In](../in-draft-section.png)"),
    );
    // A staged language (published: false) that shows an image of its own.
    content.edit("site.yaml", (text) =>
      text.replace(
        /( {2}- \{ code: de[^\n]*\n)/,
        "$1  - { code: fr, prefix: /fr, ogLocale: fr_FR, dateLocale: fr-FR, published: false }\n",
      ),
    );
    mkdirSync(join(content.dir, "fr"));
    for (const file of ["common.yaml", "home.yaml", "form.yaml"])
      writeFileSync(join(content.dir, "fr", file), readFileSync(join(content.dir, "en", file)));
    mkdirSync(join(content.dir, "fr/pages"), { recursive: true });
    writeFileSync(
      join(content.dir, "fr/pages/staged.md"),
      page({ title: "Mise en scène", description: "Pas encore." }, "![Image](../../en/pages/staged-only.png)"),
    );
    const assets = async (options: { drafts?: boolean }) => {
      await buildOf(content, options);
      return readdirSync(join(outOf(content), "assets")).filter((file) =>
        /^(draft-|in-draft-section|staged-only)/.test(file),
      );
    };
    expect(await assets({})).toEqual([]);
    // A preview build shows the drafts, so their images are encoded there (and the staged language is still left out).
    const preview = await assets({ drafts: true });
    for (const name of ["draft-front", "draft-body", "draft-poster", "in-draft-section"])
      expect(
        preview.some((file) => file.startsWith(`${name}-`)),
        name,
      ).toBe(true);
    expect(preview.some((file) => file.startsWith("staged-only"))).toBe(false);
  });

  it("a page with a video keeps its own policy under /page.html too, from the local server and in nginx's include", async () => {
    const content = site({});
    writeFileSync(
      join(content.dir, "en/pages/poster.png"),
      readFileSync(join(content.dir, "en/pages/insights/rag-agent.png")),
    );
    writeFileSync(
      join(content.dir, "en/pages/watch.md"),
      page(
        { title: "Watch", description: "A video." },
        '::video{provider=youtube id=dQw4w9WgXcQ poster=./poster.png title="A video"}',
      ),
    );
    await buildOf(content);
    const server = await startStaticServer({ dir: outOf(content), port: 0 });
    try {
      for (const path of ["/watch", "/watch.html"]) {
        const answer = await fetch(`${urlOf(server)}${path}`);
        expect(answer.status, path).toBe(200);
        expect(answer.headers.get("content-security-policy"), path).toContain(
          "frame-src https://www.youtube-nocookie.com",
        );
      }
    } finally {
      server.close();
    }
    expect(readFileSync(join(outOf(content), "_nginx-framed-pages.conf"), "utf8")).toContain(
      "location = /watch.html {",
    );
  });

  it.each([
    ["https://*.com", "a wildcard in connect-src and img-src"],
    ["https://git$host.example.org;sandbox", "a directive of its own, and $host for nginx"],
    ["https://git.example.org/?x=1", "a query"],
  ])("editor.baseUrl %s (%s) is refused with its line, as form.delivery's rule refuses it", async (value) => {
    const content = site({});
    content.edit(
      "site.yaml",
      (text) =>
        `${text.trimEnd()}\neditor:\n  backend: gitea\n  repo: leap-ai/website\n  baseUrl: "${value}"\n  appId: abc\n`,
    );
    const line =
      readFileSync(join(content.dir, "site.yaml"), "utf8")
        .split("\n")
        .findIndex((text) => text.includes("baseUrl:")) + 1;
    expect(await failureOf(content)).toEqual([
      `content/site.yaml:${line}: editor.baseUrl: must be exactly an origin and a path, such as https://git.example.org: no query, #fragment, user name, spaces, quotes, ; , * or $`,
    ]);
  });

  it("editor.baseUrl as an origin (with or without its slash, or with a path) gives the /admin/ policy that origin alone", async () => {
    const content = site({});
    content.edit(
      "site.yaml",
      (text) =>
        `${text.trimEnd()}\neditor:\n  backend: gitea\n  repo: leap-ai/website\n  baseUrl: https://git.example.org\n  appId: abc\n`,
    );
    await buildOf(content);
    const headers = readFileSync(join(outOf(content), "_headers"), "utf8");
    expect(headers).toMatch(/connect-src 'self' data: blob: https:\/\/git\.example\.org;/);
  });

  const ARTICLE = "en/pages/insights/rag-agents.md";
  const appended = (content: Content, markdown: string) => {
    content.edit(ARTICLE, (text) => `${text.trimEnd()}\n\n${markdown}\n`);
    return readFileSync(join(content.dir, ARTICLE), "utf8").split("\n");
  };
  const lineIn = (lines: string[], needle: string) => lines.findIndex((line) => line.includes(needle)) + 1;

  it("a table row with more cells than its header is refused with its line (its image would have shifted every later one)", async () => {
    const content = site({});
    const lines = appended(
      content,
      "| Step | What |\n| --- | --- |\n| 1 | Ask | ![Hidden](./rag-agent.png) |\n\n![The diagram](./rag-agent.png)",
    );
    expect(await failureOf(content)).toEqual([
      `content/${ARTICLE}:${lineIn(lines, "| 1 | Ask |")}: this table row has 3 cells and the table's header 2: the cells beyond it would not be shown; add a column to the header (and its | --- |), or remove the extra cells`,
    ]);
  });

  it("a nested component closed with the same colons, and a component in a table cell, are refused with their lines", async () => {
    const content = site({});
    const lines = appended(
      content,
      ":::callout{type=note}\nOuter.\n:::callout{type=tip}\nInner.\n:::\n:::\n\n| Book | now |\n| --- | --- |\n| ::cta[Book]{to=booking} | x |",
    );
    const closing = lines.lastIndexOf(":::") + 1;
    expect(await failureOf(content)).toEqual([
      `content/${ARTICLE}:${closing}: this ::: closes no component (the one above was closed already): to put a component inside another, give the outer one more colons, ::::callout{type=note} … :::: around :::callout{type=tip} … :::`,
      `content/${ARTICLE}:${lineIn(lines, "| ::cta[Book]")}: "::cta[Book]{to=booking}" is in a table cell, where no component can stand: put ::cta on a line of its own, above or below the table`,
    ]);
    // What the message says to write builds, with the tip inside the note.
    const fixed = site({});
    appended(fixed, "::::callout{type=note}\nOuter.\n:::callout{type=tip}\nInner.\n:::\n::::");
    await buildOf(fixed);
    const html = readFileSync(join(outOf(fixed), "insights/rag-agents.html"), "utf8");
    expect(html).toMatch(
      /<div class="callout callout-note"[^>]*>(?:(?!<\/div>)[\s\S])*<div class="callout callout-tip"/,
    );
    expect(html).not.toMatch(/<p>:{3,}<\/p>/);
  });

  it('link rewriting works on the syntax tree: a code sample showing href="to:…" or src="/…" stays as written, in the page and in the feed', async () => {
    const content = site({});
    appended(
      content,
      '```html\n<a href="to:home">Home</a> <img src="/media/x.png" alt="">\n```\n\n::cta[Read the privacy policy]{to=privacy}',
    );
    await buildOf(content);
    const html = readFileSync(join(outOf(content), "insights/rag-agents.html"), "utf8");
    expect(html).toContain('&#x3C;a href="to:home">Home&#x3C;/a> &#x3C;img src="/media/x.png" alt="">');
    expect(html).toContain(
      '<a class="button button-primary button-large" href="/datenschutz">Read the privacy policy</a>',
    );
    const feed = readFileSync(join(outOf(content), "insights/feed.xml"), "utf8");
    expect(feed).toContain(
      "&amp;#x3C;a href=&quot;to:home&quot;&gt;Home&amp;#x3C;/a&gt; &amp;#x3C;img src=&quot;/media/x.png&quot;",
    );
    expect(feed).toContain("href=&quot;https://www.leap-ai.example/datenschutz&quot;&gt;Read the privacy policy");
  });

  it("the feed has no relative or scheme-relative link left, no inline icon and no visually hidden text", async () => {
    const content = site({});
    appended(
      content,
      "[A query](?q=1), [another host](//evil.example/x), [no slashes](https:evil.example), [a heading](#how-a-rag-agent-works).\n\n:::callout{type=note}\nA note.\n:::\n\n::cta[Book a call]{to=booking}",
    );
    await buildOf(content);
    const feed = readFileSync(join(outOf(content), "insights/feed.xml"), "utf8");
    const entry = feed.slice(feed.indexOf("<title>What a RAG agent"));
    const content0 = entry.slice(entry.indexOf("<content"), entry.indexOf("</content>"));
    for (const [, url = ""] of content0.matchAll(/(?:href|src)=&quot;([^&]*)&quot;/g))
      expect(url, url).toMatch(/^(https:\/\/|mailto:|tel:)/);
    expect(content0).toContain("https://www.leap-ai.example/insights/rag-agents?q=1");
    expect(content0).toContain("https://evil.example/x");
    expect(content0).toContain("https://www.leap-ai.example/insights/rag-agents#how-a-rag-agent-works");
    expect(content0).not.toContain("&lt;svg");
    expect(content0).not.toContain("visually-hidden");
  });

  it("a media file with # in its name can be shown, written as it is or as %23", async () => {
    const content = site({});
    const png = readFileSync(join(content.dir, "en/pages/insights/rag-agent.png"));
    writeFileSync(join(content.dir, "en/pages/insights/chart#1.png"), png);
    mkdirSync(join(content.dir, "media"), { recursive: true });
    writeFileSync(join(content.dir, "media/shared#2.png"), png);
    appended(
      content,
      "![Chart one](./chart#1.png)\n\n![Chart again](./chart%231.png)\n\n![Shared chart](/media/shared%232.png)",
    );
    await buildOf(content);
    const html = readFileSync(join(outOf(content), "insights/rag-agents.html"), "utf8");
    const images = [...html.matchAll(/<img [^>]*>/g)].map(([tag]) => tag);
    for (const [alt, name] of [
      ["Chart one", "chart-1"],
      ["Chart again", "chart-1"],
      ["Shared chart", "shared-2"],
    ])
      expect(
        images.some((tag) => tag.includes(`alt="${alt}"`) && tag.includes(`/assets/${name}-`)),
        alt,
      ).toBe(true);
  });
});
