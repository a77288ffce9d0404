// The narrowest line each kind of text in src/text/narrowest-lines.ts gets, on every page of the built site, at
// every 8th viewport width from 320 to 1440 px and on both sides of each media query of the stylesheet.
// Usage: npx tsx src/cli/build.ts && npx tsx bench/measure-lines.ts   (copy the figures into narrowest-lines.ts)
import { buildDay } from "../src/content/rules/schedule.ts";
import { readFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { loadContent } from "../src/content/load.ts";
import { RouteModel } from "../src/routes/model.ts";
import { startStaticServer, urlOf } from "../src/server/static-server.ts";
import { FORM_ISLAND } from "../src/shared/page-markup.ts";
import { minLettersFor, NARROWEST_LINES } from "../src/text/narrowest-lines.ts";
import { CHROMIUM } from "../tests/e2e/browser.ts";

const breakpoints = [
  ...readFileSync("src/styles/site.css", "utf8").matchAll(/\((?:min|max)-width:\s*(\d+)px\)/g),
].flatMap((match) => {
  const width = Number(match[1]);
  return [width - 1, width, width + 1];
});
const widths = [...new Set([...Array.from({ length: 141 }, (_, step) => 320 + step * 8), ...breakpoints])]
  .filter((width) => width >= 320 && width <= 1440)
  .sort((a, b) => a - b);
const content = await loadContent();
const today = buildDay(content.site.timeZone, process.env.BUILD_DATE, () => new Date());
const paths = new RouteModel(content, { today }).routes.map((route) => route.path);
const selectors = NARROWEST_LINES.map((line) => line.selector);

const server = await startStaticServer({ dir: "dist", port: 0 });
const browser = await chromium.launch(CHROMIUM);
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
// tsx keeps function names with a helper the page does not have.
await page.addInitScript({ content: "globalThis.__name = (target) => target;" });
const narrowest = new Map<string, { em: number; width: number; path: string; text: string }>();
for (const path of paths) {
  await page.goto(urlOf(server) + path);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    const lines = await page.evaluate(
      ({ selectors, island }) => {
        /**
         * The width a text's lines may take: its block container's, or where that box or an ancestor shrinks to
         * fit its content (a flex row's item, an inline-block, a table cell: such a box never gets narrower than
         * its longest word), the width of the box around the outermost one that does.
         */
        const lineWidth = (element: Element): number => {
          const shrinks = (candidate: Element) => {
            if (/^inline-|^table-|^table$/.test(getComputedStyle(candidate).display)) return true;
            const outer = candidate.parentElement && getComputedStyle(candidate.parentElement);
            return !!outer && /flex/.test(outer.display) && outer.flexDirection.startsWith("row");
          };
          let box: Element = element;
          while (box.parentElement && getComputedStyle(box).display.startsWith("inline")) box = box.parentElement;
          for (let ancestor: Element | null = box; ancestor?.parentElement; ancestor = ancestor.parentElement) {
            if (shrinks(ancestor)) box = ancestor.parentElement;
          }
          const style = getComputedStyle(box);
          return box.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        };
        const found: { kind: string; em: number; text: string }[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const element = node.parentElement;
          if (
            !element ||
            !/\p{L}{2}/u.test(node.textContent ?? "") ||
            element.closest(`#${island}, .visually-hidden, pre, code, svg`)
          )
            continue;
          if (element.getClientRects().length === 0) continue;
          let kind: string | undefined;
          for (let ancestor: Element | null = element; ancestor && !kind; ancestor = ancestor.parentElement) {
            kind = selectors.find((selector) => ancestor?.matches(selector));
          }
          found.push({
            kind: kind ?? "body",
            em: lineWidth(element) / Number.parseFloat(getComputedStyle(element).fontSize),
            text: (node.textContent ?? "").trim().slice(0, 40),
          });
        }
        return found;
      },
      { selectors, island: FORM_ISLAND.root },
    );
    for (const line of lines) {
      const known = narrowest.get(line.kind);
      if (!known || line.em < known.em) narrowest.set(line.kind, { em: line.em, width, path, text: line.text });
    }
  }
}
await browser.close();
server.close();
console.log(`${paths.length} pages at ${widths.length} widths from 320 to 1440 px\n`);
for (const selector of selectors) {
  const line = narrowest.get(selector);
  const listed = NARROWEST_LINES.find((entry) => entry.selector === selector)?.em ?? 0;
  if (!line) {
    console.log(`${selector.padEnd(18)} not on any page`);
    continue;
  }
  const stale = line.em < listed - 0.005 ? `  ! narrower than the ${listed} listed` : "";
  console.log(
    `${selector.padEnd(18)} ${line.em.toFixed(2)} em at ${line.width} px on ${line.path} ("${line.text}"): words from ${minLettersFor(line.em)} letters get soft hyphens${stale}`,
  );
}
