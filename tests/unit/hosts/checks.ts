import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { headersFor, parseHeadersFile } from "../../../src/host/headers-file.ts";
import { apiHeaders, HOST_FILES } from "../../../src/host/policy.ts";
import { API_CACHE } from "../../../src/receiver/api-headers.ts";
import { type Answer, send } from "../server/raw-http.ts";
import { type BuiltSite, builtSite } from "./site.ts";

/** The hosts that serve the build in these tests, as docs/deploying.md's table of host differences names them. */
export type HostName = "npm run serve" | "nginx" | "wrangler pages dev" | "netlify dev";

/** What a check is given: the host's address and the build it serves. */
interface Context {
  url: string;
  site: BuiltSite;
  /** The headers the built _headers gives a path, as Cloudflare Pages reads it (src/host/headers-file.ts). */
  headersOf(path: string): [string, string][];
}

/** One check of the table: what every host must do; it returns what it found wrong, one line each. */
interface Check {
  title: string;
  run(context: Context): Promise<string[]>;
}

/** Headers that say how the body is read and kept, not what the policy asks of every answer. */
const NOT_POLICY = new Set(["content-type", "cache-control"]);

/** A browser asks again before it reuses the answer (no-cache, no-store, or max-age=0 with revalidation). */
const REVALIDATES = /\bno-cache\b|\bno-store\b|\bmax-age=0\b/;
/** A hashed file, kept a year and never asked for again (and not two values joined, one of which revalidates). */
const IMMUTABLE = /^(?!.*(no-cache|no-store|max-age=0\b))(?=.*\bmax-age=31536000\b)(?=.*\bimmutable\b)/;

const get = (context: Context, path: string) => send(context.url, path);

/** The path and query a redirect leads to, however the host spells Location (absolute or not). */
const locationOf = (answer: Answer, context: Context) => {
  const location = answer.headers.location;
  if (!location) return undefined;
  const url = new URL(location, context.url);
  return url.pathname + url.search;
};

/** The paths of one kind of answer, and the path whose block of _headers says what they get. */
interface Kind {
  name: string;
  paths(site: BuiltSite): string[];
  /** The Cache-Control it needs. */
  cache: RegExp;
  status: number;
}

const KINDS: Kind[] = [
  { name: "page", paths: (site) => site.pages, cache: REVALIDATES, status: 200 },
  { name: "asset", paths: (site) => [site.asset], cache: IMMUTABLE, status: 200 },
  { name: "search shard", paths: (site) => site.searchShards, cache: IMMUTABLE, status: 200 },
  { name: "search manifest", paths: (site) => site.searchManifests, cache: REVALIDATES, status: 200 },
  { name: "feed", paths: (site) => site.feeds, cache: REVALIDATES, status: 200 },
  { name: "sitemap", paths: () => ["/sitemap.xml"], cache: REVALIDATES, status: 200 },
  {
    name: "404",
    paths: (site) => site.languages.map(({ prefix }) => `${prefix}/no-such-page`),
    cache: REVALIDATES,
    status: 404,
  },
  { name: "admin", paths: () => ["/admin/"], cache: REVALIDATES, status: 200 },
];

/** The block of _headers whose headers an answer to `path` of this kind carries (a 404 carries the 404 page's). */
const headersPath = (kind: Kind, path: string) => (kind.status === 404 ? "/404.html" : path);

/** The misses under a language that must get its own 404 page, with status 404. */
const missesUnder = (prefix: string) => [
  `${prefix}/no-such-page`,
  `${prefix}/no-such-folder/`,
  `${prefix}/no-such-feed.xml`,
  `${prefix}/no-such-icon.ico`,
  `${prefix}/404`,
];

/**
 * THE table: what every host does with the same build. A host where one of these fails has a bug, unless the
 * difference is listed in HOST_DIFFERENCES (and so in docs/deploying.md).
 */
