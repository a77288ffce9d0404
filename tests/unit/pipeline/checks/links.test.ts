import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkLinks } from "../../../../src/pipeline/checks/links.ts";

let dir = "";
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function site(files: Record<string, string>): string[] {
  dir = mkdtempSync(join(tmpdir(), "links-"));
  for (const [file, html] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), html);
  }
  return Object.keys(files).filter((file) => file.endsWith(".html"));
}

describe("the link and anchor checker", () => {
  it("accepts clean URLs, folders, anchors on this and other pages, assets and external links", () => {
    const pages = site({
      "index.html":
        '<a href="#top">top</a><h1 id="top">x</h1><a href="/datenschutz#rights">p</a><a href="/de/">de</a><link rel="stylesheet" href="/assets/site.css"><a href="https://example.org/x">ext</a><a href="mailto:a@b.de">m</a><a href="tel:+49">t</a>',
      "datenschutz/index.html": '<h2 id="rights">Rights</h2>',
      "de/index.html": "<p>de</p>",
      "assets/site.css": "body{}",
    });
    expect(checkLinks(dir, pages)).toEqual([]);
  });

  it("names the file, the element and the reason for a missing page, a missing anchor and a missing asset", () => {
    const pages = site({
      "index.html":
        '<a href="/impressum">i</a>\n<a href="#nowhere">n</a>\n<script type="module" src="/assets/main-abc.js"></script><a href="/de/#kontakt">k</a>',
      "de/index.html": '<section id="contact"></section>',
    });
    const broken = checkLinks(dir, pages);
    expect(broken.map((b) => [b.file, b.target, b.reason])).toEqual([
      ["index.html", "/impressum", "no page or file of the site has this address"],
      ["index.html", "#nowhere", 'this page has no heading or element with id "nowhere"'],
      ["index.html", "/assets/main-abc.js", "no page or file of the site has this address"],
      [
        "index.html",
        "/de/#kontakt",
        'the page /de/ has no heading or element with id "kontakt"; did you mean #contact?',
      ],
    ]);
    expect(broken[0]?.element).toBe('<a href="/impressum">');
  });

  it("rejects relative URLs, which break on a 404 page served at any depth", () => {
    const pages = site({ "404.html": '<a href="assets/x.css">x</a>', "assets/x.css": "" });
    expect(checkLinks(dir, pages)[0]?.reason).toMatch(/relative/);
  });
});
