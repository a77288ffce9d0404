import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContentErrors } from "../../../src/content/read/errors.ts";
import { build, OutputError, PREVIEW_NOT_STRICT } from "../../../src/pipeline/index.ts";
import { contentWith, type copyOfContent, page as written } from "../../support/content.ts";

// Real builds of a temporary copy of content/ with a long section "cases" (25 entries: weighted, dated and
// undated ones) and a section "notes" whose index.md is a draft.
const outRoot = mkdtempSync(join(tmpdir(), "sections-out-"));
const copies: ReturnType<typeof copyOfContent>[] = [];

/** A copy with `files` and `binary` written into it, removed after the tests. */
function site(files: Record<string, string>, binary: Record<string, Buffer> = {}) {
  const copy = contentWith({ ...files, ...binary });
  copies.push(copy);
  return copy.dir;
}

/** A page whose front matter values are quoted YAML strings. */
const page = (front: Record<string, string | number | boolean>, body?: string) =>
  written(front, body, { quoted: true });

/** Both languages of one page: the German one under the same path, its title given or the English one. */
const both = (path: string, front: Record<string, string | number | boolean>, body?: string, deTitle?: string) => ({
  [`en/pages/${path}`]: page(front, body),
  [`de/pages/${path}`]: page({ ...front, ...(deTitle ? { title: deTitle } : {}) }, body),
});

const dated = Object.assign(
  {},
  ...Array.from({ length: 21 }, (_, index) => {
    const day = index + 1;
    return both(`cases/c${day}.md`, {
      title: `Case ${day}`,
      description: `Case number ${day}.`,
      date: `2026-01-${String(day).padStart(2, "0")}`,
      summary: `Summary ${day}.`,
    });
  }),
) as Record<string, string>;

const CASES = {
  ...both("cases/index.md", { title: "Case studies", description: "What we built." }, "Our work."),
  ...dated,
  // Weighted: first in the list, whatever their dates; the evergreen one has none.
  ...both(
    "cases/how-we-work.md",
    { title: "How we work", description: "Our process.", weight: 1 },
    "Always the same steps.",
  ),
  ...both("cases/principles.md", {
    title: "Principles",
    description: "What we hold to.",
    weight: 2,
    date: "2025-06-01",
  }),
  // Undated and unweighted: last, by title in the page's language ("Äpfel" before "Birnen" in German, not after "Z").
  ...both("cases/zebra.md", { title: "Zebra crossing", description: "An undated page." }, undefined, "Birnen"),
  ...both("cases/apples.md", { title: "Apples", description: "Another undated page." }, undefined, "Äpfel"),
  // A draft section: its index says draft: true, its page does not.
  ...both("notes/index.md", { title: "Notes", description: "Not ready.", draft: true }),
  ...both("notes/first.md", { title: "First note", description: "A note.", date: "2026-02-01" }),
};

/** The newest case links to another case, to its own heading, and shows an image: all absolute in the feed. */
const NEWEST_BODY =
  "See [the first case](/cases/c1) and [the result](#result).\n\n![A bar chart](./chart.png)\n\n## Result\n\nIt worked.";

let dir: string;
let published: { outDir: string; read: (file: string) => string };
let preview: { outDir: string; read: (file: string) => string };

async function buildInto(contentDir: string, name: string, options: { preview?: boolean } = {}) {
  const outDir = join(outRoot, name);
  await build({ contentDir, outDir, ...options });
  return { outDir, read: (file: string) => readFileSync(join(outDir, file), "utf8") };
}

async function failure(contentDir: string, name: string): Promise<string[]> {
  const error = await build({ contentDir, outDir: join(outRoot, name) }).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  const clean = (message: string) => message.replace(/content-\w+\//g, "content/");
  if (error instanceof ContentErrors) return error.errors.map((e) => clean(e.message));
  if (error instanceof OutputError) return error.messages.map(clean);
  throw new Error(`expected the build to fail, got ${String(error)}`);
}

const titlesIn = (html: string) =>
  [...html.matchAll(/<h2 class="entry-title"><a href="[^"]*">([^<]*)<\/a>/g)].map((match) =>
    (match[1] ?? "").replace(/\u00ad/g, ""),
  );
const feedTitles = (xml: string) => [...xml.matchAll(/<entry>\n {4}<title>([^<]*)<\/title>/g)].map((match) => match[1]);
const cases = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, index) => `Case ${from - index}`);

