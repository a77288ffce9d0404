// npm run bench: click on the language button to the other language's headline on screen, after the pointer
// rested on the button (the page is prefetched) and without (a keyboard-less script click: no intent shown).
import { chromium } from "@playwright/test";
import { startStaticServer, urlOf } from "../../src/server/static-server.ts";
import { ENHANCED_ATTRIBUTE } from "../../src/shared/page-markup.ts";
import { CHROMIUM } from "../../tests/e2e/browser.ts";
import { median, percentile } from "./measure.ts";

const SWITCH = "[data-lang-switch]";

export async function benchLanguageSwitch(
  dir: string,
  paths: string[],
  runs: number,
  /** Switches after a hover per page (for the 90th percentile); the ones without a hover stay at `runs`. */
  hoveredRuns = runs,
): Promise<{ path: string; hovered: number; hoveredP90: number; hoveredAll: number[]; cold: number }[]> {
  const server = await startStaticServer({ dir, port: 0 });
  const browser = await chromium.launch(CHROMIUM);
  const results: { path: string; hovered: number; hoveredP90: number; hoveredAll: number[]; cold: number }[] = [];
  for (const path of paths) {
    const times = { hovered: [] as number[], cold: [] as number[] };
    for (let run = 0; run < Math.max(runs, hoveredRuns) * 2; run += 1) {
      const hover = run % 2 === 0;
      if (hover ? times.hovered.length >= hoveredRuns : times.cold.length >= runs) continue;
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(urlOf(server) + path);
      // The language switch arrives a moment after the first paint (client/enhance.ts); a visitor clicks later.
      await page.waitForFunction((attribute) => document.documentElement.hasAttribute(attribute), ENHANCED_ATTRIBUTE);
      const target = (await page.locator(SWITCH).first().getAttribute("href")) ?? "";
      if (hover) {
        const fetched = page.waitForResponse((response) => new URL(response.url()).pathname === target);
        await page.locator(SWITCH).first().hover();
        await fetched;
      }
      // Timed inside the page: from the click event to the end of the first frame that shows the other language.
      const elapsed = page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const lang = document.documentElement.lang;
            let start = 0;
            document.addEventListener("click", () => (start = performance.now()), { capture: true, once: true });
            new MutationObserver((_, observer) => {
              if (document.documentElement.lang !== lang && document.querySelector("h1")) {
                observer.disconnect();
                // The frame starts with the rAF callback; a message posted from it is handled once that frame's
                // style, layout and paint are done, i.e. when the other language is on screen.
                requestAnimationFrame(() => {
                  const channel = new MessageChannel();
                  channel.port1.onmessage = () => resolve(performance.now() - start);
                  channel.port2.postMessage(undefined);
                });
              }
            }).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
          }),
      );
      await page.evaluate((selector) => document.querySelector<HTMLAnchorElement>(selector)?.click(), SWITCH);
      (hover ? times.hovered : times.cold).push(await elapsed);
      await page.close();
    }
    results.push({
      path,
      hovered: median(times.hovered),
      hoveredP90: percentile(times.hovered, 0.9),
      hoveredAll: times.hovered,
      cold: median(times.cold),
    });
  }
  await browser.close();
  server.close();
  return results;
}
