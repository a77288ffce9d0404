import { expect, type Locator, type Page } from "@playwright/test";
import { EDITOR_WAIT } from "./editor-workspace.ts";

/**
 * Waits until Sveltia's entry editor takes input, as an author's eyes and hands would find it: call it after
 * anything that (re)draws the form (opening or creating an entry, switching its language, inserting a
 * component, closing a picker) and before typing or clicking in it.
 *
 * Seeing the field is not enough. Sveltia draws the form before it is done with it, and whatever Playwright
 * types in between is lost without an error:
 * - "Create New Entry" opens an empty menu popup, a modal <dialog>, on every click. It closes only when an
 *   IntersectionObserver reports the button covered, which a busy machine delivers late; until then the whole
 *   form is inert (a modal makes everything outside it inert without an inert attribute, so Playwright's own
 *   check lets fill() go ahead, and the text goes nowhere).
 * - The overlay moves the focus to itself once its panes are in place (it then sets tabindex on its wrapper).
 * - Fields are drawn only once a VisibilityObserver sees them; the Markdown field's Lexical editor is mounted a
 *   task later still, and fills itself from the entry's Markdown after that.
 * - Each rich-text component (a callout, a figure…) takes the focus one animation frame after it is drawn
 *   (custom-node.js in Sveltia's source): a value typed into the component inserted just before can go to the
 *   component's wrapper instead.
 * So besides the states below, the edit pane must have drawn two frames with no change in it: by then the
 * frame callbacks the last change scheduled (the components' focus) have run.
 */
export async function editorReady(page: Page, timeout = EDITOR_WAIT): Promise<void> {
  const token = String(Math.random());
  await page.waitForFunction(editorSettled, token, { polling: "raf", timeout }).catch(async (error: Error) => {
    // Says which state was missing, not just that the time ran out.
    const waiting = await page
      .evaluate(() => (window as unknown as { __editorReady?: { waiting: string } }).__editorReady?.waiting)
      .catch(() => undefined);
    throw new Error(`The editor did not settle: waiting for ${waiting ?? "the page"}`, { cause: error });
  });
}

