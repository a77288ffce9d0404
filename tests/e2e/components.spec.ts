/**
 * Components in Markdown, built by the real build from temporary content (the real site has no video: a
 * video needs a real still) and served by the real server: every component passes the build's html-validate;
 * a video page requests nothing from another origin until its play button is clicked, then exactly the
 * player's privacy-enhanced origin (answered here, so nothing leaves the machine); only that page's policy
 * allows it as a frame; and the language switch reloads rather than swaps where the policy differs.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { axeOn } from "./axe.ts";
import { enhanced } from "./fixtures.ts";
import { expect, type Page, test } from "@playwright/test";
import { LANG_SWITCH_SELECTOR } from "../../src/shared/page-markup.ts";
import { HOST_FILES } from "../../src/host/policy.ts";
import { build } from "../../src/pipeline/index.ts";
import { startStaticServer, urlOf } from "../../src/server/static-server.ts";

const PLAYER = "https://www.youtube-nocookie.com";
const VIDEO = '::video{provider=youtube id=dQw4w9WgXcQ poster=./poster.png title="What a RAG agent does"}';
const page = (title: string, body: string) =>
  `---\ntitle: ${title}\ndescription: A page with components.\ndate: 2026-11-20\n---\n\n${body}\n`;
const EVERY_COMPONENT = [
  "Intro at 10:30, Note:this stays text.",
  "::cta[Book a call]{to=booking}",
  '::cta[Write to us]{to="#contact"}',
  ":::callout{type=note}\nA note with **bold** text.\n:::",
  ":::callout{type=tip}\nStart with one process.\n\n::cta[Read the RAG article]{to=insights/rag-agents}\n:::",
  ":::callout{type=warning}\nNumbers from the ERP stay outside.\n:::",
  ":::figure\n![The agent answers with sources](./poster.png)\nThe agent *cites* its sources.\n:::",
  VIDEO,
  "## After the video\n\nMore text.",
].join("\n\n");

let work = "";
let server: Server | undefined;
let origin = "";
let dist = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  work = mkdtempSync(join(tmpdir(), "components-"));
  const content = join(work, "content");
  const { cpSync } = await import("node:fs");
  cpSync("content", content, { recursive: true });
  for (const lang of ["en", "de"]) {
    const folder = join(content, lang, "pages", "insights");
    copyFileSync("content/en/pages/insights/rag-agent.png", join(folder, "poster.png"));
    writeFileSync(join(folder, "components.md"), page("Components", EVERY_COMPONENT));
    // A video in English only: the language switch crosses from a page with a frame policy to one without.
    writeFileSync(
      join(folder, "clip.md"),
      page("Clip", lang === "en" ? `Watch it.\n\n${VIDEO}` : "Nur Text, kein Video."),
    );
  }
  dist = join(work, "dist");
  await build({ contentDir: content, outDir: dist, validationCache: false });
  server = await startStaticServer({ dir: dist, port: 0 });
  origin = urlOf(server);
});

test.afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  rmSync(work, { recursive: true, force: true });
});

/** Records every request the page makes; the player's origin is answered with a stand-in page, anything else foreign is blocked. */
async function watch(tab: Page): Promise<{ foreign: string[]; violations: string[] }> {
  const seen = { foreign: [] as string[], violations: [] as string[] };
  tab.on("request", (request) => {
    if (!request.url().startsWith(origin) && !request.url().startsWith("data:")) seen.foreign.push(request.url());
  });
  tab.on("console", (message) => {
    if (/Content Security Policy|Refused to frame/i.test(message.text())) seen.violations.push(message.text());
  });
  await tab.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith(`${PLAYER}/`))
      return route.fulfill({
        status: 200,
        contentType: "text/html",
        body: "<!doctype html><title>Player</title><p>The player</p>",
      });
    if (url.startsWith(origin) || url.startsWith("data:")) return route.continue();
    return route.abort("blockedbyclient");
  });
  return seen;
}

const marked = (tab: Page) => tab.evaluate(() => Object.assign(window, { __marker: 1 }) && undefined);
const marker = (tab: Page) => tab.evaluate(() => (window as Window & { __marker?: number }).__marker);

test("every component builds into pages that pass the build's html-validate, in both languages", async ({
  page: tab,
}) => {
  for (const path of ["/insights/components", "/de/einblicke/components"]) {
    const response = await tab.goto(`${origin}${path}`);
    expect(response?.status()).toBe(200);
    const prose = tab.locator(".prose");
    await expect(prose.locator("p.cta a.button")).toHaveCount(3);
    await expect(prose.locator(".callout")).toHaveCount(3);
    await expect(prose.locator("figure.figure picture img")).toHaveCount(1);
    await expect(prose.locator("figure.figure figcaption")).toHaveText("The agent cites its sources.");
    await expect(prose.locator("figure.video .video-frame picture img")).toHaveCount(1);
    await expect(prose.getByText("Intro at 10:30, Note:this stays text.")).toHaveCount(1);
  }
  await expect(tab.locator(".callout-note .callout-title")).toHaveText("Hinweis");
  await expect(tab.locator('a.button[href="/de/einblicke/rag-agenten"]')).toHaveText("Read the RAG article");
});

test("every component is accessible (axe-core, WCAG 2.2 AA: the callouts' colours on their tints included), at 1280 and 320 px", async ({
  page: tab,
}) => {
  for (const width of [1280, 320]) {
    await tab.setViewportSize({ width, height: 800 });
    await tab.goto(`${origin}/de/einblicke/components`);
    const results = await axeOn(tab).analyze();
    expect(results.passes.length).toBeGreaterThan(10);
    expect(
      results.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
      ),
    ).toEqual([]);
  }
});