export const CHECKS: Check[] = [
  {
    title: "every page in the sitemap answers 200",
    async run(context) {
      const wrong: string[] = [];
      for (const path of context.site.pages) {
        const { status } = await get(context, path);
        if (status !== 200) wrong.push(`${path}: ${status}`);
      }
      return context.site.pages.length > 0 ? wrong : ["the sitemap lists no page"];
    },
  },
  ...KINDS.map(
    (kind): Check => ({
      title: `every header of the host policy on a ${kind.name} (status ${kind.status})`,
      async run(context) {
        const wrong: string[] = [];
        for (const path of kind.paths(context.site)) {
          const answer = await get(context, path);
          if (answer.status !== kind.status) wrong.push(`${path}: status ${answer.status}`);
          for (const [name, value] of context.headersOf(headersPath(kind, path))) {
            if (NOT_POLICY.has(name.toLowerCase())) continue;
            const sent = answer.headers[name.toLowerCase()];
            if (sent !== value) wrong.push(`${path}: ${name} is ${sent === undefined ? "missing" : `"${sent}"`}`);
          }
        }
        return wrong;
      },
    }),
  ),
  ...KINDS.map(
    (kind): Check => ({
      title: `Cache-Control on a ${kind.name}: ${kind.cache === IMMUTABLE ? "kept a year, immutable" : "revalidated"}`,
      async run(context) {
        const wrong: string[] = [];
        for (const path of kind.paths(context.site)) {
          const sent = (await get(context, path)).headers["cache-control"];
          if (!sent || !kind.cache.test(sent)) wrong.push(`${path}: Cache-Control ${sent ?? "missing"}`);
        }
        return wrong;
      },
    }),
  ),
  ...[
    { title: "every alias answers 301 to its page, with or without a trailing slash, the query kept", encoded: false },
    { title: "an alias written %-encoded (a letter such as ü) answers 301 to its page, as the others", encoded: true },
  ].map(
    ({ title, encoded }): Check => ({
      title,
      async run(context) {
        const wrong: string[] = [];
        const aliases = context.site.aliases.filter(({ from }) => from.includes("%") === encoded);
        if (aliases.length === 0) return ["the test's site has no such alias"];
        for (const { from, to } of aliases) {
          for (const path of [`${from}?utm=1`, `${from}/?utm=1`]) {
            const answer = await get(context, path);
            const location = locationOf(answer, context);
            if (answer.status !== 301 || location !== `${to}?utm=1`)
              wrong.push(`${path}: ${answer.status} ${location ?? "(no Location)"}`);
          }
        }
        return wrong;
      },
    }),
  ),
  ...["en", "de"].map(
    (code): Check => ({
      title: `each language's misses get its own 404 page with status 404: ${code}`,
      async run(context) {
        const language = context.site.languages.find((candidate) => candidate.code === code);
        if (!language) return [`site.yaml has no language ${code}`];
        const wrong: string[] = [];
        for (const path of missesUnder(language.prefix)) {
          const answer = await get(context, path);
          const lang = /<html[^>]* lang="([^"]+)"/.exec(answer.body.toString())?.[1];
          if (answer.status !== 404 || lang !== code) wrong.push(`${path}: ${answer.status}, lang ${lang ?? "none"}`);
        }
        return wrong;
      },
    }),
  ),
  {
    title: "a 404 page is never a page with status 200",
    async run(context) {
      const wrong: string[] = [];
      for (const { prefix } of context.site.languages) {
        for (const path of [`${prefix}/404`, `${prefix}/404.html`, `${prefix}/404/`]) {
          const { status } = await get(context, path);
          if (status === 200) wrong.push(`${path}: 200`);
        }
      }
      return wrong;
    },
  },
  {
    title: "a language's home without its slash redirects to it (/de to /de/)",
    async run(context) {
      const wrong: string[] = [];
      for (const { prefix } of context.site.languages.filter(({ prefix }) => prefix !== "")) {
        const answer = await get(context, prefix);
        const location = locationOf(answer, context);
        if (![301, 308].includes(answer.status) || location !== `${prefix}/`)
          wrong.push(`${prefix}: ${answer.status} ${location ?? "(no Location)"}`);
      }
      return wrong;
    },
  },
  {
    title: "/admin redirects to the editor at /admin/",
    async run(context) {
      const answer = await get(context, "/admin");
      const location = locationOf(answer, context);
      return [301, 308].includes(answer.status) && location === "/admin/"
        ? []
        : [`/admin: ${answer.status} ${location ?? "(no Location)"}`];
    },
  },
  {
    title: "the host files and the 404 pages are never served, however the address spells them",
    async run(context) {
      const wrong: string[] = [];
      const spellings = [
        ...Object.values(HOST_FILES).flatMap((file) => [`//${file}`, `/de/..%2f${file}`, `/de/%2e%2e/${file}`]),
        `/%5f${HOST_FILES.headers.slice(1)}`,
        "//404.html",
        "/de/404.html/",
        "/de/404.html.gz",
      ];
      for (const path of spellings) {
        const { status, body } = await get(context, path);
        if (status < 300 || status >= 500) wrong.push(`${path}: ${status}`);
        if (body.toString().includes(context.site.dist)) wrong.push(`${path}: names the server's folder`);
      }
      return wrong;
    },
  },
  {
    title: "a method other than GET and HEAD answers 405 with Allow: GET, HEAD",
    async run(context) {
      const wrong: string[] = [];
      for (const [method, path] of [
        ["POST", "/"],
        ["PUT", context.site.pages.at(-1) ?? "/"],
        ["DELETE", "/sitemap.xml"],
      ] as const) {
        const answer = await send(context.url, path, { method });
        if (answer.status !== 405 || answer.headers.allow !== "GET, HEAD")
          wrong.push(`${method} ${path}: ${answer.status}, Allow ${answer.headers.allow ?? "missing"}`);
      }
      return wrong;
    },
  },
  {
    title: "the feeds and the sitemap are sent compressed to a browser that accepts gzip",
    async run(context) {
      const wrong: string[] = [];
      for (const path of [...context.site.feeds, "/sitemap.xml"]) {
        const answer = await send(context.url, path, { headers: { "accept-encoding": "gzip" } });
        if (answer.headers["content-encoding"] !== "gzip")
          wrong.push(`${path}: Content-Encoding ${answer.headers["content-encoding"] ?? "none"}`);
      }
      return wrong;
    },
  },
  {
    title:
      "/api/contact answers with the same headers on every host: the security headers, a policy that loads nothing, one Cache-Control: no-store",
    async run(context) {
      const wrong: string[] = [];
      const expected = { ...apiHeaders(), "Cache-Control": API_CACHE };
      // The fill token (GET) and a message from another site (403): both come from the receiver itself.
      const answers = {
        "GET /api/contact": await get(context, "/api/contact"),
        "POST /api/contact from another site": await send(context.url, "/api/contact", {
          method: "POST",
          headers: { origin: "https://evil.example", "content-type": "application/json", "content-length": "0" },
        }),
      };
      for (const [what, answer] of Object.entries(answers)) {
        if (answer.status !== (what.startsWith("GET") ? 200 : 403)) wrong.push(`${what}: status ${answer.status}`);
        // Node joins a header sent twice with ", ": two Cache-Control headers or two policies show as a wrong value.
        for (const [name, value] of Object.entries(expected)) {
          const sent = answer.headers[name.toLowerCase()];
          if (sent !== value) wrong.push(`${what}: ${name} is ${sent === undefined ? "missing" : `"${sent}"`}`);
        }
      }
      return wrong;
    },
  },
  {
    title: "the host files are never served",
    async run(context) {
      const wrong: string[] = [];
      for (const file of Object.values(HOST_FILES)) {
        const { status } = await get(context, `/${file}`);
        if (status < 300 || status >= 500) wrong.push(`/${file}: ${status}`);
      }
      return wrong;
    },
  },
];

