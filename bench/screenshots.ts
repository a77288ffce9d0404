// Full-page screenshots of every page at small and large phone, tablet and desktop widths, for a visual check.
// Usage: npm run screenshots [-- --out dir] [-- --webkit]   (serves dist/ itself; run npm run build first)
// --webkit takes them in WebKit (Safari's engine: Debian's WebKitGTK, as in tests/webkit/) instead of Chromium.
import { buildDay } from "../src/content/rules/schedule.ts";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { CHROMIUM } from "../tests/e2e/browser.ts";
import { loadContent } from "../src/content/load.ts";
import { RouteModel } from "../src/routes/model.ts";
import { startStaticServer, urlOf } from "../src/server/static-server.ts";
import { screenshotsInWebKit } from "./screenshots-webkit.ts";

const { values } = parseArgs({
  options: {
    out: { type: "string", default: "screenshots" },
    widths: { type: "string", default: "320,375,768,1280" },
    slices: { type: "boolean", default: false },
    webkit: { type: "boolean", default: false },
    pages: { type: "string" },
  },
});
// Every route of the route model; the 404 routes ("/404", "/de/404") answer with their language's 404 page.
const content = await loadContent();
const today = buildDay(content.site.timeZone, process.env.BUILD_DATE, () => new Date());
const pages = values.pages?.split(",") ?? new RouteModel(content, { today }).routes.map((route) => route.path);
const widths = values.widths.split(",").map(Number);
const fileName = (path: string, width: number) =>
  `${path.replace(/\//g, "_").replace(/^_$/, "_home") || "_home"}-${width}.png`;
mkdirSync(values.out, { recursive: true });
const server = await startStaticServer({ dir: "dist", port: 0 });
if (values.webkit) {
  await screenshotsInWebKit(urlOf(server), pages, widths, values.out, fileName);
  server.close();
  process.exit(0);
}
const browser = await chromium.launch(CHROMIUM);
for (const width of widths) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  for (const path of pages) {
    await page.goto(urlOf(server) + path);
    await page.evaluate(() => document.fonts.ready);
    // What a visitor sees after scrolling: the lazy images below the first screen would otherwise be blank.
    await page.evaluate(async () => {
      const lazy = [...document.images].filter((image) => image.loading === "lazy");
      for (const image of lazy) image.loading = "eager";
      await Promise.all(lazy.map((image) => image.decode().catch(() => undefined)));
    });
    const name = fileName(path, width);
    await page.screenshot({ path: join(values.out, name), fullPage: true });
    console.log(join(values.out, name));
    if (!values.slices) continue;
    // Viewport-sized slices, readable at phone widths where a full page is too tall to look at.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let top = 0, index = 0; top < height; top += 900, index += 1) {
      const slice = name.replace(".png", `-part${index}.png`);
      await page.screenshot({
        path: join(values.out, slice),
        fullPage: true,
        clip: { x: 0, y: top, width, height: Math.min(900, height - top) },
      });
    }
  }
  await page.close();
}
await browser.close();
server.close();
