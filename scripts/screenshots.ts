// Full-page screenshots of every page at small and large phone, tablet and desktop widths, for a visual check.
// Usage: npm run screenshots [-- --out dir]   (serves dist/ itself; run npm run build first)
import { buildDay } from "../src/content/schedule.ts";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { CHROMIUM } from "../tests/e2e/browser.ts";
import { loadContent } from "../src/content/load.ts";
import { RouteModel } from "../src/routes/model.ts";
import { startStaticServer, urlOf } from "../src/server/static-server.ts";

const { values } = parseArgs({
  options: {
    out: { type: "string", default: "screenshots" },
    widths: { type: "string", default: "320,375,768,1280" },
    slices: { type: "boolean", default: false },
  },
});
// Every route of the route model; the 404 routes ("/404", "/de/404") answer with their language's 404 page.
const content = await loadContent();
const today = buildDay(content.site.timeZone, process.env.BUILD_DATE, () => new Date());
const pages = new RouteModel(content, { today }).routes.map((route) => route.path);
mkdirSync(values.out, { recursive: true });
const server = await startStaticServer({ dir: "dist", port: 0 });
const browser = await chromium.launch(CHROMIUM);
for (const width of values.widths.split(",").map(Number)) {
  // bypassCSP: the style below is the screenshot's, not the site's (whose policy allows only its own).
  const page = await browser.newPage({ viewport: { width, height: 900 }, bypassCSP: true });
  for (const path of pages) {
    await page.goto(urlOf(server) + path);
    await page.evaluate(() => document.fonts.ready);
    // What a visitor sees after scrolling: the parts the browser lays out only near the screen (content-visibility)
    // and the lazy images below the first screen would otherwise be blank in a full-page picture.
    await page.addStyleTag({ content: "* { content-visibility: visible !important; }" });
    await page.evaluate(async () => {
      const lazy = [...document.images].filter((image) => image.loading === "lazy");
      for (const image of lazy) image.loading = "eager";
      await Promise.all(lazy.map((image) => image.decode().catch(() => undefined)));
    });
    const name = `${path.replace(/\//g, "_").replace(/^_$/, "_home") || "_home"}-${width}.png`;
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