beforeAll(async () => {
  const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: { r: 79, g: 70, b: 229 } } })
    .png()
    .toBuffer();
  dir = site(
    {
      ...CASES,
      ...both(
        "cases/c21.md",
        { title: "Case 21", description: "Case number 21.", date: "2026-01-21", summary: "Summary 21." },
        NEWEST_BODY,
      ),
    },
    { "en/pages/cases/chart.png": png, "de/pages/cases/chart.png": png },
  );
  published = await buildInto(dir, "published");
  preview = await buildInto(dir, "preview", { preview: true });
  // Two real builds: seconds on a quiet machine, far more on a busy shared one.
}, 300_000);
afterAll(() => {
  for (const copy of copies) copy.cleanup();
  rmSync(outRoot, { recursive: true, force: true });
});

describe("a section's order: weight, then newest date, then title (Hugo's default)", () => {
  it("lists weighted pages first, then dated ones newest first, then undated ones by title in the page's language", () => {
    const english = [...titlesIn(published.read("cases.html")), ...titlesIn(published.read("cases/page/2.html"))];
    expect(english).toEqual(["How we work", "Principles", ...cases(21, 1), "Apples", "Zebra crossing"]);
    const german = [...titlesIn(published.read("de/cases.html")), ...titlesIn(published.read("de/cases/page/2.html"))];
    expect(german.slice(-2)).toEqual(["Äpfel", "Birnen"]);
  });

  it("shows no date for an undated page", () => {
    const entry =
      /<li class="entry">(?:(?!<\/li>).)*How we work.*?<\/li>/s.exec(published.read("cases.html"))?.[0] ?? "";
    expect(entry).toContain("How we work");
    expect(entry).not.toContain("<time");
  });

  it("feeds the 20 newest dated pages, newest first whatever their weight", () => {
    // 22 dated pages: the oldest case and the weighted "Principles" (2025) are left out, not moved up.
    const feed = published.read("cases/feed.xml");
    expect(feedTitles(feed)).toEqual(cases(21, 2));
  });
});

