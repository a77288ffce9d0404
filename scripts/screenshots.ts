// Full-page screenshots of every page at phone, tablet and desktop widths, for a visual check.
// Usage: npm run screenshots [-- --out dir]   (serves dist/ itself; run npm run build first)
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { CHROMIUM } from "../tests/e2e/browser.ts";
import { startStaticServer, urlOf } from "../src/server/static-server.ts";

const { values } = parseArgs({ options: { out: { type: "string", default: "screenshots" }, widths: { type: "string", default: "375,768,1280" } } });
const pages = ["/", "/de/", "/datenschutz", "/de/datenschutz", "/impressum", "/missing-page", "/de/missing-page"];
mkdirSync(values.out, { recursive: true });
const server = await startStaticServer({ dir: "dist", port: 0 });
const browser = await chromium.launch(CHROMIUM);
for (const width of values.widths.split(",").map(Number)) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  for (const path of pages) {
    await page.goto(urlOf(server) + path);
    await page.evaluate(() => document.fonts.ready);
    const name = `${path.replace(/\//g, "_").replace(/^_$/, "_home") || "_home"}-${width}.png`;
    await page.screenshot({ path: join(values.out, name), fullPage: true });
    console.log(join(values.out, name));
  }
  await page.close();
}
await browser.close();
server.close();
