/**
 * The host policy (src/host/policy.ts) and the files the build writes from it (src/pipeline/host-files/), called
 * inside each test: the policy README's "Security headers" section states, directive by directive; what each host
 * file says for each kind of path, read back as each host reads it; nginx's includes and locations; Netlify's
 * _redirects. (nginx-snippet.test.ts checks the nginx files against the server on a built site.)
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Locale } from "../../../src/content/locales.ts";
import { HEADERS_READINGS, headersFor, parseHeadersFile } from "../../../src/host/headers-file.ts";
import {
  ADMIN_PATH,
  adminHeaders,
  answerHeaders,
  contentSecurityPolicy,
  HOST_FILES,
  IMMUTABLE_CACHE,
  IMMUTABLE_PATHS,
  MEDIA_TYPES,
  mediaTypeOf,
  NEVER_SERVED,
  REVALIDATE_CACHE,
  securityHeaders,
} from "../../../src/host/policy.ts";
import { headersFile } from "../../../src/pipeline/host-files/headers.ts";
import { hostFiles, writeHostFiles } from "../../../src/pipeline/host-files/index.ts";
import {
  nginxAccessRules,
  nginxFramedLocations,
  nginxHeadersFile,
  nginxTypeRules,
} from "../../../src/pipeline/host-files/nginx.ts";
import { nginxRedirects, redirectsFile, routesFile } from "../../../src/pipeline/host-files/redirects.ts";
import { SEARCH_INDEX } from "../../../src/search/browser/paths.ts";

const STYLE = "'sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='";
const SCRIPT = "'sha256-BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB='";
const SIMULATED = { delivery: "simulated", styleHash: STYLE, scriptHash: SCRIPT };
const FORMSPREE = { ...SIMULATED, delivery: "https://formspree.io/f/abc" };
const PLAYER = "https://www.youtube-nocookie.com";
const GITHUB = "https://api.github.com";

/** A policy as its directives: name → sources. */
const directives = (policy: string) =>
  Object.fromEntries(
    policy.split("; ").map((directive) => {
      const [name = "", ...sources] = directive.split(" ");
      return [name, sources.join(" ")];
    }),
  );

describe("the site's Content-Security-Policy (README, Security headers)", () => {
  it("allows only the site itself, the one inline stylesheet and loader by hash, data: images, and no frames", () => {
    expect(directives(contentSecurityPolicy(SIMULATED))).toEqual({
      "default-src": "'self'",
      "script-src": `'self' ${SCRIPT}`,
      "style-src": `'self' ${STYLE}`,
      "img-src": "'self' data:",
      "font-src": "'self'",
      "connect-src": "'self'",
      "object-src": "'none'",
      "base-uri": "'none'",
      "form-action": "'self'",
      "frame-ancestors": "'none'",
    });
  });

  it("may connect to a configured form back-end's origin, not its path", () => {
    expect(directives(contentSecurityPolicy(FORMSPREE))["connect-src"]).toBe("'self' https://formspree.io");
    // The site's own receiver (form.delivery: /api/contact) is 'self' already: nothing added.
    const receiver = { ...SIMULATED, delivery: "/api/contact" };
    expect(directives(contentSecurityPolicy(receiver))["connect-src"]).toBe("'self'");
  });

  it("a page with a video may show its players' origins as frames, and nothing else changes", () => {
    const framed = directives(contentSecurityPolicy(SIMULATED, [PLAYER, "https://player.example"]));
    expect(framed["frame-src"]).toBe(`${PLAYER} https://player.example`);
    const { "frame-src": _, ...rest } = framed;
    expect(rest).toEqual(directives(contentSecurityPolicy(SIMULATED)));
  });
});

