/**
 * The local servers' reading of _redirects (the pages' aliases) and their choice of 404 page, called inside each
 * test: an alias answers npm run serve as it answers on the hosts, and a rule that is the hosts' own is left to
 * them. (npm run mutation's host group runs these against src/host/.)
 */
import { describe, expect, it } from "vitest";
import { nearestNotFoundPage } from "../../../src/host/not-found.ts";
import { parseRedirectsFile, redirectFor } from "../../../src/host/redirects-file.ts";
import { redirectsFile } from "../../../src/pipeline/host-files/redirects.ts";

describe("_redirects as the local servers read it", () => {
  it("the file the build writes: its aliases, and none of the hosts' own 404 rules", () => {
    const text = redirectsFile([
      { from: "/old", to: "/insights/new" },
      { from: "/de/alt", to: "/de/einblicke/neu" },
    ]);
    // Each alias twice, with and without its slash (for Cloudflare Pages): one address to the local servers.
    expect(parseRedirectsFile(text)).toEqual([
      { from: "/old", to: "/insights/new", status: 301 },
      { from: "/old", to: "/insights/new", status: 301 },
      { from: "/de/alt", to: "/de/einblicke/neu", status: 301 },
      { from: "/de/alt", to: "/de/einblicke/neu", status: 301 },
    ]);
  });

  it("a line is from, to and status, split on any run of blanks, trimmed; comments and blank lines are skipped", () => {
    // "# /c 301" and "#/old /new" would read as rules from "#" and "#/old" were comments not skipped.
    expect(parseRedirectsFile("  /a \t /b   302  \n\n# /c /d 301\n   # /e 301\n#/old /new\n/g /h")).toEqual([
      { from: "/a", to: "/b", status: 302 },
      { from: "/g", to: "/h", status: 301 },
    ]);
  });

  it("only redirects (301, 302, 307, 308) to somewhere; splats, placeholders and rewrites are the hosts' own", () => {
    for (const status of ["301", "302", "307", "308"])
      expect(parseRedirectsFile(`/a /b ${status}`), status).toEqual([{ from: "/a", to: "/b", status: Number(status) }]);
    for (const line of [
      "/a /b 200",
      "/a /b 404",
      "/a /b 303",
      "/a /b 3011",
      "/a /b 1301",
      "/a /b x",
      "/a",
      "/de/* /de/404.html 404",
      "/blog/* /insights 301",
      "/news/:year /insights 301",
    ])
      expect(parseRedirectsFile(line), line).toEqual([]);
  });

  it("/old/ and /old are one address, in the file and in the request; the root stays /", () => {
    const rules = parseRedirectsFile("/old/ /new 301\n/ /home 302\n/x// /y\n");
    expect(rules.map((rule) => rule.from)).toEqual(["/old", "/", "/x"]);
    for (const path of ["/old", "/old/", "/old//"]) expect(redirectFor(rules, path)?.to, path).toBe("/new");
    expect(redirectFor(rules, "/")?.to).toBe("/home");
    expect(redirectFor(rules, "/x")?.to).toBe("/y");
    for (const path of ["/older", "/ol", "/old/x", "/OLD"]) expect(redirectFor(rules, path), path).toBeUndefined();
    expect(redirectFor([], "/old")).toBeUndefined();
  });

  it("the first rule for a path wins, as on the hosts", () => {
    const rules = parseRedirectsFile("/a /first 301\n/a /second 302\n");
    expect(redirectFor(rules, "/a")).toEqual({ from: "/a", to: "/first", status: 301 });
  });
});

describe("the 404 page a missing path gets", () => {
  const dist =
    (...files: string[]) =>
    (file: string) =>
      files.includes(file);

  it("the nearest 404.html in a folder above the path, as Cloudflare Pages picks it", () => {
    const exists = dist("/404.html", "/de/404.html", "/de/einblicke/404.html");
    expect(nearestNotFoundPage("/de/einblicke/x/y", exists)).toBe("/de/einblicke/404.html");
    expect(nearestNotFoundPage("/de/einblicke/x", exists)).toBe("/de/einblicke/404.html");
    expect(nearestNotFoundPage("/de/x", exists)).toBe("/de/404.html");
    expect(nearestNotFoundPage("/de/", exists)).toBe("/de/404.html");
    expect(nearestNotFoundPage("/de", exists)).toBe("/404.html");
    expect(nearestNotFoundPage("/x", exists)).toBe("/404.html");
    expect(nearestNotFoundPage("/", exists)).toBe("/404.html");
  });

  it("a folder without its own 404 page falls back to the one above it, then to the site's", () => {
    expect(nearestNotFoundPage("/de/einblicke/x", dist("/de/404.html"))).toBe("/de/404.html");
    expect(nearestNotFoundPage("/fr/a/b", dist("/de/404.html"))).toBe("/404.html");
    expect(nearestNotFoundPage("/de/x", dist())).toBe("/404.html");
  });

  it("asks only about folders above the path, nearest first", () => {
    const asked: string[] = [];
    nearestNotFoundPage("/a/b/c", (file) => {
      asked.push(file);
      return false;
    });
    expect(asked).toEqual(["/a/b/404.html", "/a/404.html"]);
  });
});
