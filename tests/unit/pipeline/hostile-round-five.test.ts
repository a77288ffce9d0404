import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { basename, dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildOf, type Content, contentWith, failureOf, outOf, page } from "../../support/build.ts";
import type { ContentErrors } from "../../../src/content/read/errors.ts";

// Issue 46, hostile content round five: each finding on a temporary copy of content/, through the real build.
let content: Content | undefined;
afterEach(() => content?.cleanup());

/** content/ with one more English page whose front matter is `front`. */
const withPage = (front: Record<string, string>, file = "en/pages/probe.md") => {
  content = contentWith({ [file]: page({ title: "Probe", description: "A probe.", ...front }) });
  return content;
};
const aliasFailure = (alias: string) => failureOf(withPage({ aliases: `[${JSON.stringify(alias)}]` }));

describe("hostile content, round five: addresses", () => {
  it("an alias with a character nginx reads as syntax (; { } $ quotes) is refused at its file, line and key", async () => {
    for (const alias of ["/old;x", "/old{", "/a}b", "/$uri", "/it's"]) {
      const messages = await aliasFailure(alias);
      expect(messages.join("\n"), alias).toMatch(/^content\/en\/pages\/probe\.md:4: aliases\[0\]: .*nginx/m);
    }
  });

  it("an alias that is a pattern on Netlify or Cloudflare (* or :name) is refused, in the author's words", async () => {
    expect((await aliasFailure("/de/*")).join("\n")).toContain(
      "an old address may not be a pattern: `*` means 'any address' on Netlify and Cloudflare Pages",
    );
    expect((await aliasFailure("/blog/:slug")).join("\n")).toContain(
      "`:slug` is a placeholder for any word on Netlify and Cloudflare Pages",
    );
  });

  it("an alias of a special address (404 pages, index.html, /api/, /media/, a host file) is refused", async () => {
    for (const [alias, why] of [
      ["/404.html", "the page for addresses that do not exist"],
      ["/de/404.html", "the page for addresses that do not exist"],
      ["/de/404", "the page for addresses that do not exist"],
      ["/index.html", "the home page"],
      ["/de/index.html", "the home page"],
      ["/api/contact", "the contact form's receiver"],
      ["/media/logo.png", "the images every language shares"],
      ["/_redirects", "the hosts' configuration"],
    ] as const) {
      const messages = await aliasFailure(alias);
      expect(messages.join("\n"), alias).toMatch(/^content\/en\/pages\/probe\.md:4: aliases\[0\]: /m);
      expect(messages.join("\n"), alias).toContain(why);
    }
  });

  it("a newline in an alias is shown escaped, never echoed raw into the message", async () => {
    const messages = await aliasFailure("/old\nname\r");
    expect(messages.join("\n")).toContain("/old\\nname\\r");
    for (const message of messages) expect(message).not.toMatch(/[\r]|old\n/);
  });

  it("slug: index or url: /index, which would write over the home page, is refused at its line and key", async () => {
    for (const front of <Record<string, string>[]>[{ slug: "index" }, { url: "/index" }]) {
      const messages = (await failureOf(withPage(front))).join("\n");
      expect(messages, JSON.stringify(front)).toMatch(/^content\/en\/pages\/probe\.md:\d+: (slug|url): /m);
      expect(messages).toContain("the home page");
      content?.cleanup();
    }
  });

  it("two pages claiming one output file fail with both files named", async () => {
    content = contentWith({
      "en/pages/one.md": page({ title: "One", description: "First.", url: "/same" }),
      "en/pages/same.md": page({ title: "Same", description: "Second." }),
    });
    const messages = (await failureOf(content)).join("\n");
    expect(messages).toMatch(
      /^content\/en\/pages\/one\.md:4: url: its URL \/same is already taken by content\/en\/pages\/same\.md/m,
    );
    // In German too (issue 54); the folder is the test's temporary one.
    const german = await buildOf(content).then(
      () => [],
      (error: ContentErrors) => error.errors.map((problem) => problem.messageIn("de")),
    );
    expect(german.join("\n")).toMatch(
      /pages\/one\.md:4: url: ihre Adresse \/same hat schon \S+pages\/same\.md: einer der beiden einen anderen Slug geben$/m,
    );
  });

  it("tags named 404 or index are refused at their line", async () => {
    for (const tag of ["404", "Index"]) {
      const messages = (await failureOf(withPage({ tags: `[${tag}]` }))).join("\n");
      expect(messages, tag).toMatch(/^content\/en\/pages\/probe\.md:4: tags\[0\]: /m);
      content?.cleanup();
    }
  });

  it("a tag's address is not described as a page's (the message of a tag-shaped alias names the tag list)", async () => {
    const messages = (await aliasFailure("/tags/rag")).join("\n");
    expect(messages).not.toContain("rag-agents.md, which would be hidden");
  });

  it("every alias shape the rules accept builds (letters, digits, - _ . ~, %-encoding, a trailing slash, upper case)", async () => {
    content = withPage({
      aliases: '["/old-name", "/Alt_Name.html", "/de/%C3%BCbersicht/", "/a.b~c/d-1", "/UPPER/Case"]',
    });
    await buildOf(content);
    const nginx = readFileSync(join(outOf(content), "_nginx-redirects.conf"), "utf8");
    // nginx matches the decoded path: the %-encoded alias is written as the letters it stands for.
    expect(nginx).toContain("location = /de/übersicht {");
  });
});