describe("the headers of every answer", () => {
  it("are the policy and the hardening headers, the same whatever the back-end", () => {
    const headers = securityHeaders(SIMULATED);
    expect(headers).toEqual({
      "Content-Security-Policy": contentSecurityPolicy(SIMULATED),
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
      "Strict-Transport-Security": "max-age=63072000; includeSubDomains; preload",
      "Cross-Origin-Opener-Policy": "same-origin",
      "X-Frame-Options": "DENY",
    });
    expect(securityHeaders(SIMULATED, [PLAYER])["Content-Security-Policy"]).toContain(`frame-src ${PLAYER}`);
  });

  it("a preview build adds X-Robots-Tag: noindex, and only a preview build", () => {
    expect(securityHeaders({ ...SIMULATED, noindex: true })["X-Robots-Tag"]).toBe("noindex");
    expect(securityHeaders({ ...SIMULATED, noindex: false })).not.toHaveProperty("X-Robots-Tag");
  });

  it("the web editor's: its own looser policy where Sveltia needs it, a pop-up-friendly opener policy, never indexed", () => {
    const admin = adminHeaders(SIMULATED, [GITHUB]);
    expect(directives(admin["Content-Security-Policy"] ?? "")).toEqual({
      "default-src": "'self'",
      "script-src": "'self'",
      "style-src": "'self' 'unsafe-inline'",
      "img-src": `'self' data: blob: ${GITHUB}`,
      "font-src": "'self'",
      "connect-src": `'self' data: blob: ${GITHUB}`,
      "worker-src": "'self' blob:",
      // The preview pane (issue 31): a blob: frame with the site's stylesheet, whose base is this origin.
      "frame-src": "blob:",
      "manifest-src": "'self' blob:",
      "object-src": "'none'",
      "base-uri": "'self'",
      "form-action": "'none'",
      "frame-ancestors": "'none'",
    });
    expect(admin["Cross-Origin-Opener-Policy"]).toBe("same-origin-allow-popups");
    expect(admin["X-Robots-Tag"]).toBe("noindex, nofollow");
    const { "Content-Security-Policy": _a, "Cross-Origin-Opener-Policy": _c, "X-Robots-Tag": _r, ...rest } = admin;
    const { "Content-Security-Policy": _s, "Cross-Origin-Opener-Policy": _o, ...site } = securityHeaders(SIMULATED);
    expect(rest).toEqual(site);
  });
});

describe("media types and what is never served", () => {
  it("feeds are Atom, other XML is XML, both with their charset; the favicon is an icon; the rest is the host's", () => {
    expect(mediaTypeOf("/insights/feed.xml")).toBe("application/atom+xml; charset=utf-8");
    expect(mediaTypeOf("/de/einblicke/feed.xml")).toBe("application/atom+xml; charset=utf-8");
    expect(mediaTypeOf("/sitemap.xml")).toBe("application/xml; charset=utf-8");
    expect(mediaTypeOf("/myfeed.xml")).toBe("application/xml; charset=utf-8");
    expect(mediaTypeOf("/favicon.ico")).toBe("image/x-icon");
    for (const path of ["/index.html", "/feed.xml.html", "/sitemapxml", "/feedxxml", "/favicon.icon", "/"])
      expect(mediaTypeOf(path), path).toBe(undefined);
  });

  it("the host files and the 404 pages, in any spelling, are never served; other paths are", () => {
    const refused = (path: string) => NEVER_SERVED.some(({ regex }) => new RegExp(regex).test(path));
    for (const path of [
      "/_headers",
      "/_redirects",
      "/_nginx-headers.conf",
      "/404",
      "/404.html",
      "/404/",
      "/404.html.gz",
    ])
      expect(refused(path), path).toBe(true);
    for (const path of ["/de/404.html", "/de/404", "/xx/404.html.gz"]) expect(refused(path), path).toBe(true);
    for (const path of ["/", "/a_b", "/de/_x", "/1404.html", "/404.htm", "/404.html/x", "/insights/404-tips"])
      expect(refused(path), path).toBe(false);
  });

  it("every rule says why, as its comment in nginx's configuration", () => {
    for (const { why } of [...NEVER_SERVED, ...MEDIA_TYPES]) expect(why).toMatch(/^[A-Z].{10,}\.$/);
  });

  it("names the host files the build writes", () => {
    expect(Object.values(HOST_FILES).sort()).toEqual([
      "_headers",
      "_nginx-admin-headers.conf",
      "_nginx-asset-headers.conf",
      "_nginx-framed-pages.conf",
      "_nginx-headers.conf",
      "_nginx-redirects.conf",
      "_redirects",
      "_routes.json",
    ]);
  });
});