/** Runs in the page once a frame; true once the edit pane takes input and has not changed for two frames. */
function editorSettled(token: string): boolean {
  type Watch = {
    token: string;
    panes: Element[];
    observer: MutationObserver;
    changed: boolean;
    quiet: number;
    waiting: string;
    lastChange?: string;
  };
  const holder = window as unknown as { __editorReady?: Watch };
  const editor = document.querySelector(".content-editor");
  const panes = [...(editor?.querySelectorAll('.pane[data-mode="edit"]') ?? [])];
  let watch = holder.__editorReady;
  // A fresh count for each wait, and again whenever the panes themselves are replaced.
  if (
    !watch ||
    watch.token !== token ||
    watch.panes.length !== panes.length ||
    watch.panes.some((pane, i) => pane !== panes[i])
  ) {
    watch?.observer.disconnect();
    const elementOf = (record: MutationRecord) =>
      record.target instanceof Element ? record.target : record.target.parentElement;
    const observer = new MutationObserver((records) => {
      if (!holder.__editorReady) return;
      // An empty rich-text field redraws its empty paragraph again and again (Sveltia converts its empty value
      // each time the editor reports one): nothing an author sees changes, so it does not count.
      const seen = records.filter((record) => {
        const root = elementOf(record)?.closest(".lexical-root");
        return root?.textContent !== "";
      });
      if (!seen.length) return;
      holder.__editorReady.changed = true;
      // What changed last, with the nearest element that has a class, for the message when the pane never settles.
      const record = seen[seen.length - 1];
      const target = record ? elementOf(record) : null;
      const named = target?.closest("[class]");
      holder.__editorReady.lastChange = `${record?.type} ${record?.attributeName ?? ""} on ${target?.tagName.toLowerCase()} in ${named?.tagName.toLowerCase()}.${[...(named?.classList ?? [])].join(".")}`;
    });
    for (const pane of panes)
      observer.observe(pane, { subtree: true, childList: true, attributes: true, characterData: true });
    watch = { token, panes, observer, changed: false, quiet: 0, waiting: "" };
    holder.__editorReady = watch;
  } else if (watch.changed) {
    watch.changed = false;
    watch.quiet = 0;
  } else watch.quiet += 1;
  /**
   * Whether any of `element` shows: its box within the window and within every box that clips it (a scroller's,
   * overflow other than visible). Sveltia draws a field once an IntersectionObserver on the window sees its
   * placeholder, and that observer counts such clipping: a placeholder scrolled just under the language toolbar
   * (inside the edit pane's box but above its scroller's, which starts below the toolbar) is never drawn, as the
   * new entry of a list scrolled into view leaves the item above it.
   */
  function onScreen(element: Element): boolean {
    let { top, bottom, left, right } = element.getBoundingClientRect();
    [bottom, right] = [Math.min(bottom, innerHeight), Math.min(right, innerWidth)];
    [top, left] = [Math.max(top, 0), Math.max(left, 0)];
    for (let box = element.parentElement; box && top < bottom && left < right; box = box.parentElement) {
      const { overflowX, overflowY } = getComputedStyle(box);
      if (overflowX === "visible" && overflowY === "visible") continue;
      const clip = box.getBoundingClientRect();
      [top, bottom] = [Math.max(top, clip.top), Math.min(bottom, clip.bottom)];
      [left, right] = [Math.max(left, clip.left), Math.min(right, clip.right)];
    }
    return top < bottom && left < right;
  }

  const current = watch;
  const waitingFor = (what: string) => {
    current.waiting = what;
    return false;
  };

  // The overlay is open, nothing is loading, and it has placed its panes and taken the focus.
  if (!editor || !panes.length) return waitingFor("the editor's edit pane");
  if (editor.closest("[inert]")) return waitingFor("the editor to be no longer inert");
  if (editor.getAttribute("tabindex") !== "0") return waitingFor("the editor to take the focus (tabindex)");
  if (editor.querySelector('[aria-busy="true"]')) return waitingFor("no element busy (aria-busy)");
  // No modal dialog in front of the form (the empty popup of "Create New Entry", a picker still closing).
  if ([...document.querySelectorAll("dialog")].some((dialog) => dialog.matches(":modal") && !dialog.contains(editor)))
    return waitingFor("no modal dialog in front of the form");
  for (const pane of panes) {
    // Every field on screen is drawn (the rest wait for a scroll, as for an author; those in a collapsed
    // group for it to be opened).
    for (const placeholder of pane.querySelectorAll("div.placeholder:empty"))
      if (placeholder.checkVisibility() && onScreen(placeholder)) return waitingFor("the fields on screen to be drawn");
    // Every rich-text field has its editor, attached (data-lexical-editor) and filled from the Markdown (a
    // converted document always has a block, an empty paragraph at least), unless the author chose plain text.
    for (const field of pane.querySelectorAll(
      '.field[data-field-type="markdown"], .field[data-field-type="richtext"]',
    )) {
      const root = field.querySelector(".lexical-root");
      const name = field.getAttribute("data-key-path");
      if (!root) return waitingFor(`the rich-text editor of ${name}`);
      if (root.hasAttribute("hidden")) continue;
      if (root.getAttribute("data-lexical-editor") !== "true")
        return waitingFor(`the rich-text editor of ${name} to be attached`);
      if (!root.firstElementChild) return waitingFor(`the rich-text editor of ${name} to be filled`);
    }
  }
  if (current.quiet < 2)
    return waitingFor(
      `two frames with no change in the edit pane (${current.quiet} so far; last change: ${current.lastChange ?? "none"})`,
    );
  return true;
}

/**
 * Deletes the draft backups Sveltia left behind after saves (IndexedDB, store "draft-backups"); call it after
 * signing in, when no editor is open and the reload has cancelled any pending backup. Sveltia writes a backup
 * 500 ms after a change and deletes it on save, but one still pending at the save, or started by a change
 * Sveltia makes to the draft while saving, is written after the delete. The next visit to that entry then opens
 * on "Restore Draft" for a page already saved; an author clicks Discard, which is what this does.
 */
