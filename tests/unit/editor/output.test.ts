import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { validateDocument } from "../../../src/pipeline/checks/validate.ts";
import { headersFor, parseHeadersFile } from "../../../src/host/headers-file.ts";
import { HOST_FILES } from "../../../src/host/policy.ts";
import { serveBuiltSite } from "../server/built-site.ts";

/** Where editor bundles commonly fetch code and fonts from: written out here, not taken from the code that removes them. */
const PUBLIC_CDNS = [
  "unpkg.com",
  "cdn.jsdelivr.net",
  "esm.sh",
  "fonts.googleapis.com",
  "fonts.gstatic.com",
  "cdnjs.cloudflare.com",
];

let site: Awaited<ReturnType<typeof serveBuiltSite>>;
beforeAll(async () => {
  site = await serveBuiltSite();
}, 90_000);
afterAll(() => site?.close());

const filesUnder = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));

const nginxHeaders = (file: string) =>
  Object.fromEntries(
    [
      ...readFileSync(join(site.dist, file), "utf8").matchAll(/^add_header ([\w-]+) "((?:[^"\\]|\\.)+)" always;$/gm),
    ].map((m) => [m[1], m[2]?.replace(/\\"/g, '"')]),
  );

it("the editor's files name no CDN: translations and fonts are this site's own files", () => {
  const admin = filesUnder(join(site.dist, "admin"));
  expect(admin.map((file) => relative(site.dist, file))).toEqual(
    expect.arrayContaining([
      "admin/index.html",
      "admin/sveltia-cms.js",
      "admin/config.json",
      "admin/locales/de.json",
      "admin/fonts/source-sans-3-latin-wght-normal.woff2",
    ]),
  );
  for (const file of admin.filter((name) => /\.(js|json|html)$/.test(name))) {
    const text = readFileSync(file, "utf8");
    for (const host of PUBLIC_CDNS)
      expect(text.includes(`//${host}`), `${relative(site.dist, file)} names ${host}`).toBe(false);
  }
  expect(readFileSync(join(site.dist, "admin/sveltia-cms.js"), "utf8")).toContain(
    "/admin/fonts/material-symbols-outlined-latin-wght-normal.woff2",
  );
});

it("the German interface has every sentence an author can meet in German, its placeholders kept (issue 54)", () => {
  // Sveltia's own German translation lacks 111 of its English sentences, "Show Errors" beside a refused save among
  // them, and shows those in English. Its configuration's errors (config.*) speak to a developer and may stay English.
  type Strings = { [key: string]: string | Strings };
  const flat = (strings: Strings, prefix = ""): [string, string][] =>
    Object.entries(strings).flatMap(([key, value]) =>
      typeof value === "string" ? [[prefix + key, value] as [string, string]] : flat(value, `${prefix}${key}.`),
    );
  const read = (file: string) => new Map(flat(JSON.parse(readFileSync(file, "utf8")) as Strings));
  // The package exports only its entry (npm/index.js); its locales are two folders up.
  const shipped = dirname(dirname(createRequire(import.meta.url).resolve("@sveltia/cms")));
  const english = read(join(shipped, "locales", "en-US.json"));
  const german = read(join(site.dist, "admin", "locales", "de.json"));
  const placeholders = (text: string) => [...text.matchAll(/\{\$(\w+)/g)].map((m) => m[1]).sort();
  const lacking = [...english.keys()].filter((key) => !key.startsWith("config.") && !german.has(key));
  expect(lacking).toEqual([]);
  const changed = [...english].filter(
    ([key, text]) =>
      german.has(key) && new Set(placeholders(text)).size !== new Set(placeholders(german.get(key) ?? "")).size,
  );
  expect(changed.map(([key]) => key)).toEqual([]);
  expect(german.get("show_errors")).toBe("Fehler anzeigen");
});

it("the editor's script asks no status page and no update server, and lets a reader zoom", () => {
  const script = readFileSync(join(site.dist, "admin/sveltia-cms.js"), "utf8");
  for (const name of ["githubstatus.com", "status.gitlab.com", "hostedstatus.com", "maximum-scale", "checkStatus:"])
    expect(script.includes(name), name).toBe(false);
  // What it loads on demand is this site's: Immutable.js (preview templates, event listeners) and React DOM.
  expect(existsSync(join(site.dist, "admin/chunks/react-dom.js"))).toBe(true);
  const [immutable] = filesUnder(join(site.dist, "admin/modules")).map((file) => relative(site.dist, file));
  expect(immutable).toMatch(/^admin\/modules\/immutable@[\d.]+\/dist\/immutable\.es\.js$/);
  expect(script).toContain("/admin/modules/");
});

it("no other page links to or loads the editor, and the sitemap leaves it out", () => {
  expect(readFileSync(join(site.dist, "sitemap.xml"), "utf8")).not.toContain("/admin");
  const pages = filesUnder(site.dist).filter(
    (file) => file.endsWith(".html") && !relative(site.dist, file).startsWith("admin/"),
  );
  expect(pages.length).toBeGreaterThan(5);
  for (const page of pages) expect(readFileSync(page, "utf8"), relative(site.dist, page)).not.toMatch(/\/admin\b/);
  expect(readFileSync(join(site.dist, "admin/index.html"), "utf8")).toContain(
    '<meta name="robots" content="noindex, nofollow" />',
  );
});

// The build's page checks cover the site's pages; the editor's shell is fixed, so it is validated here once.
it("the editor's shell passes the same html-validate rules as the pages", async () => {
  expect(await validateDocument(readFileSync(join(site.dist, "admin/index.html"), "utf8"), "admin/index.html")).toEqual(
    [],
  );
});

it("/admin/ answers with the editor's own policy, the site's pages with theirs, in _headers, nginx and the local server alike", async () => {
  const rules = parseHeadersFile(readFileSync(join(site.dist, "_headers"), "utf8"));
  const page = Object.fromEntries(headersFor(rules, "/datenschutz"));
  const admin = Object.fromEntries(headersFor(rules, "/admin/sveltia-cms.js"));

  expect(page["Content-Security-Policy"]).not.toContain("unsafe-inline");
  expect(page["Content-Security-Policy"]).not.toContain("api.github.com");
  expect(admin["Content-Security-Policy"]).toContain("style-src 'self' 'unsafe-inline'");
  expect(admin["Content-Security-Policy"]).toContain("script-src 'self';");
  expect(admin["Content-Security-Policy"]).not.toContain("unsafe-eval");
  expect(admin["X-Robots-Tag"]).toBe("noindex, nofollow");
  // The login pop-up hands the token back to its opener; the site's pages keep same-origin.
  expect(admin["Cross-Origin-Opener-Policy"]).toBe("same-origin-allow-popups");
  expect(page["Cross-Origin-Opener-Policy"]).toBe("same-origin");
  expect(nginxHeaders(HOST_FILES.nginxHeaders)).toEqual(page);
  expect(nginxHeaders(HOST_FILES.nginxAdminHeaders)).toEqual(admin);

  const served = await fetch(`${site.url}/admin/`);
  expect(served.status).toBe(200);
  expect(served.headers.get("content-security-policy")).toBe(admin["Content-Security-Policy"]);
  expect((await fetch(`${site.url}/`)).headers.get("content-security-policy")).toBe(page["Content-Security-Policy"]);
});
