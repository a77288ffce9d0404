// npm run bench -- --switch-trace: where a language switch spends its time, from Chromium performance traces of
// switches after a hover (the other page prefetched): the page's main thread from the click to the end of the
// first frame that shows the other language, as self time per trace event (script, HTML parsing, style, layout,
// paint), median over the runs.
import { chromium } from "@playwright/test";
import { startStaticServer, urlOf } from "../../src/server/static-server.ts";
import { CHROMIUM } from "../../tests/e2e/browser.ts";
import { median } from "./measure.ts";
import { ENHANCED_ATTRIBUTE } from "../../src/shared/page-markup.ts";

const SWITCH = "[data-lang-switch]";
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
}

/** Self time per event name (each event's duration minus that of the events nested in it), in ms. */
function selfTimes(events: TraceEvent[]): Map<string, number> {
  const sorted = [...events].sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const stack: TraceEvent[] = [];
  for (const event of sorted) {
    while (stack.length > 0 && (stack.at(-1)?.ts ?? 0) + (stack.at(-1)?.dur ?? 0) <= event.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - (event.dur ?? 0) / 1000);
    self.set(event.name, (self.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
    stack.push(event);
  }
  return self;
}

export async function traceLanguageSwitch(dir: string, paths: string[], runs: number): Promise<void> {
  const server = await startStaticServer({ dir, port: 0 });
  const browser = await chromium.launch(CHROMIUM);
  try {
    for (const path of paths) {
      const totals: number[] = [];
      const splits: Map<string, number>[] = [];
      for (let run = 0; run < runs; run += 1) {
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        await page.goto(urlOf(server) + path);
        // The language switch arrives a moment after the first paint (client/enhance.ts); a visitor hovers later.
        await page.waitForFunction((attribute) => document.documentElement.hasAttribute(attribute), ENHANCED_ATTRIBUTE);
        const target = (await page.locator(SWITCH).first().getAttribute("href")) ?? "";
        const fetched = page.waitForResponse((response) => new URL(response.url()).pathname === target);
        await page.locator(SWITCH).first().hover();
        await fetched;
        await browser.startTracing(page, {
          categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing"],
        });
        // Marks the click and, once the other language is in the page, the end of the frame that shows it.
        await page.evaluate((selector) => {
          const lang = document.documentElement.lang;
          document.addEventListener("click", () => performance.mark("switch-click"), { capture: true, once: true });
          return new Promise<void>((resolve) => {
            new MutationObserver((_, observer) => {
              if (document.documentElement.lang === lang) return;
              observer.disconnect();
              requestAnimationFrame(() => {
                const channel = new MessageChannel();
                channel.port1.onmessage = () => {
                  performance.mark("switch-shown");
                  resolve();
                };
                channel.port2.postMessage(undefined);
              });
            }).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
            document.querySelector<HTMLAnchorElement>(selector)?.click();
          });
        }, SWITCH);
        const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
        const click = traceEvents.find((event) => event.name === "switch-click");
        const shown = traceEvents.find((event) => event.name === "switch-shown");
        if (!click || !shown) throw new Error("the trace holds no switch");
        totals.push((shown.ts - click.ts) / 1000);
        splits.push(
          selfTimes(
            traceEvents.filter(
              (event) =>
                event.pid === click.pid &&
                event.tid === click.tid &&
                event.ph === "X" &&
                event.ts >= click.ts - 1000 &&
                event.ts < shown.ts,
            ),
          ),
        );
        await page.close();
      }
      console.log(
        `\nLanguage switch on ${path} after a hover, traced: click to the end of the frame that shows it, median of ${runs}: ${median(totals).toFixed(1)} ms; main thread self time (ms, median):`,
      );
      const names = [...new Set(splits.flatMap((split) => [...split.keys()]))];
      const rows = names
        .map((name) => [name, median(splits.map((split) => split.get(name) ?? 0))] as const)
        .filter(([, ms]) => ms >= 0.5);
      for (const [name, ms] of rows.sort((a, b) => b[1] - a[1])) console.log(`${ms.toFixed(1).padStart(8)}  ${name}`);
    }
  } finally {
    await browser.close();
    server.close();
  }
}
