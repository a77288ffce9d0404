import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type BrowserContext, type Page, test } from "@playwright/test";
import { startDevServer } from "../../src/dev/server.ts";
import { editorReady, signIn } from "./editor-ready.ts";
import { authorsBrowser, EDITOR_WAIT, expect, type Workspace, workspace } from "./editor-workspace.ts";

// Issue 42: the web editor as a marketing manager uses it, on npm run dev over a temporary copy of the site, in a
// real Chromium whose profile outlives the session (her second day opens the same profile). Company facts are saved
// in her words, German lists are edited on the German tab, and a save shows what the live build will say.
test.describe("the web editor covers the whole site", () => {
  test.describe.configure({ mode: "serial", timeout: 420_000 });
  let work: Workspace;
  let site = "";
  let dev: Awaited<ReturnType<typeof startDevServer>>;
  let context: BrowserContext;
  let page: Page;
  const log: string[] = [];
  const read = (file: string) => work.read(file);
  const shots = process.env.EDITOR_SHOTS;

  const launch = (locale = "en-US") => authorsBrowser(work.profile, dev.url, { locale });

  test.beforeAll(async () => {
    // The dev server's first build, on a busy machine, takes longer than a test's default (30 s).
    test.setTimeout(240_000);
    work = workspace("issue42-editor");
    site = work.site;
    // The German RAG article lacks a heading the English one has: every save's message warns about it.
    const german = join(site, "content/de/pages/insights/rag-agents.md");
    const text = readFileSync(german, "utf8");
    expect(text).toContain("## Wo er scheitert\n\n");
    writeFileSync(german, text.replace("## Wo er scheitert\n\n", ""));
    dev = await startDevServer({ cwd: site, port: 0, log: (line) => log.push(line) });
    context = await launch();
    page = context.pages()[0] ?? (await context.newPage());
  });

  test.afterAll(async () => {
    await context?.close();
    await dev?.close();
    work?.remove();
  });

  const signInTo = (on: Page = page) => signIn(on, dev.url);

  const save = () => page.getByRole("button", { name: "Save", exact: true }).click();
  const status = () => page.locator("#site-editor-status");
  const shoot = async (name: string) => {
    if (shots) await page.screenshot({ path: join(shots, `${name}.png`) });
  };

  test("company facts: the phone number and the booking link are saved in her words, one line each, and every page shows them", async () => {
    await signInTo();
    await page.getByText("Company", { exact: true }).first().click();
    // Where she picks the file, one sentence says why the developer's settings are not in it.
    await expect(page.getByText(/a developer changes them in content\/site\.yaml/).first()).toBeVisible();
    await page.getByText("Company facts (site.yaml)", { exact: true }).first().click();
    await expect(page.getByLabel(/^Phone/).first()).toHaveValue("+49 30 1234 5678");
    await editorReady(page);
    // What only a developer changes is not in the form: no locale table, no required field she cannot fill.
    for (const label of [/^Locales/, /^Prefix/, /^Code/, /^Url/, /^Translations/, /^Time zone/])
      await expect(page.getByLabel(label)).toHaveCount(0);
    await expect(page.getByLabel(/^Booking link/).first()).toBeVisible();
    await shoot("site-facts-en");
    const before = read("content/site.yaml");
    await page
      .getByLabel(/^Phone/)
      .first()
      .fill("+49 30 9876 5432");
    await page
      .getByLabel(/^Booking link/)
      .first()
      .fill("https://cal.example/leap-ai/intro");
    await save();
    await expect
      .poll(() => read("content/site.yaml"), { timeout: EDITOR_WAIT })
      .toContain("https://cal.example/leap-ai/intro");
    expect(read("content/site.yaml")).toBe(
      before
        .replace('phone: "+49 30 1234 5678"', 'phone: "+49 30 9876 5432"')
        .replace(
          "schedulingUrl: https://cal.example/leap-ai/strategy-session",
          "schedulingUrl: https://cal.example/leap-ai/intro",
        ),
    );
    // The verdict is the live site's: its strict build would refuse the site today for the German article's missing
    // heading, and for the sample data this entry still holds, each named by the field she sees it in (issue 54).
    await expect(status()).toContainText("The live site cannot be published today because of other entries (", {
      timeout: EDITOR_WAIT,
    });
    await expect(status()).toContainText("Sample values (11) the live site refuses until they are replaced:");
    await expect(status()).toContainText("Company facts (site.yaml) › Legal data › Street: “Musterstraße”");
    // The site's address is a developer's (no field): she is told so, not sent looking for it.
    await expect(status()).toContainText(
      "Company facts (site.yaml): “https://www.leap-ai.example” (no field in the editor: a developer replaces it)",
    );
    await expect(status()).toContainText("until these are fixed, nothing is published");
    await expect(status()).not.toContainText("npm run");
    await shoot("save-verdict");
    for (const path of ["/", "/de/", "/datenschutz"]) {
      // The site keeps a phone number on one line with no-break spaces.
      const html = (await (await page.request.get(`${dev.url}${path}`)).text()).replaceAll("\u00a0", " ");
      expect(html.includes("+49 30 9876 5432"), `${path} shows the new phone number`).toBe(true);
      expect(html.includes('href="https://cal.example/leap-ai/intro"'), `${path} links the new booking page`).toBe(
        true,
      );
    }
  });

  test("German tags and old addresses are edited on the German tab, on her second day (the same profile reopened)", async () => {
    await context.close();
    context = await launch("de-DE");
    page = context.pages()[0] ?? (await context.newPage());
    await signInTo();
    await page.getByText("insights", { exact: true }).first().click();
    await page.getByText("RAG-Agenten im Mittelstand: was sie leisten und was nicht", { exact: true }).first().click();
    const tabs = page.getByRole("toolbar", { name: /Secondary|Sekundär/ }).first();
    await tabs.getByRole("radio", { name: /^(German|Deutsch)$/ }).click();
    await editorReady(page);
    await expect(page.getByLabel(/^Titel/).first()).toHaveValue(/^RAG-Agenten im Mittelstand/);
    const german = "content/de/pages/insights/rag-agents.md";
    const english = "content/en/pages/insights/rag-agents.md";
    const [deBefore, enBefore] = [read(german), read(english)];
    // The German tags are the German file's, each a field she can edit, and she adds one.
    const tags = page.getByRole("group", { name: /^Feld „\W?Schlagwörter\W?“$/ }).first();
    await tags.scrollIntoViewIfNeeded();
    await expect(tags.getByRole("textbox")).toHaveCount(3);
    await expect(tags.getByRole("textbox").nth(2)).toHaveValue("Wissensmanagement");
    await shoot("german-page-tags");
    await tags.getByRole("button", { name: /Schlagwörter\W? hinzufügen/ }).click();
    await editorReady(page);
    await tags.getByRole("textbox").nth(3).fill("KI-Strategie");
    // The page was renamed once: its old German address goes on the German tab.
    const aliases = page.getByRole("group", { name: /^Feld „\W?Alte Adressen\W?“$/ }).first();
    await aliases.getByRole("button", { name: /Alte Adressen\W? hinzufügen/ }).click();
    await editorReady(page);
    await aliases.getByRole("textbox").first().fill("/de/einblicke/rag-im-mittelstand");
    await shoot("german-page-tags-edited");
    await page.getByRole("button", { name: "Speichern", exact: true }).click();
    await expect
      .poll(() => read(german), { timeout: EDITOR_WAIT })
      .toContain("tags: [RAG, Chatbots, Wissensmanagement, KI-Strategie]");
    expect(read(german)).toMatch(/^aliases:\n {2}- \/de\/einblicke\/rag-im-mittelstand$/m);
    expect(read(english)).toBe(enBefore);
    expect(read(german).split("\n").length).toBe(deBefore.split("\n").length + 2);
    // The preview is built; the live build would refuse the German article, which lacks a heading of the English one
    // (site.yaml says translations: complete, and the page does not say structure: own).
    await expect(status()).toContainText(
      `${german} gespeichert. Die Vorschau ist erstellt, aber die Website selbst würde heute abgelehnt:`,
      { timeout: EDITOR_WAIT },
    );
    // What other entries hold that the live build refuses comes with it, in German, each sample value by its field.
    await expect(status()).toContainText("Beispielwerte (11), die die Website selbst ablehnt, bis sie ersetzt sind:");
    await expect(status()).toContainText("Firmendaten (site.yaml) › Rechtliche Angaben › Straße: „Musterstraße“");
    await expect(status()).not.toContainText("npm run");
    // The saved file's own refusal names the heading its translation lacks, and where, in German (issue 54).
    await expect(status()).toContainText(
      `${german}: hat keine Entsprechung für die Überschrift "Where it fails" (content/en/pages/insights/rag-agents.md:34)`,
    );
    // Said once, as the live build's refusal: the preview build's warning of the same is not listed again.
    const verdict = (await status().textContent()) ?? "";
    expect(verdict.split('hat keine Entsprechung für die Überschrift "Where it fails"').length - 1).toBe(1);
    await shoot("german-save-verdict");
    const old = await page.request.get(`${dev.url}/de/einblicke/rag-im-mittelstand`, { maxRedirects: 0 });
    expect([301, 302, 308, 200]).toContain(old.status());
  });

  // Once (2026-11-27), after "Copy from English" and a German save, the editor reported the English body as empty
  // ("This field is required.") though the body showed the text typed. The likeliest cause is the one Sveltia's rich-text-editor.svelte names: the
  // editor converts what was typed to Markdown "with a short delay", so a copy made within that delay copies, and a
  // save validates, the value from before the typing. The test now waits, as an author's eyes do, until the preview
  // (drawn from the stored value) shows the English text before it copies.
  test("'Copy from English' copies the text, never the address, the old addresses or the tags", async () => {
    await context.close();
    context = await launch();
    page = context.pages()[0] ?? (await context.newPage());
    await signInTo();
    await page.getByRole("button", { name: "Create New Entry" }).click();
    await editorReady(page);
    await page
      .getByLabel(/^Title/)
      .first()
      .fill("Pilot plan");
    await page
      .getByLabel(/^Description/)
      .first()
      .fill("How a first AI pilot is planned, week by week.");
    await page.getByRole("textbox", { name: "Slug", exact: true }).fill("pilot-plan");
    const english = { tags: page.getByRole("group", { name: /^“\W?Tags\W?” Field$/ }).first() };
    await english.tags.getByRole("button", { name: /^Add \W?Tags\W?$/ }).click();
    await editorReady(page);
    await english.tags.getByRole("textbox").first().fill("Pilots");
    await page.locator('[contenteditable="true"]').first().click();
    await page.keyboard.type("A first week: the question.", { delay: 60 });
    await expect(page.frameLocator("iframe").first().locator("article")).toContainText("A first week: the question.");
    const languages = page.getByRole("toolbar", { name: "Secondary" }).first();
    await languages.getByRole("radio", { name: "German", exact: true }).click();
    await editorReady(page);
    await page.getByRole("button", { name: /Show ⁨?German⁩? Content Options/ }).click();
    await page.getByRole("menuitem", { name: /Copy from ⁨?English/ }).click();
    await editorReady(page);
    await expect(page.getByLabel(/^Title/).first()).toHaveValue("Pilot plan");
    await expect(page.getByRole("textbox", { name: "Slug", exact: true })).toHaveValue("");
    await shoot("german-after-copy");
    await page
      .getByLabel(/^Title/)
      .first()
      .fill("Pilotplan");
    await page.getByRole("textbox", { name: "Slug", exact: true }).fill("pilotplan");
    await save();
    await expect
      .poll(() => existsSync(join(site, "content/de/pages/pilot-plan.md")), { timeout: EDITOR_WAIT })
      .toBe(true);
    const german = read("content/de/pages/pilot-plan.md");
    expect(german).toContain("title: Pilotplan\n");
    expect(german).toContain("slug: pilotplan\n");
    expect(german).toContain("description: How a first AI pilot is planned, week by week.\n");
    expect(german).toContain("\n\nA first week: the question.\n");
    expect(german).not.toMatch(/^tags:/m);
    expect(german).not.toMatch(/^aliases:/m);
    expect(read("content/en/pages/pilot-plan.md")).toMatch(/^tags:\n {2}- Pilots$/m);
    // Done as she sees it: the editor says the save is built.
    await expect(status()).toContainText(/Saved content\/(en|de)\/pages\/pilot-plan\.md/, { timeout: EDITOR_WAIT });
  });

  test("an English-only page where site.yaml says translations: complete: saved, built, and the live verdict names it", async () => {
    // A browser of its own, as a second day's would be (the test before may have closed the last one).
    await context.close();
    context = await launch();
    page = context.pages()[0] ?? (await context.newPage());
    await signInTo();
    await page.getByRole("button", { name: "Create New Entry" }).click();
    await editorReady(page);
    await page
      .getByLabel(/^Title/)
      .first()
      .fill("Careers");
    await page
      .getByLabel(/^Description/)
      .first()
      .fill("Work with us on AI projects for mid-sized companies.");
    await page.locator('[contenteditable="true"]').first().click();
    await page.keyboard.type("A team is hiring.", { delay: 60 });
    // What she typed is in the entry once the preview shows it (the body's editor may still be filling itself).
    await expect(page.frameLocator("iframe").first().locator("article")).toContainText("A team is hiring.");
    const languages = page.getByRole("toolbar", { name: "Secondary" }).first();
    await languages.getByRole("radio", { name: "German", exact: true }).click();
    await editorReady(page);
    await page.getByRole("button", { name: /Show ⁨?German⁩? Content Options/ }).click();
    await page.getByRole("menuitem", { name: /Disable ⁨?German/ }).click();
    await save();
    const file = "content/en/pages/careers.md";
    await expect.poll(() => existsSync(join(site, file)), { timeout: EDITOR_WAIT }).toBe(true);
    // The preview builds it (translations may be missing while she works), the live build would not.
    await expect(status()).toContainText(
      `Saved ${file}. The preview is built, but the live site’s build would refuse it today`,
      {
        timeout: EDITOR_WAIT,
      },
    );
    await expect(status()).toContainText(`${file}: has no counterpart in de`);
    await expect(status()).toContainText(
      "choose Translations: Some languages only (translations: partial in its front matter)",
    );
    await shoot("save-verdict-english-only");
  });
});