describe("_headers, as both hosts read it", () => {
  const FRAMED = [{ path: "/insights/clip", frames: [PLAYER] }];
  const TYPED = ["/insights/feed.xml", "/sitemap.xml", "/favicon.ico", "/robots.txt"];
  const file = headersFile(SIMULATED, TYPED, [GITHUB], FRAMED);
  const rules = parseHeadersFile(file);
  /** What a path is sent, after checking that Cloudflare Pages and Netlify send the same. */
  const sent = (path: string) => {
    const [cloudflare, netlify] = HEADERS_READINGS.map((reading) =>
      Object.fromEntries(headersFor(rules, path, reading)),
    );
    expect(netlify, path).toEqual(cloudflare);
    return cloudflare as Record<string, string>;
  };

  it("a page gets the security headers and is revalidated, nothing else", () => {
    expect(sent("/datenschutz")).toEqual(answerHeaders(SIMULATED));
    expect(sent("/")).toEqual(answerHeaders(SIMULATED));
    expect(answerHeaders(SIMULATED)).toEqual({ ...securityHeaders(SIMULATED), "Cache-Control": "no-cache" });
  });

  it("an asset is cached for a year besides", () => {
    expect(sent(`/assets/site-1234abcd.css`)).toEqual({
      ...securityHeaders(SIMULATED),
      "Cache-Control": IMMUTABLE_CACHE,
    });
    expect(IMMUTABLE_CACHE).toBe("public, max-age=31536000, immutable");
    expect(sent("/assetsx/a.css")["Cache-Control"]).toBe(REVALIDATE_CACHE);
    // Detached first: Cloudflare Pages would otherwise join the two values into one that means no-cache.
    expect(file).toContain(`/assets/*\n  ! Cache-Control\n  Cache-Control: ${IMMUTABLE_CACHE}\n`);
  });

  it("the search index's shards are kept a year, its manifests revalidated: the shards' folder is IMMUTABLE_PATHS' own", () => {
    const shard = SEARCH_INDEX.shardUrl("de", "terms-a-0123456789ab.json");
    expect(sent(shard)).toEqual({ ...securityHeaders(SIMULATED), "Cache-Control": IMMUTABLE_CACHE });
    expect(sent(SEARCH_INDEX.url("de"))).toEqual(answerHeaders(SIMULATED));
    expect(sent(SEARCH_INDEX.textUrl("/de/einblicke/rag-agenten"))["Cache-Control"]).toBe(REVALIDATE_CACHE);
    expect(IMMUTABLE_PATHS.map(({ prefix }) => prefix)).toContain(`/${SEARCH_INDEX.shardFolder}/`);
  });

  it("a video page gets its own policy in place of the site's, at its exact address and its file's only", () => {
    expect(sent("/insights/clip")).toEqual(answerHeaders(SIMULATED, [PLAYER]));
    expect(sent("/insights/clip.html")).toEqual(answerHeaders(SIMULATED, [PLAYER]));
    expect(sent("/insights/clip.htm")).toEqual(answerHeaders(SIMULATED));
    expect(sent("/insights/clip/more")).toEqual(answerHeaders(SIMULATED));
    expect(file).toContain("/insights/clip\n  ! Content-Security-Policy\n  Content-Security-Policy: ");
  });

  it("the web editor gets its headers under /admin/, and only there", () => {
    const admin = { ...adminHeaders(SIMULATED, [GITHUB]), "Cache-Control": REVALIDATE_CACHE };
    expect(sent(`${ADMIN_PATH}index.html`)).toEqual(admin);
    expect(sent(`${ADMIN_PATH}config.yml`)).toEqual(admin);
    expect(sent("/administration")).toEqual(answerHeaders(SIMULATED));
    // Without the editor: the site's block and one per folder of hashed names.
    expect(parseHeadersFile(headersFile(SIMULATED))).toHaveLength(1 + IMMUTABLE_PATHS.length);
  });

  it("feeds, the sitemap and the favicon get their media type by exact path; other files the host's", () => {
    expect(sent("/insights/feed.xml")["Content-Type"]).toBe("application/atom+xml; charset=utf-8");
    expect(sent("/sitemap.xml")["Content-Type"]).toBe("application/xml; charset=utf-8");
    expect(sent("/favicon.ico")["Content-Type"]).toBe("image/x-icon");
    expect(sent("/robots.txt")).toEqual(answerHeaders(SIMULATED));
    expect(file).not.toContain("/robots.txt");
  });

  it("the site's block comes first, so that every narrower block after it detaches or adds", () => {
    expect(file.startsWith("/*\n")).toBe(true);
    const blocks = file.split("\n").filter((line) => line !== "" && !line.startsWith(" "));
    expect(blocks).toEqual([
      "/*",
      "/assets/*",
      "/search/shards/*",
      "/insights/clip",
      "/insights/clip.html",
      "/admin/*",
      "/insights/feed.xml",
      "/sitemap.xml",
      "/favicon.ico",
    ]);
    expect(rules).toHaveLength(blocks.length);
  });
});

