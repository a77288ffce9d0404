/**
 * The _headers reader as each host reads the file (README, Deploying): the hosts' own documented examples,
 * read back, and the file the build would write with a video page's block missing its "! Content-Security-Policy"
 * line, which only Cloudflare Pages' reading shows for what it is (two policies, the site's blocking the player).
 */
import { describe, expect, it } from "vitest";
import { HEADERS_READINGS, headersFor, parseHeadersFile } from "../../../src/host/headers-file.ts";

const read = (file: string, path: string, reading: (typeof HEADERS_READINGS)[number]) =>
  Object.fromEntries(headersFor(parseHeadersFile(file), path, reading));

describe("Cloudflare Pages", () => {
  // The example of Cloudflare's "Custom headers" page (its absolute-URL rule written as a path pattern).
  const EXAMPLE = [
    "# This is a comment",
    "/secure/page",
    "  X-Frame-Options: DENY",
    "  X-Content-Type-Options: nosniff",
    "  Referrer-Policy: no-referrer",
    "",
    "/static/*",
    "  Access-Control-Allow-Origin: *",
    "  X-Robots-Tag: nosnippet",
    "",
    "/*",
    "  X-Robots-Tag: noindex",
  ].join("\n");

  it("a request matching several rules inherits all their headers; a header set twice is joined with a comma", () => {
    expect(read(EXAMPLE, "/secure/page", "cloudflare-pages")).toEqual({
      "X-Frame-Options": "DENY",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
      "X-Robots-Tag": "noindex",
    });
    expect(read(EXAMPLE, "/static/styles.css", "cloudflare-pages")).toEqual({
      "Access-Control-Allow-Origin": "*",
      "X-Robots-Tag": "nosnippet, noindex",
    });
    expect(read(EXAMPLE, "/home", "cloudflare-pages")).toEqual({ "X-Robots-Tag": "noindex" });
  });

  it('"! Name" detaches what the rules before it set, and only that: above the rule it targets it does nothing', () => {
    const detach = "/*\n  Content-Security-Policy: default-src 'self';\n\n/*.jpg\n  ! Content-Security-Policy\n";
    expect(read(detach, "/photo.jpg", "cloudflare-pages")).toEqual({});
    expect(read(detach, "/page", "cloudflare-pages")).toEqual({ "Content-Security-Policy": "default-src 'self';" });
    const reset = "/*\n  Cache-Control: no-cache\n\n/assets/*\n  ! Cache-Control\n  Cache-Control: immutable\n";
    expect(read(reset, "/assets/a.js", "cloudflare-pages")).toEqual({ "Cache-Control": "immutable" });
    const tooEarly = "/assets/*\n  ! Cache-Control\n  Cache-Control: immutable\n\n/*\n  Cache-Control: no-cache\n";
    expect(read(tooEarly, "/assets/a.js", "cloudflare-pages")).toEqual({ "Cache-Control": "immutable, no-cache" });
  });

  it("names are compared without case, and a name repeated in one block is one header", () => {
    const file = "/*\n  X-Robots-Tag: noindex\n  x-robots-tag: nofollow\n\n/a\n  X-ROBOTS-TAG: nosnippet\n";
    expect(read(file, "/a", "cloudflare-pages")).toEqual({ "X-Robots-Tag": "noindex, nofollow, nosnippet" });
  });
});

describe("Netlify", () => {
  it("a name repeated in one block is one header with the values joined, as Netlify's own parser reads it", () => {
    const file = "/*\n  cache-control: max-age=0\n  cache-control: no-cache\n  cache-control: must-revalidate\n";
    expect(read(file, "/", "netlify")).toEqual({ "cache-control": "max-age=0, no-cache, must-revalidate" });
  });

  it('a later matching rule\'s value replaces the earlier one; a line without a colon ("! Name") is skipped', () => {
    const file = [
      "/*",
      "  Content-Security-Policy: default-src 'self'",
      "  X-Robots-Tag: noindex",
      "",
      "/video",
      "  ! Content-Security-Policy",
      "  Content-Security-Policy: default-src 'self'; frame-src https://player.example",
      "",
      "/photo.jpg",
      "  ! X-Robots-Tag",
    ].join("\n");
    expect(read(file, "/video", "netlify")).toEqual({
      "Content-Security-Policy": "default-src 'self'; frame-src https://player.example",
      "X-Robots-Tag": "noindex",
    });
    expect(read(file, "/photo.jpg", "netlify")).toEqual({
      "Content-Security-Policy": "default-src 'self'",
      "X-Robots-Tag": "noindex",
    });
  });

  it("names are compared as written: two spellings are two headers", () => {
    const file = "/*\n  Content-Type: text/plain\n\n/feed.xml\n  content-type: application/atom+xml\n";
    expect(headersFor(parseHeadersFile(file), "/feed.xml", "netlify")).toEqual([
      ["Content-Type", "text/plain"],
      ["content-type", "application/atom+xml"],
    ]);
  });
});