/**
 * Where an emulator does what the host it stands for would not, or a host cannot do what the table asks: each row
 * is in docs/deploying.md's table of host differences, word for word (differences.test.ts), and its check is
 * expected to fail on that host, so that a row nobody needs any more shows up.
 */
export const HOST_DIFFERENCES: { host: HostName; check: string; why: string }[] = [
  {
    host: "wrangler pages dev",
    check: "the host files and the 404 pages are never served, however the address spells them",
    why: "its asset server answers //_headers, /%5fheaders and /de/404.html/ with 502 and an error naming its folder, and serves //_nginx-*.conf and /de/..%2f_nginx-*.conf with 200 (their paths miss _routes.json's /_*); not checked on Cloudflare Pages itself (no account in these tests)",
  },
  {
    host: "wrangler pages dev",
    check: "a method other than GET and HEAD answers 405 with Allow: GET, HEAD",
    why: "its asset server answers 405 without Allow, and _routes.json sends only the addresses the Function owns to the Function",
  },
  {
    host: "wrangler pages dev",
    check: "the feeds and the sitemap are sent compressed to a browser that accepts gzip",
    why: "it sends the feeds (application/atom+xml) uncompressed; Cloudflare's edge compresses by its own list of types",
  },
  {
    host: "netlify dev",
    check: "an alias written %-encoded (a letter such as ü) answers 301 to its page, as the others",
    why: "it compares the decoded request with the encoded rule and answers 404; nginx, wrangler and our server redirect; not checked on Netlify itself",
  },
  {
    host: "netlify dev",
    check: "the host files and the 404 pages are never served, however the address spells them",
    why: "its static server serves //_headers, //_redirects, //_nginx-*.conf, /de/..%2f_headers and //404.html with 200: netlify.toml's forced rules match the path as written, and no rule catches these spellings (a rule from //_* or //404.html is read as a domain rule and made / answer 404; one from /de/..%2f_* matches nothing); an Edge Function on every path could, at one invocation per request, and is not built; not checked on Netlify itself (no account in these tests)",
  },
  {
    host: "netlify dev",
    check: "a method other than GET and HEAD answers 405 with Allow: GET, HEAD",
    why: "it answers 405 without Allow",
  },
  {
    host: "netlify dev",
    check: "the feeds and the sitemap are sent compressed to a browser that accepts gzip",
    why: "its static server compresses nothing; Netlify's CDN compresses text itself",
  },
  {
    host: "netlify dev",
    check: "Cache-Control on a asset: kept a year, immutable",
    why: "its static server sends its own public, max-age=0 in place of _headers' Cache-Control; Netlify itself applies it",
  },
  {
    host: "netlify dev",
    check: "Cache-Control on a search shard: kept a year, immutable",
    why: "its static server sends its own public, max-age=0 in place of _headers' Cache-Control; Netlify itself applies it",
  },
  {
    host: "netlify dev",
    check: "a language's home without its slash redirects to it (/de to /de/)",
    why: "it serves de/index.html at /de with 200; Netlify's pretty URLs redirect /de to /de/",
  },
  {
    host: "netlify dev",
    check: "/admin redirects to the editor at /admin/",
    why: "it serves admin/index.html at /admin with 200; Netlify's pretty URLs redirect /admin to /admin/",
  },
];

