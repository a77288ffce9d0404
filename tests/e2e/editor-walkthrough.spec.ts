import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { type BrowserContext, type Locator, type Page, test } from "@playwright/test";
import { startDevServer } from "../../src/dev/server.ts";
import { build } from "../../src/pipeline/index.ts";
import { CAMPAIGN_FIXTURE } from "../support/campaign.ts";
import { addMenuEntry, editorReady, pickSharedImage, reach, signIn } from "./editor-ready.ts";
import { authorsBrowser, EDITOR_WAIT, expect, type Workspace, workspace } from "./editor-workspace.ts";

// Issues 54 and 59: the walkthrough of docs/editor-walkthrough.md, scripted so that it can be done again. An author
// in the German interface does the issues' tasks in the web editor only (npm run dev over a temporary copy of the
// site, Debian's Chromium at 1280 px, typing key by key 60 ms apart), on one browser profile across two days. It
// is a record, not a test: each task's wall-clock minutes and the load average, every message the author met and
// every wall (a step that could not be done) go to <folder>/walkthrough.json, with screenshots beside it. A wall
// does not stop the walkthrough; the next task goes on. Run: EDITOR_WALKTHROUGH=<folder> npx playwright test
// tests/e2e/editor-walkthrough.spec.ts. Without the variable it is skipped, so npm test does not run it.
const folder = process.env.EDITOR_WALKTHROUGH;
// EDITOR_WALKTHROUGH_ONLY=<part of a task's name> does only the tasks so named (the others are left out of the record).
const only = process.env.EDITOR_WALKTHROUGH_ONLY;
// EDITOR_WALKTHROUGH_HEADED=1, under xvfb-run with a screen of 1280 x 2100 at least: a windowed Chromium, and the one
// pick Playwright's keys cannot make, in the browser's own list of a <datalist> (Führt zu), made with the X server's
// key events (xdotool), as her keyboard makes it. Playwright's keys reach the page, not that list (third run).
const headed = !!process.env.EDITOR_WALKTHROUGH_HEADED && !!process.env.DISPLAY;
/**
 * Keys pressed as a keyboard does, into the Chromium window (headed only): Xvfb has no window manager, so the keys
 * go to the window under the pointer, which is put over the page's middle (no click: the page's focus stays).
 */
function xKeys(...keys: string[]) {
  execFileSync("xdotool", ["mousemove", "640", "1000"]);
  execFileSync("xdotool", ["key", "--delay", "250", ...keys]);
}
if (!folder) console.log("editor-walkthrough: skipped (set EDITOR_WALKTHROUGH=<folder for screenshots> to run it)");

type Task = { task: string; minutes: number; load: number[]; messages: string[]; walls: string[] };

