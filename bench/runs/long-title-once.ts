// One link-preview card for a very long title, in a fresh process: prints its time, peak memory and outcome as JSON
// (npm run bench -- --long-title runs it once per language).
import "../../src/cli/production-mode.ts";
import { readFileSync } from "node:fs";
import { loadContent } from "../../src/content/load.ts";
import { SITE_CSS } from "../../src/pipeline/assets.ts";
import { brandOf } from "../../src/pipeline/cards/brand.ts";
import { cardRefusal } from "../../src/pipeline/cards/budget.ts";
import { drawCard } from "../../src/pipeline/cards/draw.tsx";

const [lang = "de", title = ""] = process.argv.slice(2);
const { site } = await loadContent("content");
const brand = brandOf(site, site.url, readFileSync(SITE_CSS, "utf8"));
const started = performance.now();
let outcome: string;
try {
  const drawn = await drawCard({ title, lang }, brand);
  outcome = Buffer.isBuffer(drawn) ? `drawn (${drawn.length} bytes)` : `fallback: ${JSON.stringify(drawn)}`;
} catch (error) {
  outcome = `crashed: ${(error as Error).name}: ${(error as Error).message.slice(0, 80)}`;
}
const seconds = (performance.now() - started) / 1000;
// What a build does with such a title: the schema refuses it in content, and a value past the schema gets the generic card.
const build = cardRefusal({ title, lang }) ?? "drawn";
console.log(JSON.stringify({ seconds, peakRssMb: process.resourceUsage().maxRSS / 1024, outcome, build }));