/**
 * A check sends a few dozen requests one after another, and an emulator's function compiles on its first: generous
 * for a machine whose two cores are busy with other work (a request then takes seconds, not milliseconds).
 */
export const HOST_TEST_TIMEOUT = 180_000;

/** The checks a host must pass, and the ones it is documented to fail. */
export function hostSuite(
  host: HostName,
  start: (site: BuiltSite) => Promise<{ url: string; stop(): Promise<void> }>,
  skipped?: string,
  /** The host's own tests, on the same running server (its address from `url()`). */
  more?: (url: () => string) => void,
): void {
  if (skipped) console.log(`skipped: the ${host} tests, since ${skipped}`);
  describe.skipIf(skipped !== undefined)(`served by ${host}`, () => {
    let context: Context | undefined;
    let server: { url: string; stop(): Promise<void> } | undefined;
    beforeAll(async () => {
      const site = await builtSite();
      server = await start(site);
      const rules = parseHeadersFile(readFileSync(join(site.dist, HOST_FILES.headers), "utf8"));
      context = { url: server.url, site, headersOf: (path) => headersFor(rules, path) };
    }, 600_000);
    afterAll(() => server?.stop());
    for (const check of CHECKS) {
      const difference = HOST_DIFFERENCES.find((row) => row.host === host && row.check === check.title);
      it(
        difference ? `${check.title} (a documented host difference: ${difference.why})` : check.title,
        async () => {
          if (!context) throw new Error("test setup: the host did not start");
          const wrong = await check.run(context);
          if (difference) expect(wrong, "documented as a host difference, yet it passes").not.toEqual([]);
          else expect(wrong).toEqual([]);
        },
        HOST_TEST_TIMEOUT,
      );
    }
    more?.(() => {
      if (!server) throw new Error("test setup: the host did not start");
      return server.url;
    });
  });
}
