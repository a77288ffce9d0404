import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { expect, type Route, test } from "@playwright/test";
import { DEV_EVENTS_PATH, DEV_LOADED_PATH, DEV_OUT_DIR } from "../../src/dev/browser/protocol.ts";
import { ENHANCED_ATTRIBUTE, LANG_SWITCH_SELECTOR, PAGE_HEAD_SELECTOR } from "../../src/shared/page-markup.ts";
import { startDevServer } from "../../src/dev/server.ts";
import { SEARCH_INDEX } from "../../src/search/browser/paths.ts";

// npm run dev on a temporary copy of the site: edits go to the copy, never to the real content/.
test.describe("the dev server", () => {
  test.describe.configure({ mode: "serial", timeout: 240_000 });
  let site = "";
  let dev: Awaited<ReturnType<typeof startDevServer>>;
  const log: string[] = [];
  /** Called with each terminal line as it is printed, for a test that must act at that very moment. */
  let onLog: ((line: string) => void) | undefined;
  const edit = (file: string, change: (text: string) => string) => {
    const path = join(site, file);
    writeFileSync(path, change(readFileSync(path, "utf8")));
  };
  const setHeadline = (word: string) =>
    edit("content/en/home.yaml", (text) =>
      text.replace(/headline: \w+ into the Future/, `headline: ${word} into the Future`),
    );

  test.beforeAll(async () => {
    site = mkdtempSync(join(tmpdir(), "dev-site-"));
    for (const entry of ["content", "src", "tsconfig.json", "package.json"])
      cpSync(entry, join(site, entry), { recursive: true });
    symlinkSync(resolve("node_modules"), join(site, "node_modules"));
    dev = await startDevServer({
      cwd: site,
      port: 0,
      log: (line) => {
        log.push(line);
        onLog?.(line);
      },
    });
  });

  test.afterAll(async () => {
    await dev?.close();
    rmSync(site, { recursive: true, force: true });
  });

  const shownLines = () => log.filter((line) => line.includes("page shown"));

  test("a saved copy change reloads the open page with the contact form, which works, and the time is printed", async ({
    page,
  }) => {
    await page.goto(`${dev.url}/`);
    await expect(page.locator("h1")).toHaveText("Leap into the Future with AI that Works for Your Business");
    edit("content/en/home.yaml", (text) =>
      text.replace("headline: Leap into the Future", "headline: Jump into the Future"),
    );
    await expect(page.locator("h1")).toHaveText("Jump into the Future with AI that Works for Your Business", {
      timeout: 60_000,
    });
    expect(log.join("\n")).toMatch(/rebuilt \(content change\) in \d+ ms: .*bundle reused/);
    // The form island's page is reloaded, never swapped (its script binds to the form as it loads); the reloaded
    // tab reports once it has loaded: one line, timed from the save.
    await expect.poll(() => shownLines().length, { timeout: 30_000 }).toBe(1);
    expect(shownLines()[0]).toMatch(/^ {2}page shown \d+ ms after the save \(reloaded\)$/);
    await page.locator("#contact").scrollIntoViewIfNeeded();
    await expect(page.locator('#contact-form-island button[type="submit"]')).toBeEnabled();
  });

  test("a tab whose build stream opens only after a rebuild still gets the page of that rebuild", async ({ page }) => {
    // The page is served, then its stream is held until a save has been rebuilt: the first build the tab hears of
    // is newer than its page.
    const rebuilds = () => log.filter((line) => line.startsWith("✓ rebuilt")).length;
    let before = rebuilds();
    setHeadline("Spring");
    await expect.poll(rebuilds, { timeout: 60_000 }).toBe(before + 1);
    // The reloaded page's stream is let through.
    const held: Route[] = [];
    await page.route(`**${DEV_EVENTS_PATH}`, (route) => (held.push(route) > 1 ? route.continue() : undefined));
    await page.goto(`${dev.url}/`);
    await expect(page.locator("h1")).toHaveText("Spring into the Future with AI that Works for Your Business");
    await expect.poll(() => held.length).toBe(1);
    before = rebuilds();
    setHeadline("Bound");
    await expect.poll(rebuilds, { timeout: 60_000 }).toBe(before + 1);
    await expect(page.locator("h1")).toHaveText("Spring into the Future with AI that Works for Your Business");
    await held[0]?.continue();
    await expect(page.locator("h1")).toHaveText("Bound into the Future with AI that Works for Your Business", {
      timeout: 30_000,
    });
  });

  test("a change to an article's text is swapped into the open page in place: as a fresh load shows it, at the same scroll position, its language switch still working", async ({
    page,
  }) => {
    const path = "/insights/rag-agents";
    const listening = page.waitForResponse((response) => response.url().includes(DEV_EVENTS_PATH));
    await page.goto(`${dev.url}${path}`);
    await listening;
    await page.locator(`html[${ENHANCED_ATTRIBUTE}]`).waitFor({ state: "attached" });
    await page.evaluate(() => {
      window.scrollTo({ top: 700, behavior: "instant" });
      // Gone if the page reloads.
      (window as { unreloaded?: boolean }).unreloaded = true;
    });
    const before = shownLines().length;
    const token = `Swapped${Date.now().toString(36)}`;
    edit("content/en/pages/insights/rag-agents.md", (text) =>
      text
        .replace("title: What a RAG agent can and cannot do", "title: What a RAG agent can do")
        .replace(/\n$/, `\nA sentence added in place: ${token}.\n`),
    );
    await page.waitForFunction(
      (word) => (document.querySelector("main")?.textContent ?? "").replaceAll("\u00ad", "").includes(word),
      token,
      { timeout: 60_000 },
    );
    await expect.poll(() => shownLines().length, { timeout: 30_000 }).toBe(before + 1);
    expect(shownLines().at(-1)).toMatch(/^ {2}page shown \d+ ms after the save \(swapped in place\)$/);
    expect(await page.evaluate(() => (window as { unreloaded?: boolean }).unreloaded)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(700);

    // The same page loaded afresh: the same words, title, language and page-text head elements.
    const fresh = await page.context().newPage();
    await fresh.goto(`${dev.url}${path}`);
    const state = (tab: typeof page) =>
      tab.evaluate((pageHead) => {
        return {
          title: document.title,
          lang: document.documentElement.lang,
          main: document.querySelector("main")?.outerHTML,
          // biome-ignore lint/performance/useDomNodeTextContent: the text as rendered is what the author sees.
          text: document.body.innerText,
          head: [...document.head.querySelectorAll(pageHead)].map((element) => element.outerHTML).sort(),
        };
      }, PAGE_HEAD_SELECTOR);
    const swapped = await state(page);
    expect(swapped.title).toMatch(/^What a RAG agent can do for a mid-sized company/);
    expect(swapped).toEqual(await state(fresh));
    await fresh.close();

    // The header's language switch, bound when the page loaded, still swaps to the German page.
    await page.locator(LANG_SWITCH_SELECTOR).first().click();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    expect(await page.evaluate(() => (window as { unreloaded?: boolean }).unreloaded)).toBe(true);
  });

  test("a one-page save's search text is written only once the reloaded tab has loaded the page", async ({ page }) => {
    // The tab's report that it has loaded is held back: until it arrives, the search write must not compete with
    // the reload for the cores.
    const held: Route[] = [];
    await page.route(`**${DEV_LOADED_PATH}*`, (route) => void held.push(route));
    // The save comes once the tab listens for builds: a build that finds no tab connected waits for no report.
    const listening = page.waitForResponse((response) => response.url().includes(DEV_EVENTS_PATH));
    await page.goto(`${dev.url}/insights/rag-agents`);
    await listening;
    const token = `Searchlater${Date.now().toString(36)}`;
    const text = join(site, DEV_OUT_DIR, SEARCH_INDEX.textFile("/insights/rag-agents"));
    edit("content/en/pages/insights/rag-agents.md", (body) => `${body}\nAn added sentence: ${token}.\n`);
    // The word is found by its letters: the build puts soft hyphens into long words.
    await page.waitForFunction(
      (word) => (document.querySelector("main")?.textContent ?? "").replaceAll("\u00ad", "").includes(word),
      token,
      { timeout: 60_000 },
    );
    await expect.poll(() => held.length, { timeout: 30_000 }).toBe(1);
    expect(readFileSync(text, "utf8")).not.toContain(token);
    await held[0]?.continue();
    await expect.poll(() => readFileSync(text, "utf8"), { timeout: 30_000 }).toContain(token);
  });

  test("with no tab open, a save prints only the rebuild; a page opened afterwards is no reload and prints nothing", async ({
    page,
  }) => {
    const reloadLines = () => shownLines().length;
    const rebuilds = () => log.filter((line) => line.startsWith("✓ rebuilt")).length;
    const before = { reloads: reloadLines(), rebuilds: rebuilds() };
    setHeadline("Hop");
    await expect.poll(rebuilds, { timeout: 60_000 }).toBe(before.rebuilds + 1);
    await page.goto(`${dev.url}/`);
    await expect(page.locator("h1")).toHaveText("Hop into the Future with AI that Works for Your Business");
    // A save with the tab open: its reload is the only one reported since the test began.
    setHeadline("Jump");
    await expect(page.locator("h1")).toHaveText("Jump into the Future with AI that Works for Your Business", {
      timeout: 60_000,
    });
    const lastRebuild = () => log.findLastIndex((line) => line.startsWith("✓ rebuilt"));
    await expect
      .poll(() => log.findLastIndex((line) => line.includes("page shown")) > lastRebuild(), { timeout: 30_000 })
      .toBe(true);
    expect(rebuilds()).toBe(before.rebuilds + 2);
    expect(reloadLines()).toBe(before.reloads + 1);
  });

  test("a draft is shown with its marker; a change to one page's text rebuilds that page alone", async ({ page }) => {
    const draft = (title: string, slug = "") =>
      `---\ntitle: ${title}\ndescription: Not yet published.\n${slug}draft: true\n---\n\nFirst version.\n`;
    writeFileSync(join(site, "content/de/pages/preview.md"), draft("Vorschau", "slug: vorschau\n"));
    writeFileSync(join(site, "content/en/pages/preview.md"), draft("Preview"));
    await expect
      .poll(async () => (await page.request.get(`${dev.url}/preview`)).status(), { timeout: 60_000 })
      .toBe(200);
    await page.goto(`${dev.url}/preview`);
    await expect(page.locator(".draft-badge")).toHaveText("Draft – not published");
    await expect(page.getByRole("main")).toContainText("First version.");

    edit("content/en/pages/preview.md", (text) => text.replace("First version.", "Second version."));
    await expect(page.getByRole("main")).toContainText("Second version.", { timeout: 60_000 });
    expect(log.join("\n")).toMatch(
      /rebuilt \(content change\) in \d+ ms: content \d+ ms, one page, render \d+ ms, validate \d+ ms/,
    );
  });

  test("a broken file shows the error in an overlay over the last good page, until it is fixed", async ({ page }) => {
    await page.goto(`${dev.url}/`);
    const headline = await page.locator("h1").textContent();
    edit("content/site.yaml", (text) => text.replace("copyrightYear: 2024", "copyrightYear: [2024"));
    const overlay = page.getByRole("alertdialog", { name: "Build error" });
    await expect(overlay).toBeVisible({ timeout: 60_000 });
    await expect(overlay).toContainText(/content\/site\.yaml:\d+:\d+: invalid YAML/);
    expect(log.join("\n")).toMatch(/✗ Content problems:\n\s+content\/site\.yaml:\d+:\d+: invalid YAML/);
    // The last good build is still what the server serves.
    await expect(page.locator("h1")).toHaveText(headline ?? "");
    expect((await page.request.get(`${dev.url}/`)).status()).toBe(200);

    // A page opened while the error stands shows it too.
    const second = await page.context().newPage();
    await second.goto(`${dev.url}/de/`);
    await expect(second.getByRole("alertdialog", { name: "Build error" })).toBeVisible({ timeout: 60_000 });

    edit("content/site.yaml", (text) => text.replace("copyrightYear: [2024", "copyrightYear: 2024"));
    await expect(overlay).toBeHidden({ timeout: 60_000 });
    await expect(second.getByRole("alertdialog")).toBeHidden({ timeout: 60_000 });
  });

  test("a missing German key is reported with the key and both files", async ({ page }) => {
    await page.goto(`${dev.url}/de/`);
    edit("content/de/form.yaml", (text) => text.replace("submit: Nachricht senden\n", ""));
    const overlay = page.getByRole("alertdialog", { name: "Build error" });
    await expect(overlay).toContainText(
      /content\/de\/form\.yaml:\d+: submit: "submit" is missing here but exists in content\/en\/form\.yaml:\d+/,
      { timeout: 60_000 },
    );
    edit("content/de/form.yaml", (text) =>
      text.replace("sending: Wird gesendet...", "submit: Nachricht senden\nsending: Wird gesendet..."),
    );
    await expect(overlay).toBeHidden({ timeout: 60_000 });
  });

  test("a build worker that dies while idle is replaced and reported in the terminal and the overlay; the next save rebuilds", async ({
    page,
  }) => {
    await page.goto(`${dev.url}/`);
    const killed = dev.workerPid ?? 0;
    expect(killed).toBeGreaterThan(0);
    process.kill(killed, "SIGKILL");
    const overlay = page.getByRole("alertdialog", { name: "Build worker stopped" });
    await expect(overlay).toContainText(
      `The build worker (pid ${killed}) was killed (SIGKILL) while idle. A new one has started`,
      { timeout: 60_000 },
    );
    const replacement = dev.workerPid;
    expect(replacement).not.toBe(killed);
    expect(log.join("\n")).toContain(
      `✗ The build worker (pid ${killed}) was killed (SIGKILL) while idle. A new one has started (pid ${replacement}): save a file to rebuild.`,
    );

    setHeadline("Hop");
    await expect(page.locator("h1")).toHaveText("Hop into the Future with AI that Works for Your Business", {
      timeout: 60_000,
    });
    await expect(overlay).toBeHidden();
  });

  test("a build worker that dies during a build is replaced and reported; the next save rebuilds", async ({ page }) => {
    await page.goto(`${dev.url}/`);
    const killed = dev.workerPid ?? 0;
    // Killed the moment the save is noticed: the dev server has sent the build and waits for its answer.
    onLog = (line) => {
      if (!line.includes("changed")) return;
      onLog = undefined;
      process.kill(killed, "SIGKILL");
    };
    setHeadline("Skip");
    const overlay = page.getByRole("alertdialog", { name: "Build worker stopped" });
    await expect(overlay).toContainText(
      `The build worker (pid ${killed}) was killed (SIGKILL) during a content build. A new one has started`,
      { timeout: 60_000 },
    );
    expect(log.join("\n")).toContain(
      `✗ The build worker (pid ${killed}) was killed (SIGKILL) during a content build. A new one has started (pid ${dev.workerPid})`,
    );
    await expect(page.locator("h1")).toHaveText("Hop into the Future with AI that Works for Your Business");

    setHeadline("Jump");
    await expect(page.locator("h1")).toHaveText("Jump into the Future with AI that Works for Your Business", {
      timeout: 60_000,
    });
    await expect(overlay).toBeHidden();
  });

  test("a request for // or a malformed path is answered, and the dev server keeps serving", async () => {
    // Node's client sends the path exactly as given (fetch and browsers would normalise it first).
    const status = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const { hostname, port } = new URL(dev.url);
        request({ hostname, port, path, agent: false }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        })
          .on("error", reject)
          .end();
      });
    expect(await status("//")).toBe(200);
    expect(await status("/%")).toBe(400);
    expect(await status("/%5fheaders")).toBe(404);
    expect(await status("/")).toBe(200);
  });

  test("the live-reload client exists only in dev output", async () => {
    expect(readFileSync(join(site, ".dev-dist", "index.html"), "utf8")).toContain('src="/__dev/client.js"');
    expect(readFileSync("dist/index.html", "utf8")).not.toContain("__dev");
  });
});