describe("nginx's includes", () => {
  const lines = (text: string) => text.split("\n").filter((line) => line.startsWith("add_header"));

  it("one add_header per header, always, its value quoted with quotes escaped; a comment says where it comes from", () => {
    const text = nginxHeadersFile(SIMULATED, { "X-A": 'say "hi"', "X-B": "b" });
    expect(text).toBe(
      '# Written by npm run build from the same source as _headers; include it in nginx\'s server block.\nadd_header X-A "say \\"hi\\"" always;\nadd_header X-B "b" always;\n',
    );
    expect(lines(nginxHeadersFile(SIMULATED))).toHaveLength(Object.keys(answerHeaders(SIMULATED)).length);
  });

  it("each video page is an exact location with every page header and its own policy, serving the page's file", () => {
    const pages = ["/insights/clip", "/de/einblicke/clip"];
    const text = nginxFramedLocations(
      SIMULATED,
      pages.map((path) => ({ path, frames: [PLAYER] })),
    );
    const [comment, ...rest] = text.split("\n");
    expect(comment).toMatch(/^# Written by npm run build/);
    const headers = Object.entries(answerHeaders(SIMULATED, [PLAYER]))
      .map(([name, value]) => `    add_header ${name} "${value}" always;`)
      .join("\n");
    expect(rest.join("\n")).toBe(
      pages
        .map(
          (path) =>
            `location = ${path} {\n${headers}\n    try_files $uri.html $uri/index.html =404;\n}\n` +
            `location = ${path}.html {\n${headers}\n    try_files $uri =404;\n}\n`,
        )
        .join(""),
    );
    expect(nginxFramedLocations(SIMULATED, []).split("\n")).toHaveLength(2);
  });

  it("a quote in a value is escaped in every nginx file, so that it cannot end the value", () => {
    const quoted = { ...SIMULATED, styleHash: "'sha256-\"x'" };
    const framed = nginxFramedLocations(quoted, [{ path: "/insights/clip", frames: [PLAYER] }]);
    for (const text of [nginxHeadersFile(quoted), framed]) {
      expect(text).toContain(`style-src 'self' 'sha256-\\"x'`);
      expect(text).not.toMatch(/[^\\]"x/);
    }
  });

  it("the rules for what is never served and for media types are the README's nginx snippet, word for word", () => {
    const readme = readFileSync("docs/deploying.md", "utf8");
    expect(readme).toContain(nginxAccessRules());
    expect(readme).toContain(nginxTypeRules());
    expect(nginxAccessRules().match(/internal;/g)).toHaveLength(NEVER_SERVED.length);
    expect(nginxTypeRules().match(/default_type/g)).toHaveLength(MEDIA_TYPES.length);
  });

  it("every path never served is an internal location, every media type a location with its default_type", () => {
    for (const { regex, why } of NEVER_SERVED)
      expect(nginxAccessRules()).toContain(`    # ${why}\n    location ~ ${regex} {\n        internal;\n    }\n`);
    for (const { regex, type, why } of MEDIA_TYPES)
      expect(nginxTypeRules()).toContain(
        `    # ${why}\n    location ~ ${regex} {\n        types { }\n        default_type "${type}";\n    }\n`,
      );
  });
});

describe("Netlify's _redirects and the set of host files", () => {
  const locale = (code: string, prefix: string): Locale =>
    ({ code, prefix, default: prefix === "", published: true }) as Locale;

  it("_redirects holds only lines every host accepts: the pages' old addresses, no 404 rule (Cloudflare Pages refuses them)", () => {
    const text = redirectsFile();
    expect(text.split("\n").filter((line) => line !== "" && !line.startsWith("#"))).toEqual([]);
    expect(text.endsWith("\n")).toBe(true);
    expect(text.startsWith("# ")).toBe(true);
  });

  it("_routes.json sends each language's 404 address and the host files to the Function that answers them 404, and the receiver", () => {
    expect(JSON.parse(routesFile([locale("en", ""), locale("de", "/de"), locale("fr", "/fr")]))).toEqual({
      version: 1,
      include: ["/api/*", "/404", "/de/404", "/fr/404", "/_*"],
      exclude: [],
    });
  });

  it("the pages' old addresses, each a 301, with and without their slash (Cloudflare Pages matches exactly); nginx's too", () => {
    const aliases = [
      { from: "/old", to: "/insights/new" },
      { from: "/de/alt", to: "/de/einblicke/neu" },
    ];
    const rules = redirectsFile(aliases)
      .split("\n")
      .filter((line) => line !== "" && !line.startsWith("# /name/"));
    expect(rules).toEqual([
      "# Old addresses of pages (their aliases):",
      "/old  /insights/new  301",
      "/old/  /insights/new  301",
      "/de/alt  /de/einblicke/neu  301",
      "/de/alt/  /de/einblicke/neu  301",
    ]);
    expect(redirectsFile([])).not.toContain("Old addresses");
    const [comment, ...blocks] = nginxRedirects(aliases).split("\n");
    expect(comment).toMatch(/^# Written by npm run build: the pages' old addresses/);
    expect(blocks.join("\n")).toBe(
      [
        "location = /old {\n    return 301 /insights/new$is_args$args;\n}\n",
        "location = /old/ {\n    return 301 /insights/new$is_args$args;\n}\n",
        "location = /de/alt {\n    return 301 /de/einblicke/neu$is_args$args;\n}\n",
        "location = /de/alt/ {\n    return 301 /de/einblicke/neu$is_args$args;\n}\n",
      ].join(""),
    );
    expect(nginxRedirects([]).split("\n")).toHaveLength(2);
  });

  it("writeHostFiles puts each of them into the output folder", () => {
    const dir = mkdtempSync(join(tmpdir(), "issue35-host-files-"));
    try {
      const inputs = { policy: SIMULATED, typed: [], editorOrigins: [], framed: [], locales: [locale("en", "")] };
      writeHostFiles(dir, inputs);
      expect(readdirSync(dir).sort()).toEqual(Object.values(HOST_FILES).sort());
      for (const [file, text] of hostFiles(inputs)) expect(readFileSync(join(dir, file), "utf8"), file).toBe(text);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("hostFiles writes each file from the same policy", () => {
    const inputs = {
      policy: SIMULATED,
      typed: ["/sitemap.xml"],
      editorOrigins: [GITHUB],
      framed: [{ path: "/insights/clip", frames: [PLAYER] }],
      locales: [locale("en", ""), locale("de", "/de")],
      redirects: [{ from: "/old", to: "/insights/new" }],
    };
    expect(hostFiles(inputs)).toEqual(
      new Map([
        [HOST_FILES.headers, headersFile(SIMULATED, inputs.typed, [GITHUB], inputs.framed)],
        [HOST_FILES.nginxFramedPages, nginxFramedLocations(SIMULATED, inputs.framed)],
        [HOST_FILES.nginxHeaders, nginxHeadersFile(SIMULATED)],
        [
          HOST_FILES.nginxAssetHeaders,
          nginxHeadersFile(SIMULATED, { ...securityHeaders(SIMULATED), "Cache-Control": IMMUTABLE_CACHE }),
        ],
        [
          HOST_FILES.nginxAdminHeaders,
          nginxHeadersFile(SIMULATED, { ...adminHeaders(SIMULATED, [GITHUB]), "Cache-Control": REVALIDATE_CACHE }),
        ],
        [HOST_FILES.redirects, redirectsFile(inputs.redirects)],
        [HOST_FILES.routes, routesFile(inputs.locales)],
        [HOST_FILES.nginxRedirects, nginxRedirects(inputs.redirects)],
      ]),
    );
    const { redirects: _, ...withoutAliases } = inputs;
    expect(hostFiles(withoutAliases).get(HOST_FILES.redirects)).toBe(redirectsFile());
    expect(hostFiles(withoutAliases).get(HOST_FILES.nginxRedirects)).toBe(nginxRedirects([]));
  });
});
