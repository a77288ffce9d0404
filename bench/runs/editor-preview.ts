// npm run bench -- --editor, its second half: the preview pane's latency. In Debian's Chromium on npm run dev over a
// temporary copy of the site, an author types a page's title (page.keyboard.type, 60 ms between keys, the
// German interface); each run types a new title, a word of its own, and times from the keydown of its last key to the preview's
// <main> showing the word: from just before the key is sent (this process's clock) to a MutationObserver on the
// preview frame's document seeing it (the browser's Date.now(), the same system clock); beside it, the dev server's own part: each preview request's time from the
// pane's ask to its answer (Resource Timing).
import type { Frame, Page } from "@playwright/test";
import { startDevServer } from "../../src/dev/server.ts";
import { EDITOR_PREVIEW_PATH } from "../../src/host/addresses.ts";
import { copy } from "../../tests/e2e/content.ts";
import { editorReady, signIn } from "../../tests/e2e/editor-ready.ts";
import { authorsBrowser, workspace } from "../../tests/e2e/editor-workspace.ts";
import { median } from "./measure.ts";

/** The preview's frame: the one that shows the page the dev server answered. */
async function previewFrame(page: Page): Promise<Frame> {
  for (;;) {
    for (const frame of page.frames())
      if (
        await frame
          .locator(".site-preview-page main")
          .count()
          .catch(() => 0)
      )
        return frame;
    await page.waitForTimeout(100);
  }
}

export async function benchEditorPreview(runs: number): Promise<void> {
  const work = workspace("bench-editor-preview");
  const dev = await startDevServer({ cwd: work.site, port: 0, log: () => {} });
  const context = await authorsBrowser(work.profile, dev.url, { locale: "de-DE" });
  // tsx keeps function names with a helper (__name) that the functions the test helpers hand the page would call
  // there: the page gets one too.
  await context.addInitScript({ content: "globalThis.__name = (f) => f;" });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await signIn(page, dev.url);
    // The list names entries in the interface language (German here), as an author of this browser sees them: the
    // privacy page by its German title in content/.
    await page.getByText(copy("de").privacy.title, { exact: true }).first().click();
    await editorReady(page);
    // The pane has drawn the page before the typing starts.
    await previewFrame(page);
    // The page's title: each run writes a new one, which the pane's <h1> shows. (A word typed into the rich text
    // takes Sveltia's 100 ms hand-over more, and its caret could not be kept at the text's end between runs.)
    const title = page.getByLabel(/^Titel/).first();
    await title.click();
    // When the preview first shows the word asked for, seen from the editor's document on the frame's.
    await page.evaluate(() => {
      const held = window as unknown as { want?: string; seenAt?: number };
      const frame = [...document.querySelectorAll("iframe")]
        .map((element) => element.contentDocument)
        .find((doc) => doc?.querySelector(".site-preview-page main"));
      if (!frame) throw new Error("no preview frame");
      new MutationObserver(() => {
        const text = frame.querySelector(".site-preview-page main")?.textContent?.replaceAll("\u00ad", "") ?? "";
        if (held.want && held.seenAt === undefined && text.includes(held.want)) held.seenAt = Date.now();
      }).observe(frame.body, { subtree: true, childList: true, characterData: true });
    });
    const latencies: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const word = `mess${run}wort`;
      await page.evaluate((want) => Object.assign(window, { want, seenAt: undefined }), word);
      await page.keyboard.press("Control+A");
      await page.keyboard.type(word.slice(0, -1), { delay: 60 });
      await page.waitForTimeout(60);
      const early = await page.evaluate((want) => {
        const seen = (window as unknown as { seenAt?: number }).seenAt;
        const doc = [...document.querySelectorAll("iframe")]
          .map((element) => element.contentDocument)
          .find((d) => d?.querySelector(".site-preview-page main"));
        const tail = doc?.querySelector(".site-preview-page main")?.textContent?.slice(-200);
        return seen === undefined ? undefined : `${want} seen before its last key: ${tail}`;
      }, word);
      if (early) throw new Error(early);
      // The word's last key: from here (the system clock, which the browser's Date.now() reads too) to the pane.
      const keyAt = Date.now();
      await page.keyboard.press(word.slice(-1));
      const seenAt = await page
        .waitForFunction(() => (window as unknown as { seenAt?: number }).seenAt, undefined, { timeout: 30_000 })
        .then(async (handle) => (await handle.jsonValue()) ?? Number.NaN);
      latencies.push(seenAt - keyAt);
    }
    const asks = await page.evaluate(
      (path) =>
        performance
          .getEntriesByType("resource")
          .filter((entry) => new URL(entry.name).pathname === path)
          .map((entry) => entry.duration),
      EDITOR_PREVIEW_PATH,
    );
    const ms = (values: number[]) => `${Math.round(median(values))} ms`;
    console.log(
      `\nThe preview pane, keystroke to preview updated (Chromium, npm run dev, this site, ${runs} titles typed 60 ms apart):`,
    );
    console.log(
      `  median ${ms(latencies)}, min ${Math.round(Math.min(...latencies))} ms, max ${Math.round(Math.max(...latencies))} ms`,
    );
    console.log(`  of which the dev server's answer (ask to answer, ${asks.length} asks): median ${ms(asks)}`);
    console.log("  (in the rich text add 100 ms: Sveltia hands typed text to the entry 100 ms after the keystroke)");
  } finally {
    await context.close();
    await dev.close();
    work.remove();
  }
}