test("a video page requests nothing from another origin before the click, and exactly the player's origin after it", async ({
  page: tab,
}) => {
  const seen = await watch(tab);
  await tab.goto(`${origin}/insights/components`);
  const play = tab.getByRole("link", { name: "Play video: What a RAG agent does" });
  await play.scrollIntoViewIfNeeded();
  await expect(tab.locator("figure.video img")).toHaveJSProperty("complete", true);
  await tab.waitForLoadState("networkidle");
  expect(seen.foreign).toEqual([]);
  await expect(play).toHaveAttribute("href", "https://www.youtube.com/watch?v=dQw4w9WgXcQ");

  await play.click();
  const player = tab.locator("figure.video iframe");
  await expect(player).toHaveAttribute("src", `${PLAYER}/embed/dQw4w9WgXcQ?autoplay=1`);
  await expect(player).toHaveAttribute("title", "What a RAG agent does");
  await expect(player).toHaveAttribute("referrerpolicy", "strict-origin-when-cross-origin");
  await expect(tab.frameLocator("figure.video iframe").getByText("The player")).toBeVisible();
  await expect(tab.locator("figure.video img")).toHaveCount(0);
  expect([...new Set(seen.foreign.map((url) => new URL(url).origin))]).toEqual([PLAYER]);
  expect(seen.violations).toEqual([]);
});

test("only a page with a video allows a frame, and only the player's origin; every other page keeps the site's policy", async ({
  request,
}) => {
  const policy = async (path: string) =>
    (await request.get(`${origin}${path}`)).headers()["content-security-policy"] ?? "";
  const site = await policy("/");
  expect(site).not.toContain("frame-src");
  const video = await policy("/insights/components");
  expect(video.match(/frame-src [^;]*/g)).toEqual([`frame-src ${PLAYER}`]);
  // Apart from that one directive, the video page's policy is the site's, byte for byte.
  expect(video.replace(`; frame-src ${PLAYER}`, "")).toBe(site);
  for (const path of ["/datenschutz", "/insights/rag-agents", "/de/einblicke/clip", "/impressum", "/de/", "/insights"])
    expect(await policy(path), path).toBe(site);
  expect(await policy("/de/einblicke/components")).toBe(video);
  // The page's file answers with the page's own policy too (issue 29), or its video could not play there.
  expect(await policy("/insights/components.html")).toBe(video);
  const nginx = readFileSync(join(dist, HOST_FILES.nginxFramedPages), "utf8");
  expect([...nginx.matchAll(/^location = (\S+) \{$/gm)].map((match) => match[1]).sort()).toEqual([
    "/de/einblicke/components",
    "/de/einblicke/components.html",
    "/insights/clip",
    "/insights/clip.html",
    "/insights/components",
    "/insights/components.html",
  ]);
  expect(nginx.match(/frame-src [^;]*/g)).toEqual(Array(6).fill(`frame-src ${PLAYER}`));
});

test("the language switch swaps in place between two video pages, and loads the page anew where the policy differs", async ({
  page: tab,
}) => {
  const seen = await watch(tab);
  await tab.goto(`${origin}/insights/components`);
  // The switch swaps in place once the loader's module has come; before that it is a plain link.
  await enhanced(tab);
  await marked(tab);
  await tab.locator(LANG_SWITCH_SELECTOR).click();
  await expect(tab).toHaveURL(`${origin}/de/einblicke/components`);
  expect(await marker(tab), "same policy: swapped in place").toBe(1);
  // A click before the player's handler has arrived would follow the link to the host's site (as without JavaScript).
  await tab.waitForLoadState("networkidle");
  await tab.getByRole("link", { name: "Video abspielen: What a RAG agent does" }).click();
  await expect(tab.locator("figure.video iframe")).toHaveAttribute("src", `${PLAYER}/embed/dQw4w9WgXcQ?autoplay=1`);

  // English has a video, German not: each way is a real load, so the page gets its own policy.
  await tab.goto(`${origin}/insights/clip`);
  await marked(tab);
  await tab.locator(LANG_SWITCH_SELECTOR).click();
  await expect(tab).toHaveURL(`${origin}/de/einblicke/clip`);
  await expect(tab.getByText("Nur Text, kein Video.")).toBeVisible();
  expect(await marker(tab), "another policy: a real load").toBeUndefined();
  await marked(tab);
  await tab.locator(LANG_SWITCH_SELECTOR).click();
  await expect(tab).toHaveURL(`${origin}/insights/clip`);
  expect(await marker(tab), "another policy: a real load").toBeUndefined();
  await tab.waitForLoadState("networkidle");
  await tab.getByRole("link", { name: "Play video: What a RAG agent does" }).click();
  await expect(tab.frameLocator("figure.video iframe").getByText("The player")).toBeVisible();
  // Back to German by the browser's history: no swap into a page whose policy differs either.
  await marked(tab);
  await tab.goBack();
  await expect(tab.getByText("Nur Text, kein Video.")).toBeVisible();
  expect(await marker(tab), "back into another policy: a real load").toBeUndefined();
  expect(seen.violations).toEqual([]);
});

test("without JavaScript the play button is a plain link to the video on the host's site", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const tab = await context.newPage();
  const seen = await watch(tab);
  await tab.goto(`${origin}/insights/components`);
  const play = tab.getByRole("link", { name: "Play video: What a RAG agent does" });
  expect(seen.foreign).toEqual([]);
  const leaving = tab.waitForRequest((request) => !request.url().startsWith(origin));
  await play.click({ noWaitAfter: true });
  expect((await leaving).url()).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
  expect(seen.foreign).toEqual(["https://www.youtube.com/watch?v=dQw4w9WgXcQ"]);
  await context.close();
});