describe("hostile content, round five: dates", () => {
  it("a lastmod after the build's day is refused with the fix", async () => {
    const messages = (
      await failureOf(withPage({ date: "2026-01-10", lastmod: "2030-01-01" }), { today: "2026-11-27" })
    ).join("\n");
    expect(messages).toMatch(/^content\/en\/pages\/probe\.md:5: lastmod: 2030-01-01 is after today \(2026-11-27\)/m);
    // And in German, for the editor's German interface and LANG=de_DE (issue 54).
    const german = await buildOf(withPage({ date: "2026-01-10", lastmod: "2030-01-01" }), { today: "2026-11-27" }).then(
      () => [],
      (error: ContentErrors) => error.errors.map((problem) => problem.messageIn("de")),
    );
    expect(german.join("\n")).toContain(
      "lastmod: 2030-01-01 liegt nach heute (2026-11-27): lastmod ist der Tag der letzten Änderung der Seite und kann nicht in der Zukunft liegen; den Tag der Änderung schreiben, spätestens 2026-11-27",
    );
  });
});

describe("hostile content, round five: dates in the future", () => {
  it("a change git dates after the build's day (a commit in 2030) puts no future date into feeds, sitemap or structured data", async () => {
    content = contentWith({});
    const git = (...args: string[]) =>
      spawnSync("git", args, {
        cwd: content?.dir,
        encoding: "utf8",
        env: { ...process.env, GIT_AUTHOR_DATE: "2030-01-01T12:00:00Z", GIT_COMMITTER_DATE: "2030-01-01T12:00:00Z" },
      });
    git("init", "-q");
    git("add", ".");
    git("-c", "user.name=Test", "-c", "user.email=test@example.org", "commit", "-qm", "from the future");
    await buildOf(content, { today: "2026-11-27" });
    const out = outOf(content);
    const dated = [
      readFileSync(join(out, "insights/feed.xml"), "utf8"),
      readFileSync(join(out, "sitemap.xml"), "utf8"),
      readFileSync(join(out, "insights/rag-agents.html"), "utf8"),
    ].join("\n");
    const years = [...dated.matchAll(/\b(20\d\d)-\d\d-\d\dT/g)].map((m) => Number(m[1]));
    expect(years.length).toBeGreaterThan(3);
    expect(years.filter((year) => year > 2026)).toEqual([]);
  });
});

describe("hostile content, round five: what a killed build leaves", () => {
  it("a stale .dist-next-* folder and trash beside the output are removed by the next build", async () => {
    content = contentWith({});
    const out = outOf(content);
    await buildOf(content);
    // What a build killed in the middle leaves: its next output (named by a process that is gone) and the old one.
    const stale = join(dirname(out), `.${basename(out)}-next-4194305-AbCdEf`);
    const old = join(dirname(out), `.${basename(out)}-old-4194305-AbCdEf`);
    mkdirSync(old);
    // A build at work in this process (its id is alive): its folder is left alone.
    const running = join(dirname(out), `.${basename(out)}-next-${process.pid}-GhIjKl`);
    mkdirSync(running);
    mkdirSync(join(stale, "de"), { recursive: true });
    writeFileSync(join(stale, "index.html"), "half a site");
    await buildOf(content);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(running)).toBe(true);
    rmSync(running, { recursive: true });
  });
});

describe("hostile content, round five: messages", () => {
  it("an impossible slug gets a hint, never an empty 'e.g.'", async () => {
    const messages = (await failureOf(withPage({ slug: "日本語" }))).join("\n");
    expect(messages).toMatch(/slug: "日本語" cannot be an address: use lowercase letters, digits and -, e\.g\. \S/);
    expect(messages).not.toMatch(/e\.g\. *$/m);
  });

  it("a file name is suggested as a tag is made: Übersicht -> uebersicht, as Künstliche -> kuenstliche", async () => {
    content = contentWith({
      "de/pages/Übersicht.md": page({ title: "Übersicht", description: "Eine Seite.", translations: "partial" }),
    });
    expect((await failureOf(content)).join("\n")).toContain("e.g. uebersicht.md");
  });

  it("a hand-edited line of published.yaml that no alias may be is refused at its line, with no alias to add", async () => {
    content = contentWith({});
    content.edit("published.yaml", (text) => `${text}/de/*: de/pages/privacy.md\n`);
    const messages = (await failureOf(content)).join("\n");
    expect(messages).toMatch(/^content\/published\.yaml:\d+: "\/de\/\*" .*delete this line/m);
    expect(messages).not.toContain("aliases: [/de/*]");
  });

  it("deleting published.yaml is said, not silent", async () => {
    content = contentWith({});
    content.remove("published.yaml");
    const { warnings } = await buildOf(content);
    expect(warnings.map((warning) => warning.message).join("\n")).toMatch(
      /\/published\.yaml: is missing, so no page moved/,
    );
  });
});