export async function dropStaleBackups(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const request = <T>(r: IDBRequest<T>) =>
      new Promise<T>((done, fail) => {
        r.onsuccess = () => done(r.result);
        r.onerror = () => fail(r.error);
      });
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await request(indexedDB.open(name));
      try {
        if (db.objectStoreNames.contains("draft-backups"))
          await request(db.transaction("draft-backups", "readwrite").objectStore("draft-backups").clear());
      } finally {
        db.close();
      }
    }
  });
}

/**
 * Loads the editor at `origin`/admin/ until its address is committed. On load the editor goes back to the view it was
 * last in (a hash of its own), which Playwright counts as a second navigation interrupting a goto that waits for
 * "load"; under load it can even see that hash change before the commit. An interruption by the editor's own
 * address is the load having happened.
 */
export async function loadEditor(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/admin/`, { waitUntil: "commit" }).catch((error: Error) => {
    if (!error.message.includes(`interrupted by another navigation to "${origin}/admin/#`)) throw error;
  });
}

/**
 * Signs in to the editor at `origin` with the working copy (npm run dev), unless the browser profile's earlier
 * visit still holds it, in either language of the editor's interface; then drops stale draft backups.
 */
export async function signIn(page: Page, origin: string): Promise<void> {
  // A fresh load each time (the editor may still be moving between its own views after a save).
  await page.goto("about:blank");
  await loadEditor(page, origin);
  const local = page.getByRole("button", { name: /^(Work with Local Repository|Mit lokalem Repository arbeiten)$/ });
  const collections = page.getByRole("navigation", { name: /^(Contents|Inhalte)$/ });
  await expect(local.or(collections).first()).toBeVisible({ timeout: EDITOR_WAIT });
  if (await local.isVisible()) await local.click();
  // The first sign-in reads every file of content/ before the collections show.
  await expect(collections).toBeVisible({ timeout: EDITOR_WAIT });
  await dropStaleBackups(page);
}

/**
 * Brings a field into view as an author does, with the mouse wheel over the form: Sveltia draws a field only once it
 * scrolls into view, so a field far down the form is not there to be found until then.
 */
export async function reach(page: Page, field: Locator): Promise<void> {
  const deadline = Date.now() + EDITOR_WAIT;
  for (;;) {
    if (await field.isVisible().catch(() => false)) {
      const done = await field
        .scrollIntoViewIfNeeded({ timeout: 2_000 })
        .then(() => true)
        .catch(() => false);
      if (done) return;
    }
    if (Date.now() > deadline) throw new Error(`not found by scrolling the form: ${field}`);
    await page.mouse.move(300, 1000);
    await page.mouse.wheel(0, 600);
    // Looks again once the page has drawn the scroll (two frames), not after a fixed time.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  }
}

/**
 * Picks one of the shared images (content/media/, Sveltia's „Globale Medien“) through an image field's own dialog,
 * opened by its `browse` button, as an author does; returns once the form is drawn again.
 */
export async function pickSharedImage(page: Page, browse: Locator, file: string): Promise<void> {
  await reach(page, browse);
  await browse.click();
  await page.getByRole("listbox", { name: "Quellen" }).getByRole("option", { name: "Globale Medien" }).click();
  await page.getByRole("listbox", { name: "Verfügbare Bilder" }).getByRole("option", { name: file }).click();
  await page.getByRole("button", { name: "Einfügen", exact: true }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await editorReady(page);
}

/**
 * A menu entry added in the German interface as an author adds one: „hinzufügen“ under the menu, its link text
 * typed, then its „Führt zu“ clicked, which is returned for the caller to type a title or an address into.
 */
export async function addMenuEntry(page: Page, menu: Locator, label: string): Promise<Locator> {
  await menu
    .getByRole("button", { name: /hinzufügen/ })
    .first()
    .click();
  await editorReady(page);
  await menu
    .getByLabel(/^Linktext/)
    .last()
    .click();
  await page.keyboard.type(label, { delay: 60 });
  const target = menu.getByLabel(/^Führt zu/).last();
  await target.click();
  return target;
}
