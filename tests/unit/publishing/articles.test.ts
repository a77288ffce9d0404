import { readFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOf, cleanup, siteWith, md } from "./site.ts";

afterAll(cleanup);

const AUTHORS = `
authors:
  - name: Jana Weber
    role: { en: AI consultant, de: KI-Beraterin }
    photo: /media/team/jana.png
`;
const article = (title: string, front: Record<string, string>) =>
  md({ title, description: `About ${title}.`, summary: `${title} in short.`, ...front });

let outDir = "";
let messages: string[] = [];
beforeAll(async () => {
  const photo = await sharp({ create: { width: 200, height: 200, channels: 3, background: "#4f46e5" } })
    .png()
    .toBuffer();
  const site = readFileSync("content/site.yaml", "utf8").replace("\ncompany:", `${AUTHORS}\ncompany:`);
  const built = await buildOf(
    siteWith({
      "site.yaml": site,
      "media/team/jana.png": photo,
      "en/pages/insights/agents.md": article("Agents at work", {
        date: "2026-10-01",
        lastmod: "2026-11-20",
        author: "Jana Weber",
        tags: "[RAG, ai  Strategy, Agents, Knowledge management]",
      }),
      "de/pages/insights/agents.md": article("Agenten im Einsatz", {
        date: "2026-10-01",
        lastmod: "2026-11-20",
        author: "Jana Weber",
        tags: "[RAG, KI-Strategie, Agenten]",
      }),
      "en/pages/insights/guest.md": article("A guest's view", {
        date: "2026-10-05",
        author: "Sam Guest",
        tags: "[Agent]",
      }),
      "de/pages/insights/guest.md": article("Ein Gastbeitrag", { date: "2026-10-05", author: "Sam Guest" }),
      "en/pages/insights/teams.md": article("Agents in teams", { date: "2026-09-01", tags: "[Agents]" }),
      "de/pages/insights/teams.md": article("Agenten im Team", { date: "2026-09-01", tags: "[Agenten]" }),
    }),
    { now: new Date("2026-11-24T12:00:00Z") },
  );
  expect(built.ok, built.messages.join("\n")).toBe(true);
  outDir = built.outDir;
  messages = built.messages;
}, 120_000);

const read = (file: string) => readFileSync(join(outDir, file), "utf8");
const jsonLd = (file: string) =>
  JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(read(file))?.[1] ?? "{}") as {
    "@graph": Record<string, unknown>[];
  };

describe("dates and people on the page", () => {
  it("shows 'Updated on' in the page's language and date format, and makes it dateModified", () => {
    expect(read("insights/agents.html")).toContain(
      '<time dateTime="2026-10-01">1 October 2026</time> · <span class="page-updated">Updated on <time dateTime="2026-11-20">20 November 2026</time></span>',
    );
    expect(read("de/einblicke/agents.html")).toContain(
      'Aktualisiert am <time dateTime="2026-11-20">20. November 2026</time>',
    );
    const posting = jsonLd("insights/agents.html")["@graph"].find((node) => node["@type"] === "BlogPosting");
    expect(posting?.dateModified).toBe("2026-11-20T00:00:00Z");
    expect(posting?.datePublished).toBe("2026-10-01T00:00:00Z");
  });

  it("shows the author with the role of the page's language and the photo, and makes a Person of them", () => {
    const en = read("insights/agents.html");
    expect(en).toMatch(
      /<p class="byline"><picture>.*<img [^>]*alt=""[^>]*\/><\/picture><span>By Jana Weber, AI consultant<\/span><\/p>/s,
    );
    expect(read("de/einblicke/agents.html")).toContain("<span>Von Jana Weber, KI-Beraterin</span>");
    const posting = jsonLd("insights/agents.html")["@graph"].find((node) => node["@type"] === "BlogPosting");
    expect(posting?.author).toMatchObject({ "@type": "Person", name: "Jana Weber", jobTitle: "AI consultant" });
    expect(String((posting?.author as { image?: string } | undefined)?.image)).toMatch(
      /^https:\/\/www\.leap-ai\.example\/assets\//,
    );
    // A guest not in site.yaml: the name as written, no role, no photo.
    expect(read("insights/guest.html")).toContain('<p class="byline"><span>By Sam Guest</span></p>');
  });
});

describe("tags and related reading", () => {
  it("links each article's tags to their list pages, in both languages, with case and spacing folded", () => {
    expect(read("insights/agents.html")).toContain(
      '<ul class="tag-list" aria-label="Tags"><li><a href="/tags/rag" rel="tag">RAG</a></li><li><a href="/tags/ai-strategy" rel="tag">AI strategy</a></li><li><a href="/tags/agents" rel="tag">Agents</a></li><li><a href="/tags/knowledge-management" rel="tag">Knowledge management</a></li></ul>',
    );
    expect(read("de/einblicke/agents.html")).toContain(
      '<a href="/de/schlagwoerter/ki-strategie" rel="tag">KI-Strategie</a>',
    );
    // "AI strategy" (the site's article) and "ai  Strategy" are one tag, named as most pages write it.
    const tagPage = read("tags/ai-strategy.html");
    expect(tagPage).toContain("<h1>Tagged “AI strategy”</h1>");
    expect(tagPage).toContain('href="/insights/agents"');
    expect(tagPage).toContain('href="/insights/chatbot-roi"');
    expect(read("de/schlagwoerter/rag.html")).toContain("<h1>Schlagwort „RAG“</h1>");
    expect(read("sitemap.xml")).toContain("<loc>https://www.leap-ai.example/de/schlagwoerter/rag</loc>");
  });

  it("ends each article with up to three related ones: most shared tags, then newest", () => {
    const related = /<aside class="related"[^>]*>.*?<\/aside>/s.exec(read("insights/agents.html"))?.[0] ?? "";
    // rag-agents shares RAG and Knowledge management; chatbot-roi (16 Nov) and teams (1 Sep) share one each.
    expect([...related.matchAll(/href="([^"]+)"/g)].map((match) => match[1])).toEqual([
      "/insights/rag-agents",
      "/insights/chatbot-roi",
      "/insights/teams",
    ]);
    expect(read("de/einblicke/agents.html")).toContain("<h2>Weiterlesen</h2>");
  });

  it("warns about a near-duplicate tag, with the one most pages use", () => {
    expect(messages).toContain(
      'content/en/pages/insights/guest.md:7: tags[0]: "Agent" is a tag of 1 page, "Agents" of 2: did you mean "Agents"? (tags that differ only in case or spaces are one already) If "Agents" is being renamed to "Agent", rename it on its other pages too: its old address then leads to the new tag\'s page',
    );
  });
});