test.describe("the editor walkthrough (issues 54 and 59)", () => {
  test.skip(!folder, "set EDITOR_WALKTHROUGH=<folder for screenshots>");
  test.describe.configure({ mode: "serial", timeout: 900_000 });
  let work: Workspace;
  let dev: Awaited<ReturnType<typeof startDevServer>>;
  let context: BrowserContext;
  let page: Page;
  const record: Task[] = [];
  let current: Task;
  // The messages already on screen when a task starts (the last task's note stays up): not the task's own.
  let seen = new Set<string>();
  const shots = folder ?? "";

  const type = (text: string) => page.keyboard.type(text, { delay: 60 });
  const saveButton = () => page.getByRole("button", { name: "Speichern", exact: true });
  const status = () => page.locator("#site-editor-status");
  const tab = (name: RegExp) => page.getByRole("toolbar", { name: "Sekundär" }).first().getByRole("radio", { name });
  const shoot = (name: string) => page.screenshot({ path: join(shots, `${name}.png`) });

  /** A day of hers: the browser opened on the same profile, in German, signed in. */
  async function openDay() {
    context = await authorsBrowser(work.profile, dev.url, { locale: "de-DE", headless: !headed });
    page = context.pages()[0] ?? (await context.newPage());
    // A step that cannot be done is a wall after EDITOR_WAIT, not a hang until the walkthrough's own timeout.
    page.setDefaultTimeout(EDITOR_WAIT);
    await signIn(page, dev.url);
  }

  /** Runs one task, timed; an error is the task's wall, and the walkthrough goes on. */
  async function task(name: string, run: () => Promise<void>) {
    if (only && !name.includes(only)) return;
    console.log(`editor-walkthrough: ${name}`);
    current = { task: name, minutes: 0, load: [], messages: [], walls: [] };
    const start = Date.now();
    seen = new Set(await messagesOnScreen());
    await shoot(`start-${record.length + 1}`).catch(() => {});
    try {
      await run();
    } catch (error) {
      // biome-ignore lint/suspicious/noControlCharactersInRegex: Playwright's messages carry terminal colours
      const plain = String((error as Error).message).replace(/\u001b\[\d+m/g, "");
      current.walls.push(plain.split("\n").slice(0, 3).join(" ").trim());
      await shoot(`wall-${record.length + 1}`).catch(() => {});
    }
    current.minutes = Math.round((Date.now() - start) / 600) / 100;
    current.load = loadavg().map((value) => Math.round(value * 10) / 10);
    record.push(current);
    writeFileSync(join(shots, "walkthrough.json"), `${JSON.stringify(record, null, 2)}\n`);
  }

  /** Every message on screen now: the note after a save, the verdict's list and fields, the toasts. */
  async function messagesOnScreen(): Promise<string[]> {
    const texts = await page
      .locator("#site-editor-status, [data-site-verdict-list] li, [data-site-verdict], [role=alert], [role=status]")
      .allInnerTexts()
      .catch(() => []);
    return texts.map((t) => t.trim()).filter(Boolean);
  }

  async function noteMessages() {
    for (const text of await messagesOnScreen())
      if (!seen.has(text) && !current.messages.includes(text)) current.messages.push(text);
  }

  /** A file of the site's copy as it is now; "" while the editor has not written it yet. */
  const readNow = (file: string) => {
    try {
      return work.read(file);
    } catch {
      return "";
    }
  };

  /** Saves, waits for the file to hold `expected` and for the save's build to finish (its note's last word). */
  async function saveUntil(file: string, expected: string | RegExp) {
    // The note names the entry's file in the default language, so it is told from the last one by its text.
    const noteOf = () =>
      status()
        .textContent()
        .then((text) => text ?? "")
        .catch(() => "");
    const before = await noteOf();
    await saveButton().click();
    await expect.poll(() => readNow(file), { timeout: EDITOR_WAIT }).toMatch(expected);
    await expect.poll(noteOf, { timeout: EDITOR_WAIT }).not.toBe(before);
    await expect(status()).not.toContainText("wird erstellt …");
    await noteMessages();
  }

  /** A date field's month, clicked as she clicks it: at its first part (Chromium's date input has three). */
  async function pickMonth(date: Locator) {
    await reach(page, date);
    const box = await date.boundingBox();
    await date.click({ position: { x: 12, y: (box?.height ?? 20) / 2 } });
  }

  /** Replaces a text field's value as she does: click, select all, type. */
  async function retype(label: RegExp, text: string) {
    const field = page.getByLabel(label).first();
    await reach(page, field);
    await field.click();
    await page.keyboard.press("Control+A");
    await type(text);
  }

  async function openEntry(path: string) {
    await page.goto(`${dev.url}/admin/#/collections/${path}`);
    await editorReady(page);
  }

  test.beforeAll(async () => {
    test.setTimeout(600_000);
    mkdirSync(shots, { recursive: true });
    work = workspace("walkthrough");
    // Issue 59's copy of the site: the fixture's campaign codes and images, but not its page (she builds that).
    cpSync(join(CAMPAIGN_FIXTURE, "media"), join(work.site, "content/media"), { recursive: true });
    const siteYaml = join(work.site, "content/site.yaml");
    writeFileSync(
      siteYaml,
      `${work.read("content/site.yaml").trimEnd()}\n\n${readFileSync(join(CAMPAIGN_FIXTURE, "campaigns.yaml"), "utf8")}`,
    );
    dev = await startDevServer({ cwd: work.site, port: 0, log: () => {} });
    await openDay();
  });

  test.afterAll(async () => {
    writeFileSync(join(shots, "walkthrough.json"), `${JSON.stringify(record, null, 2)}\n`);
    await context?.close();
    await dev?.close();
    work?.remove();
  });

  test("day 1", async () => {
    await task("day 1: the German subheadline changed", async () => {
      await openEntry("copy/entries/home");
      await tab(/^Deutsch$/).click();
      await editorReady(page);
      await retype(/^Unterzeile/, "Wir bringen KI in Ihren Mittelstand, Schritt für Schritt.");
      await saveUntil("content/de/home.yaml", /Schritt für Schritt/);
      await shoot("1-subheadline-de");
    });

    await task("phone number and booking link", async () => {
      await openEntry("site/entries/site");
      await retype(/^Telefon/, "+49 30 9876 5432");
      await retype(/^Link zur Terminbuchung/, "https://cal.example/leap-ai/intro");
      await saveUntil("content/site.yaml", /cal\.example\/leap-ai\/intro/);
      await shoot("2-company-facts-de");
    });

    await task("a German menu entry, its target picked by title (Führt zu)", async () => {
      await openEntry("copy/entries/common");
      await tab(/^Deutsch$/).click();
      await editorReady(page);
      const menu = page.getByRole("group", { name: /^Feld „\W?Menü\W?“$/ }).first();
      await reach(page, menu);
      await addMenuEntry(page, menu, "Chatbot-ROI");
      await type("Wie Sie den ROI");
      // The titles are offered in a <datalist>, drawn by the browser outside the page: what it holds is noted.
      const list = await menu
        .getByLabel(/^Führt zu/)
        .last()
        .getAttribute("list");
      const offered = await page
        .locator(`datalist#${list} option`)
        .evaluateAll((options) =>
          options
            .map((o) => `${(o as HTMLOptionElement).label} → ${(o as HTMLOptionElement).value}`)
            .filter((o) => o.includes("ROI")),
        );
      current.messages.push(`list offered at Führt zu (${list}): ${offered.join("; ") || "nothing with ROI"}`);
      await shoot("3-menu-target-de");
      const target = menu.getByLabel(/^Führt zu/).last();
      if (headed) {
        xKeys("Down", "Return");
        await expect.poll(() => target.inputValue()).toBe("insights/chatbot-roi");
      } else {
        // Headless, the browser's list is out of Playwright's keys' reach: she types the rest of the title she
        // sees, and leaves the field.
        await type(" eines KI-Chatbot-Projekts beurteilen");
        await page.keyboard.press("Tab");
      }
      current.messages.push(
        `Führt zu after ${headed ? "Down + Return (X keys, windowed)" : "the whole title typed and Tab (headless)"}: ${await target.inputValue()}`,
      );
      // Menus are the same in every language: the save says which tab needs its entry, and is not made.
      await saveButton().click();
      const verdict = page.getByRole("region", { name: /Problem in diesem Eintrag/ });
      await expect(verdict).toContainText("im Reiter Englisch ergänzen");
      current.messages.push(`verdict of the German entry alone: ${(await verdict.textContent())?.trim()}`);
      await shoot("3-menu-verdict-de");
      await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
      // She does what it says, on the English tab, with the address she knows from the site.
      await tab(/^Englisch$/).click();
      await editorReady(page);
      await addMenuEntry(page, menu, "Chatbot ROI");
      await type("/insights/chatbot-roi");
      await saveUntil("content/de/common.yaml", /Chatbot-ROI/);
      expect(readNow("content/de/common.yaml")).toContain("insights/chatbot-roi");
      expect(readNow("content/en/common.yaml")).toContain("label: Chatbot ROI\n      to: insights/chatbot-roi\n");
      await shoot("3-menu-saved-de");
    });

    await task("a scheduled English article, translated with „Aus Englisch kopieren“", async () => {
      await openEntry("pages/new?path=insights");
      await tab(/^Englisch$/).click();
      await editorReady(page);
      await page
        .getByLabel(/^Titel/)
        .first()
        .click();
      await type("Our spring workshop dates");
      await page
        .getByLabel(/^Beschreibung/)
        .first()
        .click();
      await type("The dates of our AI workshops in spring.");
      const date = page.locator('.field[data-key-path="date"] input').first();
      await reach(page, date);
      await pickMonth(date);
      await type("12152026"); // in the order the field shows (MM/DD/YYYY), as she reads it
      current.messages.push(`English Datum after typing 12152026: ${await date.inputValue()}`);
      await page.locator('[contenteditable="true"]').first().click();
      await type("A new date is set.");
      await tab(/^Deutsch/).click();
      await editorReady(page);
      await page.getByRole("button", { name: /Inhaltsoptionen für ⁨?Deutsch⁩? anzeigen/ }).click();
      await page.getByRole("menuitem", { name: /Aus ⁨?Englisch⁩? kopieren/ }).click();
      await editorReady(page);
      await noteMessages();
      await retype(/^Titel/, "Unsere Workshop-Termine im Frühjahr");
      await retype(/^Beschreibung/, "Die Termine unserer KI-Workshops im Frühjahr.");
      await retype(/^Adresse \(Slug\)/, "workshop-termine");
      await shoot("4-copied-de");
      await saveUntil("content/de/pages/insights/our-spring-workshop-dates.md", /Workshop-Termine/);
      // Built as on a day before the date: the German page is not live.
      const out = join(work.site, "dist-before-the-date");
      process.env.BUILD_DATE = "2026-12-02";
      try {
        await build({ contentDir: join(work.site, "content"), outDir: out });
      } finally {
        delete process.env.BUILD_DATE;
      }
      const live = (await page.request.get(`${dev.url}/de/einblicke/workshop-termine`)).status();
      current.messages.push(`dev server: /de/einblicke/workshop-termine answers ${live}`);
      const english = readNow("content/en/pages/insights/our-spring-workshop-dates.md");
      current.messages.push(`English file's date: ${english.match(/^date:.*$/m)?.[0] ?? "none"}`);
      const sitemap = work.read("dist-before-the-date/sitemap.xml");
      current.messages.push(
        `built on 2026-12-02, sitemap lists the article: ${sitemap.includes("our-spring-workshop-dates")}`,
      );
      expect(sitemap).not.toContain("our-spring-workshop-dates");
      expect(sitemap).not.toContain("workshop-termine");
    });

    await task("a tag renamed: Chatbots → KI-Chatbots on both German articles", async () => {
      for (const slug of ["chatbot-roi", "rag-agents"]) {
        await openEntry(`pages/entries/insights/${slug}`);
        await tab(/^Deutsch$/).click();
        await editorReady(page);
        const tags = page.getByRole("group", { name: /^Feld „\W?Schlagwörter\W?“$/ }).first();
        await reach(page, tags);
        const chatbots = tags
          .getByRole("textbox")
          .filter({ hasText: "" })
          .nth(slug === "chatbot-roi" ? 0 : 1);
        await chatbots.click();
        await page.keyboard.press("Control+A");
        await type("KI-Chatbots");
        await saveUntil(`content/de/pages/insights/${slug}.md`, /KI-Chatbots/);
      }
      await shoot("5-tag-renamed-de");
      const old = await page.request.get(`${dev.url}/de/schlagwoerter/chatbots`, { maxRedirects: 0 });
      current.messages.push(
        `old tag address /de/schlagwoerter/chatbots: ${old.status()} ${old.headers().location ?? ""}`,
      );
      expect([301, 308]).toContain(old.status());
    });

    await task("five deliberate mistakes, each at its field before the save", async () => {
      await openEntry("pages/entries/insights/chatbot-roi");
      // The entry opens on the tab she used last here (German, the tag's), an address away rather than from the
      // list: the mistakes 1, 2 and 4 are the English page's.
      await tab(/^Englisch$/).click();
      await editorReady(page);
      // 1: a reserved address; 2: a link to no page; 3: a heading the German page lacks; 4: an image without its
      // alt text; 5: the German translation dated before its original.
      await retype(/^Adresse \(Slug\)/, "404");
      const body = page.locator('.field[data-key-path="body"] [contenteditable="true"]').first();
      const last = body.getByText(/strategy session\.$/).first();
      await reach(page, last);
      // After the paragraph's last word, as she clicks to go on writing: End after a click in its middle went only
      // to the end of that wrapped line (run 3's text landed inside the paragraph, splitting it).
      // The mouse, not a click on the text: the point after the last word lies outside the text's own box where
      // its last line is short, and Playwright's click waits for the text itself to be under the pointer (run 5).
      const box = await last.boundingBox();
      if (!box) throw new Error("the article's last paragraph is not on screen");
      await page.mouse.click(box.x + box.width - 2, box.y + box.height - 4);
      await page.keyboard.press("End");
      await page.keyboard.press("Enter");
      await type("## One more question");
      await page.keyboard.press("Enter");
      await type("See [the article](/insights/chatbot-ro) too.");
      await page.keyboard.press("Enter");
      await type("![](/media/logo-nordwerk.svg)");
      await shoot("6-body-en");
      await tab(/^Deutsch$/).click();
      await editorReady(page);
      const date = page.locator('.field[data-key-path="date"] input').first();
      await reach(page, date);
      await pickMonth(date);
      await type("11102026");
      current.messages.push(`German Datum after typing 11102026: ${await date.inputValue()}`);
      await expect(page.locator("[data-site-verdict-list] li").nth(3)).toBeVisible();
      await noteMessages();
      await shoot("6-five-mistakes-de");
      await saveButton().click();
      await expect(page.getByText(/Nicht gespeichert/).first()).toBeVisible();
      await noteMessages();
    });
  });

  test("day 2: the same profile reopened", async () => {
    await context.close();
    await openDay();
    await task("day 2: the German subheadline changed again", async () => {
      await openEntry("copy/entries/home");
      await tab(/^Deutsch$/).click();
      await editorReady(page);
      await retype(/^Unterzeile/, "Ä-Test: KI für den Mittelstand, verständlich und messbar.");
      await saveUntil("content/de/home.yaml", /verständlich und messbar/);
      await shoot("7-subheadline-day2-de");
    });

    await task("issue 59: a bilingual campaign page of 6 blocks", async () => {
      await openEntry("pages/new");
      await page
        .getByLabel(/^Titel/)
        .first()
        .click();
      await type("AI readiness workshop");
      await page
        .getByLabel(/^Beschreibung/)
        .first()
        .click();
      await type("One day to find the AI projects that pay off first.");
      const blocks = page.getByRole("group", { name: /Blöcke/ }).first();
      const addBlock = blocks.getByRole("button", { name: /Blöcke\W*hinzufügen/ }).last();
      /** A field of the newest block (or card) by its label, as she finds it: the last one so named. */
      const field = (label: string) =>
        blocks.getByRole("group", { name: new RegExp(`^Feld „\\W?${label}\\W?“$`) }).last();
      const typeInto = async (label: string, text: string, role: "textbox" = "textbox") => {
        const box = field(label).getByRole(role).first();
        await reach(page, box);
        await box.click();
        await type(text);
      };
      /** Picks one of the shared images (content/media/) through the image field's own dialog. */
      const pickImage = (label: string, file: string) =>
        pickSharedImage(page, field(label).getByRole("button", { name: "Durchsuchen" }), file);
      const addItem = async (list: string) => {
        const add = field(list).getByRole("button", { name: new RegExp(`${list}\\W*hinzufügen`) });
        await reach(page, add);
        await add.click();
        await editorReady(page);
      };
      const choose = async (label: string, name: string) => {
        const group = field(label);
        await reach(page, group);
        const radio = group.getByRole("radio", { name });
        if (await radio.count()) await radio.click();
        else {
          await group.getByRole("combobox").click();
          await page.getByRole("option", { name }).click();
        }
        await editorReady(page);
      };
      const fills: [string, () => Promise<void>][] = [
        [
          "Bühne",
          async () => {
            await typeInto("Schlagzeile", "Find the AI projects that pay off first");
            await typeInto("Unterzeile", "A one-day workshop for your leadership team.");
            await pickImage("Bild", "workshop-hero.png");
            await typeInto("Alternativtext", "Three panels of a workshop plan on a dark board");
            await typeInto("Beschriftung", "See our services");
            await typeInto("Führt zu", "#services");
          },
        ],
        [
          "Text",
          async () => {
            const body = field("Text").locator('[contenteditable="true"]').first();
            await reach(page, body);
            await body.click();
            await type("In one day we sort your AI ideas by value and effort.");
          },
        ],
        [
          "Leistungen",
          async () => {
            await typeInto("Überschrift", "What you get");
            await addItem("Karten");
            await choose("Symbol", "Lupe");
            await typeInto("Titel", "Use-case review");
            await typeInto("Text", "We rate every idea you bring by value, effort and risk.");
          },
        ],
        [
          "Zahlen",
          async () => {
            await typeInto("Überschrift", "What teams report");
            await addItem("Zahlen");
            await typeInto("Zahl", "72 %");
            await typeInto("Beschriftung", "of German firms plan to use AI by 2027");
            await typeInto("Quelle", "https://www.bitkom.org/Presse/Presseinformation/KI-Unternehmen");
          },
        ],
        [
          "Zitat",
          async () => {
            await typeInto("Zitat", "We left with three projects we have since built.");
            await typeInto("Person", "Jana Weber");
            await typeInto("Rolle", "Head of Operations");
            await typeInto("Firma", "Nordwerk GmbH");
            const consent = field("Einwilligung").getByRole("switch");
            await reach(page, consent);
            await consent.click();
            await expect(consent).toBeChecked();
          },
        ],
        [
          "Handlungsaufruf",
          async () => {
            await typeInto("Überschrift", "Book your workshop day");
            await typeInto("Beschriftung", "Ask for a date");
            await choose("Kampagne", "AI readiness workshop, spring 2026 (ai-readiness-2026)");
          },
        ],
      ];
      for (const [name] of fills) {
        await reach(page, addBlock);
        await addBlock.click();
        await page.getByRole("menuitem", { name, exact: true }).click();
        await editorReady(page);
        // A save before the fields are done, as she may try one: refused, with Sveltia's toast, which must leave
        // the button for the next block free (it covered it in the second run).
        if (name === "Bühne") {
          await saveButton().click();
          const toast = page
            .locator(".toast")
            .filter({ hasText: /Felder? enth/ })
            .first();
          await expect(toast).toBeVisible();
          await noteMessages();
          await reach(page, addBlock);
          const [a, b] = [await toast.boundingBox(), await addBlock.boundingBox()];
          current.messages.push(`toast's box ${JSON.stringify(a)}, the add button's ${JSON.stringify(b)}`);
          await shoot("8-campaign-toast-de");
          const overlaps =
            !!a && !!b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
          expect(overlaps, "the toast covers „Blöcke hinzufügen“").toBe(false);
        }
        await fills.find(([n]) => n === name)?.[1]();
      }
      await shoot("8-campaign-blocks-de");
      // The German tab: the blocks copied from English, then the headline (and title and address) translated.
      await tab(/^Deutsch/).click();
      await editorReady(page);
      await page.getByRole("button", { name: /Inhaltsoptionen für ⁨?Deutsch⁩? anzeigen/ }).click();
      await page.getByRole("menuitem", { name: /Aus ⁨?Englisch⁩? kopieren/ }).click();
      await editorReady(page);
      await noteMessages();
      // In the third run the copied blocks showed "Dieses Element kann wegen eines unbekannten Typs nicht angezeigt
      // werden": she looks at the other tab and back, as a person would try.
      const unknown = page.getByText(/unbekannten Typs/).first();
      if (await unknown.isVisible()) {
        current.messages.push("after the copy a block showed the unknown-type warning: Englisch and back to Deutsch");
        await tab(/^Englisch$/).click();
        await editorReady(page);
        await tab(/^Deutsch$/).click();
        await editorReady(page);
        current.messages.push(`after the tab switch the warning is still there: ${await unknown.isVisible()}`);
      }
      await retype(/^Titel/, "KI-Readiness-Workshop");
      await retype(/^Adresse \(Slug\)/, "ki-readiness-workshop");
      await retype(/^Schlagzeile/, "Die KI-Projekte finden, die sich zuerst lohnen");
      await shoot("8-campaign-copied-de");
      await saveUntil("content/en/pages/ai-readiness-workshop.md", /type: cta/);
      await expect.poll(() => readNow("content/de/pages/ai-readiness-workshop.md")).toContain("zuerst lohnen");
      await shoot("8-campaign-saved-de");
      for (const path of ["/ai-readiness-workshop", "/de/ki-readiness-workshop"]) {
        const answer = (await page.request.get(`${dev.url}${path}`)).status();
        current.messages.push(`dev server: ${path} answers ${answer}`);
        expect(answer).toBe(200);
      }
      // The page builds: the site's copy built as the live site is, the page among its output.
      const out = join(work.site, "dist-campaign");
      await build({ contentDir: join(work.site, "content"), outDir: out });
      current.messages.push(`built: ${work.read("dist-campaign/sitemap.xml").includes("ki-readiness-workshop")}`);
    });
  });
});
