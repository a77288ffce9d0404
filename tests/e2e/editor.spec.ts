import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { startDevServer } from "../../src/dev/server.ts";

// The web editor (/admin/) on npm run dev, on a temporary copy of the site: a save writes the copy's
// content/, never the real one. Every request to another origin is aborted and recorded: there must be none.
test.describe("the web editor on npm run dev", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });
  // The editor draws a form's fields as they scroll into view: a tall window shows a page's whole form,
  // so each field can be found by its label, as an author finds it by scrolling.
  test.use({ viewport: { width: 1280, height: 2400 } });
  let site = "";
  let dev: Awaited<ReturnType<typeof startDevServer>>;
  const log: string[] = [];
  const foreign: string[] = [];
  const read = (file: string) => readFileSync(join(site, file), "utf8");

  test.beforeAll(async () => {
    site = mkdtempSync(join(tmpdir(), "editor-site-"));
    for (const entry of ["content", "src", "tsconfig.json", "package.json"])
      cpSync(entry, join(site, entry), { recursive: true });
    symlinkSync(resolve("node_modules"), join(site, "node_modules"));
    dev = await startDevServer({ cwd: site, port: 0, log: (line) => log.push(line) });
  });

  test.afterAll(async () => {
    await dev?.close();
    rmSync(site, { recursive: true, force: true });
  });

  async function recordForeign(context: BrowserContext) {
    await context.route("**/*", (route) => {
      if (new URL(route.request().url()).origin === dev.url) return route.continue();
      foreign.push(route.request().url());
      return route.abort();
    });
  }

  /** Opens the editor on the working copy and a page (in its section's folder, if any) for editing. */
  async function openPage(page: Page, title: string, folder?: string) {
    await page.goto(`${dev.url}/admin/`);
    await page.getByRole("button", { name: "Work with Local Repository" }).click();
    if (folder) await page.getByText(folder, { exact: true }).first().click();
    await page.getByText(title, { exact: true }).first().click();
    await expect(page.getByLabel(/^Title/).first()).toHaveValue(title);
  }

  test("a changed page title is saved into content/ and the rebuilt page shows it", async ({ page, context }) => {
    await recordForeign(context);
    await openPage(page, "Privacy Policy");
    await page
      .getByLabel(/^Title/)
      .first()
      .fill("Privacy Notice");
    await page.getByRole("button", { name: "Save" }).click();

    await expect
      .poll(() => read("content/en/pages/privacy.md"), { timeout: 15_000 })
      .toMatch(/^title: Privacy Notice$/m);
    const saved = read("content/en/pages/privacy.md");
    // The rest of the file is the author's as before: the body and the other keys.
    expect(saved).toContain("slug: datenschutz");
    expect(saved).toContain("In short: our website sets no cookies");
    expect(read("content/de/pages/privacy.md")).toMatch(/^title: Datenschutzerklärung$/m);

    await expect
      .poll(async () => (await page.request.get(`${dev.url}/datenschutz`)).text(), { timeout: 30_000 })
      .toMatch(/<h1[^>]*>[^<]*Privacy Notice/);
    expect(log.join("\n")).toMatch(/content\/en\/pages\/privacy\.md changed/);
    expect(foreign).toEqual([]);
  });

  test("the editor refuses a 61-character title with the schema's message; a missing alt text is refused by the build", async ({
    page,
    context,
  }) => {
    await recordForeign(context);
    const file = "content/en/pages/insights/chatbot-roi.md";
    const before = read(file);
    const title = "How to judge the ROI of an AI chatbot project";
    await openPage(page, title, "insights");

    await page
      .getByLabel(/^Title/)
      .first()
      .fill("x".repeat(61));
    await page.getByRole("button", { name: "Save" }).click();
    await expect(
      page.getByText("must be at most 60 characters: search results cut longer titles").first(),
    ).toBeVisible();
    expect(read(file)).toBe(before);

    // "An image needs its alt text" joins two fields; the editor's forms check one field at a time, so this
    // rule is the build's (docs/editor-choice.md): the save goes through, the build refuses it with the
    // schema's message and file, and the last good page stays served.
    await page
      .getByLabel(/^Title/)
      .first()
      .fill(title);
    await page
      .getByLabel(/^Image alt text/)
      .first()
      .fill("");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => read(file), { timeout: 15_000 }).not.toContain("imageAlt:");
    await expect
      .poll(() => log.join("\n"), { timeout: 30_000 })
      .toContain(`${file}:11: image: an image needs its alt text: add imageAlt, saying what the image shows`);
    expect(await (await page.request.get(`${dev.url}/insights/chatbot-roi`)).text()).toContain("cumulative costs");
    expect(foreign).toEqual([]);
  });

  test("an uploaded image lands next to its page, where the build looks for it", async ({ page, context }) => {
    await recordForeign(context);
    await openPage(page, "Privacy Notice");
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Browse" }).first().click();
    await page.getByRole("button", { name: "Upload" }).click();
    await (await chooser).setFiles("src/assets/og-image.png");
    // The upload is selected once its tile is there; only then does Insert take it.
    await expect(page.getByRole("dialog").getByText("og-image.png")).toBeVisible();
    await page.getByRole("button", { name: "Insert" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page.getByText("og-image.png").first()).toBeVisible();
    await page
      .getByLabel(/^Image alt text/)
      .first()
      .fill("The site's sharing card");
    await page.getByRole("button", { name: "Save" }).click();

    await expect
      .poll(() => read("content/en/pages/privacy.md"), { timeout: 15_000 })
      .toMatch(/^image: \.\/og-image\.png$/m);
    expect(read("content/en/pages/privacy.md")).toMatch(/^imageAlt: The site's sharing card$/m);
    expect(
      readFileSync(join(site, "content/en/pages/og-image.png")).equals(readFileSync("src/assets/og-image.png")),
    ).toBe(true);
    expect(foreign).toEqual([]);
  });

  test("an image picked from Global Assets is written /media/…, which the build finds in content/media/", async ({
    page,
    context,
  }) => {
    await recordForeign(context);
    // The article an earlier test left without its alt text is put right, so that the site builds again.
    cpSync("content/en/pages/insights/chatbot-roi.md", join(site, "content/en/pages/insights/chatbot-roi.md"));
    mkdirSync(join(site, "content/media"), { recursive: true });
    cpSync("src/assets/og-image.png", join(site, "content/media/team.png"));
    const from = log.length;
    // The page the tests before renamed, whose image (./og-image.png) the shared one replaces.
    await openPage(page, "Privacy Notice");
    await page.getByRole("button", { name: "Replace Image" }).first().click();
    await page.getByRole("listbox", { name: "Locations" }).getByRole("option", { name: "Global Assets" }).click();
    await page.getByRole("listbox", { name: "Available Images" }).getByRole("option", { name: "team.png" }).click();
    await page.getByRole("button", { name: "Insert" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await page
      .getByLabel(/^Image alt text/)
      .first()
      .fill("Our team");
    await page.getByRole("button", { name: "Save" }).click();

    await expect
      .poll(() => read("content/en/pages/privacy.md"), { timeout: 15_000 })
      .toMatch(/^image: \/media\/team\.png$/m);
    // The dev server's rebuild found it in content/media/ and encoded it, with no problem about the page or its image.
    await expect
      .poll(() => readdirSync(join(site, ".dev-dist/assets")).some((file) => file.startsWith("team-")), {
        timeout: 30_000,
      })
      .toBe(true);
    expect(log.slice(from).filter((line) => line.startsWith("✗") && /privacy\.md|media/.test(line))).toEqual([]);
    expect(foreign).toEqual([]);
  });
});
