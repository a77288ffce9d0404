// npm run bench -- --editor, its second half: the preview pane's latency. In Debian's Chromium on npm run dev over a
// temporary copy of the site, an author types into a page's text (page.keyboard.type, 60 ms between keys, the
// German interface); each run types a word of its own and times from the keydown of its last key to the preview's
// <main> showing the word. Both times are taken in the browser (performance.timeOrigin + now, in the editor and in
// the preview's frame); beside it, the dev server's own part: each preview request's time from the pane's ask to
// its answer (Resource Timing).
import type { Frame, Page } from "@playwright/test";
import { startDevServer } from "../../src/dev/server.ts";
import { EDITOR_PREVIEW_PATH } from "../../src/host/addresses.ts";
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
    await page.getByText("Privacy Policy", { exact: true }).first().click();
    await editorReady(page);
    const frame = await previewFrame(page);
    await page.locator('[contenteditable="true"]').first().click();
    await page.keyboard.press("Control+End");
    await page.keyboard.press("Enter");
    // The last keydown, in the editor's document.
    await page.evaluate(() => {
      const held = window as unknown as { keyAt?: number };
      document.addEventListener("keydown", () => (held.keyAt = performance.timeOrigin + performance.now()), true);
    });
    // When the preview first shows the word asked for, in the preview's document.
    await frame.evaluate(() => {
      const held = window as unknown as { want?: string; seenAt?: number };
      new MutationObserver(() => {
        const text = document.querySelector(".site-preview-page main")?.textContent?.replaceAll("\u00ad", "") ?? "";
        if (held.want && held.seenAt === undefined && text.includes(held.want))
          held.seenAt = performance.timeOrigin + performance.now();
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const latencies: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const word = `mess${run}wort`;
      await frame.evaluate((want) => Object.assign(window, { want, seenAt: undefined }), word);
      await page.keyboard.type(word, { delay: 60 });
      const seenAt = await frame
        .waitForFunction(() => (window as unknown as { seenAt?: number }).seenAt, undefined, { timeout: 30_000 })
        .then(async (handle) => (await handle.jsonValue()) ?? Number.NaN);
      const keyAt = await page.evaluate(() => (window as unknown as { keyAt?: number }).keyAt ?? Number.NaN);
      latencies.push(seenAt - keyAt);
      await page.keyboard.press("Space");
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
      `\nThe preview pane, keystroke to preview updated (Chromium, npm run dev, this site, ${runs} words typed 60 ms apart):`,
    );
    console.log(
      `  median ${ms(latencies)}, min ${Math.round(Math.min(...latencies))} ms, max ${Math.round(Math.max(...latencies))} ms`,
    );
    console.log(`  of which the dev server's answer (ask to answer, ${asks.length} asks): median ${ms(asks)}`);
    console.log("  (the editor hands typed rich text to the entry 100 ms after the keystroke: Sveltia's own debounce)");
  } finally {
    await context.close();
    await dev.close();
    work.remove();
  }
}
