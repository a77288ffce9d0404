import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { HOST_FILES } from "../../../../src/host/policy.ts";
import { headersFor, parseHeadersFile } from "../../../../src/host/headers-file.ts";
import { headersFile } from "../../../../src/pipeline/host-files/headers.ts";
import {
  nginxAccessRules,
  nginxCacheRules,
  nginxGzipTypes,
  nginxFramedLocations,
  nginxHeadersFile,
  nginxTypeRules,
} from "../../../../src/pipeline/host-files/nginx.ts";
import { send } from "../../server/raw-http.ts";
import { serveBuiltSite } from "../../server/built-site.ts";

const STYLE_HASH = "'sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='";
const SCRIPT_HASH = "'sha256-BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB='";

// nginx operators include the generated file; it must send exactly the page headers a _headers host sends.
it("the nginx include carries the same page headers as _headers, for any delivery, stylesheet and loader", () => {
  for (const delivery of ["simulated", "https://formspree.io/f/abc"]) {
    const policy = { delivery, styleHash: STYLE_HASH, scriptHash: SCRIPT_HASH };
    const nginx = Object.fromEntries(
      [...nginxHeadersFile(policy).matchAll(/^add_header ([\w-]+) "((?:[^"\\]|\\.)+)" always;$/gm)].map((m) => [
        m[1],
        m[2]?.replace(/\\"/g, '"'),
      ]),
    );
    const pageHeaders = Object.fromEntries(headersFor(parseHeadersFile(headersFile(policy)), "/datenschutz"));
    expect(nginx).toEqual(pageHeaders);
    expect(nginx["Content-Security-Policy"]).toContain(STYLE_HASH);
    expect(nginx["Content-Security-Policy"]).toContain(`script-src 'self' ${SCRIPT_HASH}`);
  }
});

it("a page with a video gets the same headers from its nginx location as from _headers: the site's, with the player allowed as a frame", () => {
  const policy = { delivery: "simulated", styleHash: STYLE_HASH, scriptHash: SCRIPT_HASH };
  const framed = [
    { path: "/insights/video", frames: ["https://www.youtube-nocookie.com"] },
    { path: "/de/einblicke/video", frames: ["https://www.youtube-nocookie.com"] },
  ];
  const rules = parseHeadersFile(headersFile(policy, [], ["https://api.github.com"], framed));
  const locations = [
    ...nginxFramedLocations(policy, framed).matchAll(
      /^location = (\S+) \{\n((?: {4}add_header .*\n)+) {4}try_files \$uri\.html \$uri\/index\.html =404;\n\}$/gm,
    ),
  ];
  expect(locations.map((m) => m[1])).toEqual(framed.map(({ path }) => path));
  for (const [, path, block] of locations) {
    const nginx = Object.fromEntries(
      [...(block ?? "").matchAll(/add_header ([\w-]+) "((?:[^"\\]|\\.)+)" always;/g)].map((m) => [
        m[1],
        m[2]?.replace(/\\"/g, '"'),
      ]),
    );
    expect(nginx).toEqual(Object.fromEntries(headersFor(rules, path ?? "")));
    expect(nginx["Content-Security-Policy"]).toContain("; frame-src https://www.youtube-nocookie.com;");
  }
  // Every other page: no frame-src, the policy as it was.
  const page = Object.fromEntries(headersFor(rules, "/insights/other"));
  expect(page["Content-Security-Policy"]).not.toContain("frame-src");
  expect(headersFor(rules, "/insights/video/more")).toEqual(headersFor(rules, "/insights/other"));
  expect(nginxFramedLocations(policy, [])).not.toContain("location");
});

let site: Awaited<ReturnType<typeof serveBuiltSite>>;
beforeAll(async () => {
  site = await serveBuiltSite();
}, 60_000);
afterAll(() => site?.close());

/** Whether nginx, matching its locations against the decoded path as it does, would refuse a path. */
function nginxRefuses(path: string): boolean {
  const locations = [...nginxAccessRules().matchAll(/^ *location ~ (\S+) \{\n *internal;\n *\}$/gm)].map(
    (m) => new RegExp(m[1] ?? "(?!)"),
  );
  return locations.some((location) => location.test(path));
}

it("nginx's access rules refuse exactly the built files the local server refuses", async () => {
  const files = readdirSync(site.dist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `/${relative(site.dist, join(entry.parentPath, entry.name))}`);
  const refusedByServer: string[] = [];
  for (const path of files) {
    const { status } = await send(site.url, path);
    expect([200, 404], path).toContain(status);
    if (status === 404) refusedByServer.push(path);
  }
  expect(refusedByServer).toEqual(
    expect.arrayContaining(["/_headers", `/${HOST_FILES.nginxHeaders}`, "/_redirects", "/404.html", "/de/404.html"]),
  );
  expect(files.filter(nginxRefuses)).toEqual(refusedByServer);
});

it("the README's nginx configuration includes the generated headers file, access rules and media types", () => {
  const readme = readFileSync("docs/deploying.md", "utf8");
  expect(readme).toContain(`include /var/www/leap-ai/dist/${HOST_FILES.nginxHeaders};`);
  expect(readme).toContain(`include /var/www/leap-ai/dist/${HOST_FILES.nginxFramedPages};`);
  expect(readme).toContain(`include /var/www/leap-ai/dist/${HOST_FILES.nginxRedirects};`);
  expect(readme).toContain(`include /var/www/leap-ai/dist/${HOST_FILES.nginxAssetHeaders};`);
  expect(readme).toContain(`include /var/www/leap-ai/dist/${HOST_FILES.nginxAdminHeaders};`);
  expect(readme).toContain(nginxAccessRules());
  expect(readme).toContain(nginxTypeRules());
  expect(readme).toContain(nginxGzipTypes());
  // Every folder of hashed names (IMMUTABLE_PATHS: the assets, the search shards) is a location kept a year.
  expect(readme).toContain(nginxCacheRules());
});

/** The Content-Type nginx's type locations in the README give a path (the first regex location that matches), if any. */
function nginxTypeOf(path: string): string | undefined {
  const readme = readFileSync("docs/deploying.md", "utf8");
  const locations = [...readme.matchAll(/^ *location ~ (\S+) \{\n *types \{ \}\n *default_type "([^"]+)";\n *\}$/gm)];
  return locations.find((m) => new RegExp(m[1] ?? "(?!)").test(path))?.[2];
}

it("nginx's type locations give every built file the Content-Type the local server sends from _headers", async () => {
  const files = readdirSync(site.dist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith(".gz"))
    .map((entry) => `/${relative(site.dist, join(entry.parentPath, entry.name))}`);
  const typed = files.filter((path) => nginxTypeOf(path) !== undefined);
  expect(typed).toEqual(
    expect.arrayContaining(["/sitemap.xml", "/insights/feed.xml", "/de/einblicke/feed.xml", "/favicon.ico"]),
  );
  for (const path of typed) {
    const { headers } = await send(site.url, path);
    expect(headers["content-type"], path).toBe(nginxTypeOf(path));
  }
});
