import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import icoEndec from "ico-endec";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { servedSiteForTests } from "./built-site.ts";
import { send } from "./raw-http.ts";

// The real site built into a temporary folder and served by the server behind npm start, serve and dev.
const served = servedSiteForTests();
const get = (path: string, headers: Record<string, string> = {}) => send(served.site.url, path, { headers });

/** A Content-Type as media type and parameters, so that "text/html;charset=UTF-8" equals "text/html; charset=utf-8". */
function mediaType(header: string | undefined): { type: string; charset?: string } {
  const [type = "", ...parameters] = (header ?? "").split(";").map((part) => part.trim().toLowerCase());
  const charset = parameters.find((parameter) => parameter.startsWith("charset="))?.slice("charset=".length);
  return charset === undefined ? { type } : { type, charset };
}

const assetNamed = (pattern: RegExp) => {
  const name = readdirSync(join(served.site.dist, "assets")).find((file) => pattern.test(file));
  if (!name) throw new Error(`no asset matching ${pattern} in the build`);
  return `/assets/${name}`;
};

/**
 * What each kind of file must be served as (IANA registrations; RFC 9239 for JavaScript, RFC 4287 for Atom).
 * The XML files name their charset because a feed reader otherwise assumes one (RFC 7303 says US-ASCII for
 * text/xml), and the German feed holds "ü" and "–".
 */
const KINDS: { kind: string; path: () => string; type: string | string[]; charset?: string }[] = [
  { kind: "html page", path: () => "/datenschutz", type: "text/html", charset: "utf-8" },
  { kind: "html home", path: () => "/de/", type: "text/html", charset: "utf-8" },
  { kind: "css", path: () => assetNamed(/^toasts-.*\.css$/), type: "text/css" },
  { kind: "js", path: () => assetNamed(/\.js$/), type: "text/javascript" },
  { kind: "json", path: () => "/probe.json", type: "application/json" },
  { kind: "atom feed", path: () => "/de/einblicke/feed.xml", type: "application/atom+xml", charset: "utf-8" },
  { kind: "sitemap", path: () => "/sitemap.xml", type: "application/xml", charset: "utf-8" },
  { kind: "txt", path: () => "/robots.txt", type: "text/plain" },
  { kind: "svg", path: () => "/probe.svg", type: "image/svg+xml" },
  { kind: "avif", path: () => assetNamed(/\.avif$/), type: "image/avif" },
  { kind: "webp", path: () => assetNamed(/\.webp$/), type: "image/webp" },
  { kind: "png", path: () => assetNamed(/\.png$/), type: "image/png" },
  { kind: "jpg", path: () => assetNamed(/\.jpg$/), type: "image/jpeg" },
  { kind: "ico", path: () => "/favicon.ico", type: ["image/x-icon", "image/vnd.microsoft.icon"] },
];

describe("content types", () => {
  it("every kind of file is served with its media type, and XML and HTML with charset=utf-8, compressed or not", async () => {
    // The site serves no JSON or SVG file today (island props travel inside the page, images are raster); an
    // author's SVG image or a future JSON file must still get its type.
    writeFileSync(join(served.site.dist, "probe.json"), '{"ok":true}');
    writeFileSync(join(served.site.dist, "probe.svg"), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>');
    for (const { kind, path, type, charset } of KINDS) {
      for (const encoding of ["gzip", "identity"]) {
        const answer = await get(path(), { "Accept-Encoding": encoding });
        expect(answer.status, `${kind} (${encoding})`).toBe(200);
        const got = mediaType(answer.headers["content-type"]);
        expect([type].flat(), `${kind} (${encoding}): ${answer.headers["content-type"]}`).toContain(got.type);
        if (charset) expect(got.charset, `${kind} (${encoding}): ${answer.headers["content-type"]}`).toBe(charset);
      }
    }
  });

  it("the German feed's non-ASCII text arrives as UTF-8 bytes, as its header and its XML declaration say", async () => {
    const answer = await get("/de/einblicke/feed.xml");
    const text = answer.body.toString("utf8");
    expect(text).toMatch(/^<\?xml version="1\.0" encoding="utf-8"\?>/);
    expect(text).toMatch(/[äöüß–]/);
    expect(Buffer.from(text, "utf8").equals(answer.body)).toBe(true);
  });
});

describe("one address per page", () => {
  const sitemapPaths = () =>
    [
      ...readFileSync(join(served.site.dist, "sitemap.xml"), "utf8").matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g),
    ].map((match) => match[1] ?? "");

  it("the other spelling of every page in the sitemap answers with exactly one 301 to the page, query kept", async () => {
    const paths = sitemapPaths();
    expect(paths).toEqual(
      expect.arrayContaining(["/", "/de/", "/impressum", "/datenschutz", "/de/einblicke/rag-agenten"]),
    );
    for (const path of paths.filter((candidate) => candidate !== "/")) {
      const other = path.endsWith("/") ? path.slice(0, -1) : `${path}/`;
      for (const query of ["", "?utm_source=feed"]) {
        const answer = await get(`${other}${query}`);
        expect(answer.status, `${other}${query}`).toBe(301);
        expect(answer.headers.location, `${other}${query}`).toBe(`${path}${query}`);
        // Exactly one: where it leads is the page itself.
        expect((await get(answer.headers.location ?? "")).status, `${other}${query} -> ${path}`).toBe(200);
      }
    }
  });

  it("a redirect carries the security headers; a path that is no page stays a 404, with or without its slash", async () => {
    const answer = await get("/impressum/");
    expect(answer.headers["content-security-policy"]).toContain("default-src 'self'");
    for (const path of ["/nope/", "/de/nope/", "/assets/", "/404/", "/_headers/"]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });
});

describe("/favicon.ico", () => {
  it("is a real ICO with 16, 32 and 48 px PNG images drawn from the site's favicon", async () => {
    const answer = await get("/favicon.ico");
    expect(answer.status).toBe(200);
    const icons = icoEndec.decode(answer.body);
    expect(icons.map((icon) => [icon.width, icon.height, icon.imageType])).toEqual([
      [16, 16, "png"],
      [32, 32, "png"],
      [48, 48, "png"],
    ]);
    for (const icon of icons) {
      const { width, height } = await sharp(icon.imageData).metadata();
      expect([width, height]).toEqual([icon.width, icon.height]);
      // The brand's indigo (#4f46e5) fills the icon's middle row.
      const { data, info } = await sharp(icon.imageData).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const middle = (Math.floor(info.height / 2) * info.width + 2) * info.channels;
      expect([data[middle], data[middle + 1], data[middle + 2]]).toEqual([0x4f, 0x46, 0xe5]);
    }
  });
});
