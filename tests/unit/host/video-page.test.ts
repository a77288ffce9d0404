/**
 * Issue 35: a page with a video is sent one Content-Security-Policy, its own, which lets the player's origin
 * into a frame; every other page's policy keeps frames out. Built from temporary content by the real build and
 * served by the real server, which reads _headers as Cloudflare Pages does: a video page's block without its
 * "! Content-Security-Policy" line would send both policies, and the site's would block the player after the
 * click. And every built file gets the same headers under Netlify's reading of the file as under Cloudflare's.
 */
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { HEADERS_READINGS, headersFor, parseHeadersFile } from "../../../src/host/headers-file.ts";
import { copyOfContent } from "../../support/content.ts";
import { send } from "../server/raw-http.ts";
import { serveBuiltSite } from "../server/built-site.ts";
import { TEST_VALIDATION_CACHE } from "../validation-cache.ts";

const PLAYER = "https://www.youtube-nocookie.com";
const VIDEO = '::video{provider=youtube id=dQw4w9WgXcQ poster=./poster.png title="What a RAG agent does"}';

const copy = copyOfContent();
let site: Awaited<ReturnType<typeof serveBuiltSite>> | undefined;
beforeAll(async () => {
  for (const lang of ["en", "de"]) {
    const folder = join(copy.dir, lang, "pages", "insights");
    copyFileSync(join(folder, lang === "en" ? "rag-agent.png" : "rag-agent-de.png"), join(folder, "poster.png"));
    const slug = lang === "de" ? "slug: clip\n" : "";
    writeFileSync(
      join(folder, "clip.md"),
      `---\ntitle: Clip\ndescription: A page with a video.\n${slug}date: 2026-11-20\n---\n\nWatch it.\n\n${VIDEO}\n`,
    );
  }
  site = await serveBuiltSite({ contentDir: copy.dir, validationCache: TEST_VALIDATION_CACHE });
}, 120_000);
afterAll(async () => {
  await site?.close();
  copy.cleanup();
});

/**
 * Whether a browser enforcing every policy of a Content-Security-Policy header (comma-separated, each enforced)
 * lets `origin` into a frame: frame-src, else child-src, else default-src decides (CSP Level 3).
 */
function framesAllowed(header: string, origin: string): boolean {
  return header.split(",").every((policy) => {
    const directives = new Map(
      policy
        .split(";")
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name = "", ...sources]) => [name.toLowerCase(), sources] as const),
    );
    const sources = directives.get("frame-src") ?? directives.get("child-src") ?? directives.get("default-src");
    return sources === undefined || sources.includes(origin) || sources.includes("*");
  });
}

it("the video page is sent one policy, and it lets the player into a frame, in both languages", async () => {
  for (const path of ["/insights/clip", "/de/einblicke/clip"]) {
    const answer = await send(site?.url ?? "", path);
    expect(answer.status, path).toBe(200);
    const policy = answer.headers["content-security-policy"] ?? "";
    expect(policy.split(","), `${path}: ${policy}`).toHaveLength(1);
    expect(framesAllowed(policy, PLAYER), `${path}: ${policy}`).toBe(true);
  }
});

it("every other page, and the video page's own address spelt otherwise, keeps frames out", async () => {
  for (const path of ["/insights/rag-agents", "/", "/de/", "/insights", "/no-such-page"]) {
    const policy = (await send(site?.url ?? "", path)).headers["content-security-policy"] ?? "";
    expect(policy.split(","), `${path}: ${policy}`).toHaveLength(1);
    expect(framesAllowed(policy, PLAYER), `${path}: ${policy}`).toBe(false);
  }
});

it("every file the build wrote gets the same headers under Cloudflare Pages' reading of _headers as under Netlify's", () => {
  const dist = site?.dist ?? "";
  const rules = parseHeadersFile(readFileSync(join(dist, "_headers"), "utf8"));
  const files = readdirSync(dist, { recursive: true })
    .map((file) => `/${String(file)}`)
    .filter((file) => !file.startsWith("/_"));
  // Pages are asked for without .html (clean URLs), as the hosts match their rules against the address.
  const paths = [...files, ...files.filter((file) => file.endsWith(".html")).map((file) => file.slice(0, -5))];
  expect(paths).toContain("/insights/clip");
  expect(paths).toContain("/admin/index.html");
  for (const path of paths) {
    // The order of a response's headers means nothing; a name in two spellings would be two keys here too.
    const [cloudflare, netlify] = HEADERS_READINGS.map((reading) =>
      Object.fromEntries(headersFor(rules, path, reading)),
    );
    expect(netlify, path).toEqual(cloudflare);
  }
});
