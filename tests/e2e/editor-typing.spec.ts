import { existsSync } from "node:fs";
import { join } from "node:path";
import { type BrowserContext, type Page, test } from "@playwright/test";
import { startDevServer } from "../../src/dev/server.ts";
import { addMenuEntry, editorReady, signIn } from "./editor-ready.ts";
import { savedBody, TYPED_BODY } from "./editor-typed.ts";
import { authorsBrowser, EDITOR_WAIT, expect, type Workspace, workspace } from "./editor-workspace.ts";

// Issue 54: not one keystroke lost. An author in the German interface types a page's text with real key events,
// 60 ms apart (never fill(), which sends the whole text as one input and never meets what a person's typing does),
// and the saved Markdown is read back byte for byte. The cause, in Sveltia 0.221.1 and mended by the build's rewrite
// of its bundle (src/editor/bundle.ts, "Markdown shortcut of block components"): a paragraph or heading that starts
// with a one-character word ("A", "I", "1", "§", "✅") lost it at the space, since each block component with a
// multi-line pattern (callout, figure) is also a Markdown shortcut matching any first character whose replace()
// does nothing, and Lexical then deletes the "A " it matched. A list item is not a paragraph and kept its "A".
test.describe("typing in the web editor, as a person types", () => {
  test.describe.configure({ mode: "serial", timeout: 420_000 });
  let work: Workspace;
  let site = "";
  let dev: Awaited<ReturnType<typeof startDevServer>>;
  let context: BrowserContext;
  let page: Page;
  const read = (file: string) => work.read(file);
  /** What a person's typing is like: one key every 60 ms. */
  const type = (text: string) => page.keyboard.type(text, { delay: 60 });

  test.beforeAll(async () => {
    // The dev server's first build, on a busy machine, takes longer than a test's default.
    test.setTimeout(240_000);
    work = workspace("issue54-typing");
    site = work.site;
    dev = await startDevServer({ cwd: site, port: 0, log: () => {} });
    // The German interface, as the authors of issue 54 used it.
    context = await authorsBrowser(work.profile, dev.url, { locale: "de-DE" });
    page = context.pages()[0] ?? (await context.newPage());
  });

  test.afterAll(async () => {
    await context?.close();
    await dev?.close();
    work?.remove();
  });

  const languages = () => page.getByRole("toolbar", { name: "Sekundär" }).first();
  const body = () => page.locator('[contenteditable="true"]').first();
  const preview = () => page.frameLocator("iframe").first().locator("article");

  /** A new page, its title and description typed, the caret in its text. */
  async function newPage(title: string, description: string) {
    await signIn(page, dev.url);
    await page.getByRole("button", { name: "Neuen Eintrag anlegen" }).click();
    await editorReady(page);
    await page
      .getByLabel(/^Titel/)
      .first()
      .click();
    await type(title);
    await page
      .getByLabel(/^Beschreibung/)
      .first()
      .click();
    await type(description);
    await body().click();
  }

  /** Switches the German tab off for this page and saves. */
  async function saveWithoutGerman() {
    await languages().getByRole("radio", { name: "Deutsch", exact: true }).click();
    await editorReady(page);
    await page.getByRole("button", { name: /Inhaltsoptionen für ⁨?Deutsch⁩? anzeigen/ }).click();
    await page.getByRole("menuitem", { name: /Deutsch⁩? deaktivieren/ }).click();
    await page.getByRole("button", { name: "Speichern", exact: true }).click();
  }

  test("paragraphs that start with “A”, “I”, “1”, „Wir, an umlaut and an emoji, a list, a heading and a link are saved as typed", async () => {
    await newPage("Typing test", "Every paragraph of this page is typed key by key.");
    // The style menu offers what the build accepts: no "Überschrift 1" (the title is the page's only #).
    await page.getByRole("button", { name: "Textstil-Optionen anzeigen" }).click();
    await expect(page.getByRole("menuitemcheckbox", { name: "Überschrift 2" })).toBeVisible();
    await expect(page.getByRole("menuitemcheckbox", { name: "Überschrift 1" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await body().click();
    // Enter ends a paragraph; then an emoji outside the BMP and a link, [text](address), after the shared ones.
    await type(`${TYPED_BODY}🚀 Started.\nSee [our insights](/insights) here.`);
    const markdown = savedBody("🚀 Started.\n\nSee [our insights](/insights) here.");
    // What she sees in the preview is what the entry holds.
    await expect(preview()).toContainText("See our insights here.");
    await expect(preview()).toContainText("A test sentence.");
    await saveWithoutGerman();
    const file = "content/en/pages/typing-test.md";
    await expect.poll(() => existsSync(join(site, file)), { timeout: EDITOR_WAIT }).toBe(true);
    expect(read(file)).toBe(
      `---\ntitle: Typing test\ndescription: Every paragraph of this page is typed key by key.\n---\n\n${markdown}\n`,
    );
    // She stays on the entry she saved, on the tab she saved from (Sveltia went back to the list). The entry is
    // named by its English title, as it has no German one.
    await expect(page).toHaveURL(/#\/collections\/pages\/entries\/typing-test$/);
    await expect(
      page.getByRole("group", { name: "Inhaltseditor" }).getByRole("toolbar", { name: "Primär" }),
    ).toContainText("Typing test");
    await languages().getByRole("radio", { name: "Englisch", exact: true }).click();
    await expect(page.getByLabel(/^Titel/).first()).toHaveValue("Typing test");
    await expect(preview()).toContainText("A test sentence.");
  });

  // The last keystroke typed right before the tab switch was lost ("„Wir stellen ein." without its closing quote):
  // Sveltia handed typed text to the entry 100 ms after the keystroke, through an event on the field's element, and
  // a tab switch within those 100 ms removed the element first. The build's rewrite of the bundle hands it over in
  // the next task (src/editor/bundle.ts, "rich-text hand-over delay"). Likely the cause of the "English (error)"
  // seen once in CI (the whole body typed by fill(), then the tab switched).
  test("text typed right before and right after switching the language tab is saved in its language", async () => {
    await newPage("Tab test", "The language tab is switched as soon as the text is typed.");
    await type("We are hiring.");
    // At once, as a quick author clicks the tab.
    await languages().getByRole("radio", { name: "Deutsch", exact: true }).click();
    await editorReady(page);
    await page
      .getByLabel(/^Titel/)
      .first()
      .click();
    await type("Tab-Test");
    await page
      .getByLabel(/^Adresse \(Slug\)/)
      .first()
      .click();
    await type("tab-test");
    await page
      .getByLabel(/^Beschreibung/)
      .first()
      .click();
    await type("Der Sprachreiter wird gleich nach dem Tippen gewechselt.");
    await body().click();
    await type("§ 5 TMG gilt.\n„Wir stellen ein.");
    // The closing quote, and the English tab clicked 20 ms after it: quicker than Playwright's click can follow a
    // key (its checks take longer than Sveltia's 100 ms on a quiet machine, so the loss showed only under load), as
    // quick as a person's next click can be. Both are set going in one task, so their order is the same on any
    // machine: without the rewrite the click comes before the hand-over and the quote is lost.
    await languages()
      .getByRole("radio", { name: "Englisch", exact: true })
      .evaluate((tab: HTMLElement) => {
        document.execCommand("insertText", false, "“");
        setTimeout(() => tab.click(), 20);
      });
    await editorReady(page);
    await page.getByRole("button", { name: "Speichern", exact: true }).click();
    const [english, german] = ["content/en/pages/tab-test.md", "content/de/pages/tab-test.md"];
    await expect.poll(() => existsSync(join(site, german)), { timeout: EDITOR_WAIT }).toBe(true);
    expect(read(english)).toBe(
      "---\ntitle: Tab test\ndescription: The language tab is switched as soon as the text is typed.\n---\n\nWe are hiring.\n",
    );
    expect(read(german)).toBe(
      "---\ntitle: Tab-Test\ndescription: Der Sprachreiter wird gleich nach dem Tippen gewechselt.\nslug: tab-test\n---\n\n§ 5 TMG gilt.\n\n„Wir stellen ein.“\n",
    );
  });
  // The new entry's fields never seemed to finish drawing: "hinzufügen" scrolls the form's scroller to the new
  // entry, which leaves a field of the entry above it just under the language toolbar, inside the edit pane's box
  // but clipped by the scroller. Sveltia rightly never draws it (its observer counts the clipping); editorReady
  // counted it as on screen and waited for it forever. It now counts the clipping too (editor-ready.ts, onScreen).
  test("a German menu entry: its target is picked from the German pages by title and address, and the save says which tab needs its English entry", async () => {
    await signIn(page, dev.url);
    await page.getByText("Website-Texte", { exact: true }).first().click();
    await page.getByText("Kopfzeile, Fußzeile, Menüs, Seite 404", { exact: true }).first().click();
    await editorReady(page);
    await page.screenshot({ path: test.info().outputPath("collections-de.png") });
    await languages().getByRole("radio", { name: "Deutsch", exact: true }).click();
    await editorReady(page);
    const menu = page.getByRole("group", { name: /^Feld „\W?Menü\W?“$/ }).first();
    const target = await addMenuEntry(page, menu, "Chatbot-ROI");
    // The list offered is the German pages', by title and German address; the value is what the build reads.
    const listed = page.locator(`datalist#${await target.getAttribute("list")} option`);
    await expect(
      listed.filter({ hasText: "Wie Sie den ROI eines KI-Chatbot-Projekts beurteilen — /de/einblicke/chatbot-roi" }),
    ).toHaveAttribute("value", "insights/chatbot-roi");
    await expect(listed.filter({ hasText: "/de/einblicke/chatbot-roi" })).toHaveCount(1);
    // What she sees is what she types: the page's German title, then Tab. The browser's list is a popup that
    // Playwright's keys never reach (the walkthrough's wall), so the title typed and left counts as the pick.
    await type("Wie Sie den ROI eines KI-Chatbot-Projekts beurteilen");
    await page.keyboard.press("Tab");
    await expect(target).toHaveValue("insights/chatbot-roi");
    await page.screenshot({ path: test.info().outputPath("menu-target-de.png") });
    const before = read("content/de/common.yaml");
    await page.getByRole("button", { name: "Speichern", exact: true }).click();
    // Every build refuses menus that differ, so the save is not made: one sentence, in German, says which tab
    // needs the entry (the 5th, counted from 1).
    const verdict = page.getByRole("region", { name: /Problem in diesem Eintrag/ });
    await expect(verdict).toContainText("header.nav, Eintrag 5");
    await expect(verdict).toContainText("im Reiter Englisch ergänzen");
    await page.screenshot({ path: test.info().outputPath("menu-verdict-de.png") });
    await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
    expect(read("content/de/common.yaml")).toBe(before);
    // She does what it says: the English entry, on the English tab, picked from the English pages.
    await languages().getByRole("radio", { name: "Englisch", exact: true }).click();
    await editorReady(page);
    const english = await addMenuEntry(page, menu, "Chatbot ROI");
    await expect(
      page
        .locator(`datalist#${await english.getAttribute("list")} option`)
        .filter({ hasText: "/insights/chatbot-roi" }),
    ).toHaveAttribute("value", "insights/chatbot-roi");
    // The address she sees on the site, typed, and Save clicked at once: the field is left first.
    await type("/insights/chatbot-roi");
    await page.getByRole("button", { name: "Speichern", exact: true }).click();
    await expect
      .poll(() => read("content/de/common.yaml"), { timeout: EDITOR_WAIT })
      .toContain(
        '    - { label: Kontakt, to: "#contact" }\n    - label: Chatbot-ROI\n      to: insights/chatbot-roi\n',
      );
    await expect
      .poll(() => read("content/en/common.yaml"), { timeout: EDITOR_WAIT })
      .toContain("    - label: Chatbot ROI\n      to: insights/chatbot-roi\n");
  });
});
