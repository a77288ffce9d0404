import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, type Page, test } from "@playwright/test";
import { startDevServer } from "../../src/dev/server.ts";
import { editorReady, signIn } from "./editor-ready.ts";
import { authorsBrowser, drawsDatesIn, expect, type Workspace, workspace } from "./editor-workspace.ts";

// Issue 54, item 3: the verdict before the save, all of it, at the field, in the author's language. An author types
// mistakes into a page's form (key by key, 60 ms apart) and sees each one's message at its field before she saves,
// from the same rules the build runs (src/shared/verdict/), in the interface's language; a save with three of them
// is refused with all three listed, and the file stays as it was.
test.describe("the verdict before the save", () => {
  test.describe.configure({ mode: "serial", timeout: 240_000 });
  let work: Workspace;
  let dev: Awaited<ReturnType<typeof startDevServer>>;
  const profiles: string[] = [];
  const shots = process.env.EDITOR_SHOTS;
  const PAGE = "content/en/pages/insights/chatbot-roi.md";
  const GERMAN = "content/de/pages/insights/chatbot-roi.md";

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    work = workspace("issue54-verdict");
    dev = await startDevServer({ cwd: work.site, port: 0, log: () => {} });
    if (shots) mkdirSync(shots, { recursive: true });
  });

  test.afterAll(async () => {
    await dev?.close();
    work?.remove();
    for (const profile of profiles) rmSync(profile, { recursive: true, force: true });
  });

  /** A browser of its own for each interface language (a profile of its own: no other test's drafts). */
  async function author(locale: string, width = 1280): Promise<{ context: BrowserContext; page: Page }> {
    const profile = mkdtempSync(join(tmpdir(), "issue54-verdict-profile-"));
    profiles.push(profile);
    const context = await authorsBrowser(profile, dev.url, { locale });
    const page = context.pages()[0] ?? (await context.newPage());
    if (width !== 1280) await page.setViewportSize({ width, height: 900 });
    await signIn(page, dev.url);
    return { context, page };
  }

  const type = (page: Page, text: string) => page.keyboard.type(text, { delay: 60 });
  const at = (page: Page, field: string) =>
    page.locator(`.pane[data-mode="edit"] .field[data-key-path="${field}"] [data-site-verdict]`).first();
  const list = (page: Page) => page.locator('.pane[data-mode="edit"] [data-site-verdict-list]').first();

  async function openChatbotArticle(page: Page) {
    await page.goto(`${dev.url}/admin/#/collections/pages/entries/insights/chatbot-roi`);
    await editorReady(page);
  }

  /** The caret at the end of the article's last paragraph, and a new paragraph after it, as she clicks there. */
  async function endOfText(page: Page) {
    const body = page.locator('.field[data-key-path="body"] [contenteditable="true"]').first();
    await body.getByText(/strategy session\.$/).click();
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
  }

  /** Three mistakes, typed: a reserved slug, a link to no page, a heading the German page lacks. */
  async function typeThreeMistakes(page: Page, slugLabel: RegExp) {
    await page.getByLabel(slugLabel).first().click();
    await type(page, "404");
    await endOfText(page);
    await type(page, "## One more question\nSee [the article](/insights/chatbot-ro) too.");
  }

  const three = {
    de: {
      slug: 'slug "404": "404" ist reserviert für die Seite für Adressen, die es nicht gibt: einen anderen Namen wählen',
      link: "Link /insights/chatbot-ro stimmt nicht: keine Seite und keine Datei der Website hat diese Adresse; war /insights/chatbot-roi gemeint?",
      // Which English heading the German page lacks is the alignment's call (src/shared/verdict/structure.ts), as in the build.
      heading: 'hat keine Entsprechung für die Überschrift "',
      notSaved: "Nicht gespeichert: 2 Probleme, an denen die Erstellung der Website scheitern würde.",
      tab: "Reiter Deutsch",
    },
    en: {
      slug: 'slug "404": "404" is reserved for the page for addresses that do not exist: choose another name',
      link: "broken link /insights/chatbot-ro: no page or file of the site has this address; did you mean /insights/chatbot-roi?",
      heading: 'has no counterpart of the heading "',
      notSaved: "Not saved: 2 problems that the site's build would refuse.",
      tab: "German tab",
    },
  };

  for (const [ui, locale] of [
    ["de", "de-DE"],
    ["en", "en-US"],
  ] as const) {
    test(`${ui}: each mistake shows its message at its field as it is typed, and a save with three lists all three and is not made`, async () => {
      const { context, page } = await author(locale);
      const before = work.read(PAGE);
      await openChatbotArticle(page);
      await typeThreeMistakes(page, ui === "de" ? /^Adresse \(Slug\)/ : /^Slug/);
      const words = three[ui];
      // At the field, before any save.
      await expect(at(page, "slug")).toHaveText(words.slug);
      await expect(at(page, "body")).toContainText(words.link);
      // The German page's problem is on the German tab, and in the list every pane starts with.
      await expect(list(page)).toContainText(`${words.tab}`);
      await expect(list(page)).toContainText(words.heading);
      // Each of the three is an entry of the list. (Not a count: in two of four runs the alignment also named the
      // German page's "How to decide" beside the new heading, an open question noted in the report of this round.)
      for (const text of [words.slug, words.link, words.heading]) await expect(list(page)).toContainText(text);
      await expect(list(page).locator("li").nth(2)).toBeVisible();
      if (shots && ui === "de") await page.screenshot({ path: join(shots, "verdict-three-mistakes-de.png") });
      await page.getByRole("button", { name: ui === "de" ? "Speichern" : "Save", exact: true }).click();
      await expect(page.getByText(words.notSaved).first()).toBeVisible();
      if (shots && ui === "de") await page.screenshot({ path: join(shots, "verdict-not-saved-de.png") });
      expect(work.read(PAGE)).toBe(before);
      await context.close();
    });
  }

  test("de: the list leads to the German tab, where the missing heading is shown at the text, and an earlier date at the date", async () => {
    const { context, page } = await author("de-DE");
    await openChatbotArticle(page);
    await endOfText(page);
    await type(page, "## One more question");
    await list(page)
      .getByRole("button", { name: /Reiter Deutsch/ })
      .click();
    await expect(page.locator('.pane[data-mode="edit"][data-locale="de"]')).toBeVisible();
    // No editorReady here: the list's entry scrolls the German form down to the text, field by field, and a field
    // still being drawn at the bottom of the screen kept it from settling (2026-12-02). What follows waits for what
    // she looks at.
    // She scrolls down to the text, as she would (the form draws a field once it is in view).
    await page.locator('.pane[data-mode="edit"]').first().hover();
    for (let i = 0; i < 30 && (await at(page, "body").count()) === 0; i++) await page.mouse.wheel(0, 500);
    await expect(at(page, "body")).toContainText('hat keine Entsprechung für die Überschrift "');
    // The German article dated before its English original (2026-11-16): typed into the date field as she would.
    const date = page.locator('.field[data-key-path="date"] input').first();
    await date.click();
    // The date input's first part, whichever part the click landed on (Home does not move there).
    for (let i = 0; i < 2; i++) await page.keyboard.press("ArrowLeft");
    // Day first, as a German author types it (TT.MM.JJJJ), where her browser has its German strings; a Chromium
    // without them draws the field month first whatever its --lang (editor-workspace.ts, drawsDatesIn).
    await type(page, drawsDatesIn("de-DE") ? "10112026" : "11102026");
    await expect(at(page, "date")).toContainText(
      "geht am 2026-11-10 online (date), vor dem Original content/en/pages/insights/chatbot-roi.md (2026-11-16)",
    );
    if (shots) await page.screenshot({ path: join(shots, "verdict-german-tab-de.png") });
    expect(work.read(GERMAN)).toContain("date: 2026-11-16");
    await context.close();
  });

  // Issue 54: the note after a save covered the phone field of the next form. She saves an article (a note with the
  // build's verdict) and opens it again: the note stands at the top of its form, over none of its fields. Then she
  // goes to the company facts as she would (the collection, then its file): the note was about the article, and
  // closes as the next entry opens, so it lies over none of that form's fields either, its phone field among them.
  for (const width of [1280, 390])
    test(`the note after a save stands over no field of its entry, and closes when the next entry opens (${width} px wide)`, async () => {
      const { context, page } = await author("de-DE", width);
      await openChatbotArticle(page);
      await page
        .getByLabel(/^Beschreibung/)
        .first()
        .click();
      await page.keyboard.press("End");
      await type(page, " Mit Beispiel.");
      await page.getByRole("button", { name: "Speichern", exact: true }).click();
      const note = page.locator("#site-editor-status");
      // The build's answer, not the "saving" one: it is the note that stays while she goes on.
      await expect(note).toHaveAttribute("aria-label", /gespeichert/);
      await expect(note).not.toHaveAttribute("aria-label", /wird erstellt/);
      await expect.poll(() => work.read(PAGE)).toContain(" Mit Beispiel.");
      // The saved entry again: its note stays, above its fields.
      await openChatbotArticle(page);
      await expect(note).toBeVisible();
      await expect.poll(() => coveredFields(page)).toEqual([]);
      // The next form: the company facts, whose phone field the note covered in issue 54.
      await page.goto(`${dev.url}/admin/#/collections/site`);
      await page.getByText("Firmendaten (site.yaml)", { exact: true }).first().click();
      await editorReady(page);
      const phone = page.getByLabel(/^Telefon/).first();
      await expect(phone).toBeVisible();
      await expect(note).toHaveCount(0);
      if (shots) await page.screenshot({ path: join(shots, `note-next-form-${width}.png`) });
      await context.close();
    });

  /** The key paths of the form's fields whose box the note's box overlaps ("no note" when it is not shown). */
  function coveredFields(page: Page): Promise<string[]> {
    return page.evaluate(() => {
      const note = document.getElementById("site-editor-status");
      const box = note?.getBoundingClientRect();
      if (!note || !box || box.width === 0) return ["no note"];
      const overlaps = (r: DOMRect) =>
        r.width > 0 &&
        r.height > 0 &&
        r.left < box.right &&
        r.right > box.left &&
        r.top < box.bottom &&
        r.bottom > box.top;
      return [...document.querySelectorAll('.pane[data-mode="edit"] .field')]
        .filter((field) => !field.contains(note) && overlaps(field.getBoundingClientRect()))
        .map((field) => field.getAttribute("data-key-path") ?? "?");
    });
  }
});