describe("where the two hosts differ", () => {
  const SITE = "default-src 'self'; object-src 'none'";
  const VIDEO = "default-src 'self'; frame-src https://www.youtube-nocookie.com; object-src 'none'";

  it('a video page\'s block with its "! Content-Security-Policy" line means one policy on both hosts', () => {
    const file = `/*\n  Content-Security-Policy: ${SITE}\n\n/insights/video\n  ! Content-Security-Policy\n  Content-Security-Policy: ${VIDEO}\n`;
    for (const reading of HEADERS_READINGS) {
      expect(read(file, "/insights/video", reading), reading).toEqual({ "Content-Security-Policy": VIDEO });
      expect(read(file, "/insights/other", reading), reading).toEqual({ "Content-Security-Policy": SITE });
    }
  });

  it("without that line Cloudflare Pages sends both policies, and the site's (no frame-src) blocks the player", () => {
    const file = `/*\n  Content-Security-Policy: ${SITE}\n\n/insights/video\n  Content-Security-Policy: ${VIDEO}\n`;
    expect(read(file, "/insights/video", "cloudflare-pages")).toEqual({
      "Content-Security-Policy": `${SITE}, ${VIDEO}`,
    });
    expect(read(file, "/insights/video", "netlify")).toEqual({ "Content-Security-Policy": VIDEO });
    const [first, second] = HEADERS_READINGS.map((reading) => read(file, "/insights/video", reading));
    expect(first).not.toEqual(second);
  });
});

describe("the file's format", () => {
  it("patterns match the whole path, * any run of characters, every other character as itself", () => {
    const file = "/a.b/*\n  X-A: 1\n\n/x+y\n  X-B: 2\n\n/(c)\n  X-C: 3\n";
    const rules = parseHeadersFile(file);
    expect(headersFor(rules, "/a.b/c/d")).toEqual([["X-A", "1"]]);
    expect(headersFor(rules, "/aXb/c")).toEqual([]);
    expect(headersFor(rules, "/x+y")).toEqual([["X-B", "2"]]);
    expect(headersFor(rules, "/xxy")).toEqual([]);
    expect(headersFor(rules, "/(c)")).toEqual([["X-C", "3"]]);
    expect(headersFor(rules, "/x+y/more")).toEqual([]);
    expect(headersFor(rules, "/pre/x+y")).toEqual([]);
  });

  it("a comment, even one with a colon, neither is a header nor ends the block it stands in", () => {
    const file = "# all pages: the site's headers\n/*\n  X-A: 1\n# note: the next one too\n  X-B: 2\n";
    expect(headersFor(parseHeadersFile(file), "/")).toEqual([
      ["X-A", "1"],
      ["X-B", "2"],
    ]);
  });

  it("a path is a line starting with /, however indented; a header line need not be indented", () => {
    const file = "  /a\nX-A: 1\n\t/b\n X-B: 2\n";
    expect(headersFor(parseHeadersFile(file), "/a")).toEqual([["X-A", "1"]]);
    expect(headersFor(parseHeadersFile(file), "/b")).toEqual([["X-B", "2"]]);
  });

  it("lines the hosts refuse are skipped: before the first path, without a colon, without a name", () => {
    const file = "X-Early: 1\n! X-Early\n/*\n  just words\n  : no name\n  X-A : 1\n\n/b\n  ..X-A\n";
    expect(headersFor(parseHeadersFile(file), "/")).toEqual([["X-A", "1"]]);
    expect(headersFor(parseHeadersFile(file), "/b")).toEqual([["X-A", "1"]]);
    expect(parseHeadersFile(file)[0]).toEqual({ pattern: /^\/.*$/, headers: [["X-A", "1"]], detached: [] });
  });

  it('"! Name" needs the space after the mark, and the name alone after it (Cloudflare Pages\' "! ")', () => {
    const file = "/*\n  X-A: 1\n  X-B: 2\n  X-C: 3\n\n/b\n  !X-A\n  ! X-B trailing\n  ! X-C  \n";
    expect(Object.fromEntries(headersFor(parseHeadersFile(file), "/b"))).toEqual({ "X-A": "1", "X-B": "2" });
  });

  it("comments and blank lines are skipped; a value keeps its own colons and loses the spaces around it", () => {
    const file = "# site\n/*\n   # not a header\n  Link:   <https://a.example/x>; rel=preload  \n\n\n  X-A:b:c\n";
    expect(headersFor(parseHeadersFile(file), "/")).toEqual([
      ["Link", "<https://a.example/x>; rel=preload"],
      ["X-A", "b:c"],
    ]);
  });

  it("the default reading is Cloudflare Pages', the one the local servers apply", () => {
    const file = "/*\n  X-A: 1\n\n/b\n  X-A: 2\n";
    expect(headersFor(parseHeadersFile(file), "/b")).toEqual(
      headersFor(parseHeadersFile(file), "/b", "cloudflare-pages"),
    );
    expect(headersFor(parseHeadersFile(file), "/b")).toEqual([["X-A", "1, 2"]]);
  });
});