describe("a section's feed", () => {
  const newest = () =>
    /<entry>\n {4}<title>Case 21<\/title>[\s\S]*?<\/entry>/.exec(published.read("cases/feed.xml"))?.[0] ?? "";

  it("gives each entry its publication date, its last change and its summary", () => {
    expect(newest()).toContain("<published>2026-01-21T00:00:00Z</published>");
    // Outside a git checkout the last change is the publication date (the route's modified).
    expect(newest()).toContain("<updated>2026-01-21T00:00:00Z</updated>");
    expect(newest()).toContain("<summary>Summary 21.</summary>");
  });

  it("carries the full article with links and images made absolute", () => {
    const html = (/<content type="html">([\s\S]*?)<\/content>/.exec(newest())?.[1] ?? "")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
    expect(html).toContain('<a href="https://www.leap-ai.example/cases/c1">the first case</a>');
    expect(html).toContain('<a href="https://www.leap-ai.example/cases/c21#result">the result</a>');
    expect(html).toContain('<h2 id="result">Result</h2>');
    expect(html).toMatch(/<img src="https:\/\/www\.leap-ai\.example\/assets\/chart-\w{8}-800\.\w+"/);
    const srcsets = [...html.matchAll(/srcset="([^"]*)"/gi)].flatMap((match) => (match[1] ?? "").split(", "));
    expect(srcsets.length).toBeGreaterThan(0);
    for (const candidate of srcsets)
      expect(candidate).toMatch(/^https:\/\/www\.leap-ai\.example\/assets\/chart-\w{8}-\d+\.\w+ \d+w$/);
    expect(html).not.toMatch(/(href|src|srcset)="\//i);
  });
});

describe("a long section is split into list pages", () => {
  it("lists 20 entries on its own address and the rest on /page/2, each page titled and canonical to itself", () => {
    const first = published.read("cases.html");
    const second = published.read("cases/page/2.html");
    expect(titlesIn(first)).toHaveLength(20);
    expect(titlesIn(second)).toHaveLength(5);
    expect(existsSync(join(published.outDir, "cases/page/3.html"))).toBe(false);
    expect(second).toContain("<title>Case studies – page 2 – Leap AI</title>");
    expect(second).toContain("<h1>Case studies – page 2</h1>");
    expect(published.read("de/cases/page/2.html")).toContain("<title>Case studies – Seite 2 – Leap AI</title>");
    expect(second).toContain('<link rel="canonical" href="https://www.leap-ai.example/cases/page/2"/>');
    // Search engines' breadcrumb trail ends at this list page, by its own title.
    expect(second).toContain(
      '{"@type":"ListItem","position":2,"name":"Case studies – page 2","item":"https://www.leap-ai.example/cases/page/2"}',
    );
    // The section's own text introduces the first list page only.
    expect(first).toContain("Our work.");
    expect(second).not.toContain("Our work.");
  });

  it("links the list pages with rel=prev/next in the head and visible links in the page", () => {
    const first = published.read("cases.html");
    const second = published.read("cases/page/2.html");
    expect(first).toContain('<link rel="next" href="/cases/page/2"/>');
    expect(first).not.toContain('rel="prev"');
    expect(second).toContain('<link rel="prev" href="/cases"/>');
    expect(second).not.toContain('rel="next"');
    expect(first).toMatch(
      /<nav class="list-pages" aria-label="More pages of this list"><a class="back-link list-pages-next" href="\/cases\/page\/2" rel="next">Next page<svg/,
    );
    expect(second).toMatch(
      /<nav class="list-pages" aria-label="More pages of this list"><a class="back-link" href="\/cases" rel="prev"><svg[\s\S]*?<\/svg>Previous page<\/a><\/nav>/,
    );
    expect(published.read("de/cases/page/2.html")).toContain("Vorherige Seite</a>");
  });

  it("puts every list page in the sitemap, with hreflang between the same page number in both languages", () => {
    const sitemap = published.read("sitemap.xml");
    const entry =
      /<url>\n {4}<loc>https:\/\/www\.leap-ai\.example\/cases\/page\/2<\/loc>[\s\S]*?<\/url>/.exec(sitemap)?.[0] ?? "";
    expect(entry).toContain(
      '<xhtml:link rel="alternate" hreflang="de" href="https://www.leap-ai.example/de/cases/page/2"/>',
    );
    expect(sitemap).toContain("<loc>https://www.leap-ai.example/de/cases/page/2</loc>");
    expect(sitemap).toContain("<loc>https://www.leap-ai.example/cases</loc>");
  });
});

describe("a draft section", () => {
  it("is not built with its pages, listed, fed or in the sitemap", () => {
    for (const file of ["notes.html", "notes/first.html", "notes/feed.xml", "de/notes/first.html"])
      expect(existsSync(join(published.outDir, file)), file).toBe(false);
    expect(published.read("sitemap.xml")).not.toContain("/notes");
  });

  it("a link to one of its pages names the section's index.md", async () => {
    const linking = site({
      ...CASES,
      ...both(
        "cases/c1.md",
        { title: "Case 1", description: "Case number 1.", date: "2026-01-01" },
        "See [the note](/notes/first).",
      ),
    });
    const messages = await failure(linking, "draft-section-link");
    expect(messages).toContain(
      "content/en/pages/cases/c1.md:7: broken link /notes/first: a draft: its section's content/en/pages/notes/index.md has draft: true; publish it or remove the link",
    );
  }, 150_000);
});

describe("a preview build (npm run build -- --drafts)", () => {
  it("builds the drafts with their marker, the draft section's pages included", () => {
    for (const file of ["notes.html", "notes/first.html", "de/notes/first.html"])
      expect(preview.read(file), file).toContain('<p class="draft-badge">');
  });

  it("tells search engines to index no page: in every page, by header, and in robots.txt", () => {
    for (const file of [
      "index.html",
      "de/index.html",
      "cases.html",
      "cases/page/2.html",
      "cases/c1.html",
      "notes/first.html",
      "datenschutz.html",
      "impressum.html",
      "404.html",
    ]) {
      expect(preview.read(file), file).toContain('<meta name="robots" content="noindex"/>');
    }
    expect(preview.read("robots.txt")).toMatch(/^User-agent: \*\nDisallow: \/\n$/m);
    expect(preview.read("robots.txt")).not.toContain("Allow: /\n\nSitemap");
    expect(preview.read("_headers")).toMatch(/^\/\*\n(?: {2}.+\n)* {2}X-Robots-Tag: noindex\n/);
    expect(preview.read("_nginx-headers.conf")).toContain('add_header X-Robots-Tag "noindex" always;');
    expect(preview.read("sitemap.xml")).not.toContain("/notes");
  });

  it("is refused together with --strict (or STRICT=1), before anything is built", async () => {
    const outDir = join(outRoot, "never");
    for (const [args, env] of [
      [["--drafts", "--strict"], {}],
      [["--drafts"], { STRICT: "1" }],
    ] as const) {
      const run = spawnSync(process.execPath, ["--import", "tsx", "src/cli/build.ts", ...args, "--out-dir", outDir], {
        encoding: "utf8",
        env: { ...process.env, STRICT: "", ...env },
      });
      expect(run.status, run.stderr).toBe(2);
      expect(run.stderr).toContain(
        "npm run build: --drafts and --strict cannot be combined: --drafts builds a preview for review (drafts shown, every page noindex, robots.txt disallows everything), --strict the live site. Build the live site with --strict alone, a deploy preview with --drafts alone.",
      );
      expect(existsSync(outDir)).toBe(false);
    }
    await expect(build({ contentDir: dir, outDir, preview: true, strict: true })).rejects.toThrow(PREVIEW_NOT_STRICT);
  }, 60_000);

  it("a production build has none of it", () => {
    expect(published.read("index.html")).not.toContain('content="noindex"');
    expect(published.read("_headers")).not.toContain("X-Robots-Tag: noindex\n");
    expect(published.read("robots.txt")).toContain("Allow: /");
  });
});

describe("what a section refuses", () => {
  it("a page named page directly below a section, a weight that is no whole number from 1, pageSize outside an index.md", async () => {
    const messages = await failure(
      site({
        ...CASES,
        ...both("cases/page.md", { title: "Page", description: "Takes the list's address." }),
        "en/pages/cases/c2.md": page({ title: "Case 2", description: "Case number 2.", date: "2026-01-02", weight: 0 }),
        "en/pages/cases/c3.md": page({
          title: "Case 3",
          description: "Case number 3.",
          date: "2026-01-03",
          weight: 1.5,
        }),
        "en/pages/cases/c4.md": page({
          title: "Case 4",
          description: "Case number 4.",
          date: "2026-01-04",
          pageSize: 10,
        }),
        "de/pages/cases/c5.md": page({
          title: "Case 5",
          description: "Case number 5.",
          date: "2026-01-05",
          url: "/cases/page/5",
        }),
      }),
      "refused",
    );
    expect(messages.sort()).toEqual(
      [
        'content/en/pages/cases/page.md: the file name "cases/page.md": "page" directly below the section cases is reserved for a long section\'s further list pages (cases/page/2, cases/page/3, …): choose another name',
        'content/de/pages/cases/page.md: the file name "cases/page.md": "page" directly below the section cases is reserved for a long section\'s further list pages (cases/page/2, cases/page/3, …): choose another name',
        'content/de/pages/cases/c5.md:5: url: url "/cases/page/5": "page" directly below the section cases is reserved for a long section\'s further list pages (cases/page/2, cases/page/3, …): choose another name',
        "content/en/pages/cases/c2.md:5: weight: must be a whole number from 1 to 9999 (1 is listed first; leave weight out to list the page after the weighted ones, newest first)",
        "content/en/pages/cases/c3.md:5: weight: must be a whole number from 1 to 9999 (1 is listed first; leave weight out to list the page after the weighted ones, newest first)",
        "content/en/pages/cases/c4.md:5: pageSize: only a section's index.md lists pages: remove pageSize here (or set it in the folder's index.md)",
      ].sort(),
    );
  }, 150_000);

  it("a section's pageSize sets its list pages", async () => {
    const small = site({
      ...CASES,
      "en/pages/cases/index.md": page(
        { title: "Case studies", description: "What we built.", pageSize: 10 },
        "Our work.",
      ),
    });
    const { read, outDir } = await buildInto(small, "page-size");
    expect(titlesIn(read("cases/page/3.html"))).toEqual(["Case 3", "Case 2", "Case 1", "Apples", "Zebra crossing"]);
    expect(read("cases/page/2.html")).toContain('<link rel="prev" href="/cases"/>');
    expect(read("cases/page/2.html")).toContain('<link rel="next" href="/cases/page/3"/>');
    // German keeps 20 a page: its page 3 does not exist, so the English one has no German alternate.
    expect(existsSync(join(outDir, "de/cases/page/3.html"))).toBe(false);
    expect(read("cases/page/3.html")).not.toContain('rel="alternate" hrefLang="de"');
    // Its language button leads to the German section instead.
    expect(read("cases/page/3.html")).toMatch(/<a class="lang-switch" href="\/de\/cases"/);
    expect(read("cases/page/2.html")).toContain(
      '<link rel="alternate" hrefLang="de" href="https://www.leap-ai.example/de/cases/page/2"/>',
    );
  }, 150_000);
});
