// npm run bench [-- --json file]: build time (median and spread of 5 in-process builds after a warm-up,
// with the split by step) and, for every page, the bytes a first visit downloads and how many requests it makes.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { build, type BuildTimings } from "../src/build/index.ts";
import { FORM_ISLAND } from "../src/components/islands.ts";
import { routes } from "../src/pages/routes.ts";

const { values } = parseArgs({ options: { json: { type: "string" }, runs: { type: "string", default: "5" } } });
const RUNS = Number(values.runs);
const outDir = join(mkdtempSync(join(tmpdir(), "bench-")), "dist");

// --- build time ---
await build({ outDir }); // warm-up: module loading and the validator's first use are not what we measure
const samples: BuildTimings[] = [];
for (let run = 0; run < RUNS; run += 1) samples.push((await build({ outDir })).timings);
const steps = ["content", "bundle", "render", "validate", "total"] as const;
const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const buildTime = Object.fromEntries(
  steps.map((step) => {
    const times = samples.map((sample) => sample[step]);
    return [step, { median: median(times), min: Math.min(...times), max: Math.max(...times) }];
  }),
) as Record<(typeof steps)[number], { median: number; min: number; max: number }>;

// One cold run of the real command, startup included, since that is what an author waits for.
const coldStart = performance.now();
execFileSync(process.execPath, ["--import", "tsx", "scripts/build.ts"], { env: { ...process.env }, stdio: "ignore" });
const coldCli = performance.now() - coldStart;

// --- page weight ---
type Kind = "html" | "css" | "js" | "font" | "image";
const kindOf = (url: string): Kind =>
  url.endsWith(".css") ? "css" : url.endsWith(".js") ? "js" : url.endsWith(".woff2") ? "font" : /\.(png|svg|jpe?g|webp|avif)$/.test(url) ? "image" : "html";
const read = (url: string) => readFileSync(join(outDir, url));

/** Static imports of a built module, i.e. what the browser fetches before running it. */
const staticImports = (url: string): string[] =>
  [...read(url).toString().matchAll(/(?:import|from)\s*"\.\/([^"]+\.js)"/g)].map((match) => `/assets/${match[1]}`);
const dynamicImports = (url: string): string[] => [...read(url).toString().matchAll(/import\("\.\/([^"]+\.js)"\)/g)].map((match) => `/assets/${match[1]}`);

const pages = routes.map((route) => {
  const html = read(route.file);
  const text = html.toString();
  const referenced = [
    ...text.matchAll(/<link rel="(?:stylesheet|preload|icon)"[^>]*?href="(\/assets\/[^"]+)"/g),
    ...text.matchAll(/<script type="module" src="(\/assets\/[^"]+)"/g),
  ].map((match) => match[1] ?? "");
  // The browser asks for the SVG icon only, not both favicons.
  const firstVisit = new Set(referenced.filter((url) => !url.endsWith(".png")));
  for (const url of [...firstVisit]) if (url.endsWith(".js")) for (const dep of staticImports(url)) firstVisit.add(dep);
  // Only a page with the form ever loads the island.
  const hasIsland = text.includes(`id="${FORM_ISLAND.root}"`);
  const lazy = hasIsland ? [...firstVisit].filter((url) => url.endsWith(".js")).flatMap(dynamicImports) : [];
  const weigh = (urls: Iterable<string>) => {
    const totals = {} as Record<Kind, { raw: number; gzip: number }>;
    for (const kind of ["html", "css", "js", "font", "image"] as Kind[]) totals[kind] = { raw: 0, gzip: 0 };
    const add = (kind: Kind, bytes: Buffer) => {
      totals[kind].raw += bytes.length;
      totals[kind].gzip += gzipSync(bytes, { level: 9 }).length;
    };
    for (const url of urls) {
      if (url !== "page") {
        add(kindOf(url), read(url));
        continue;
      }
      // The stylesheet is inlined: count it as CSS, and the rest of the page as HTML.
      const style = /<style>[^<]*<\/style>/.exec(text)?.[0] ?? "";
      add("css", Buffer.from(style));
      add("html", Buffer.from(text.replace(style, "")));
    }
    return totals;
  };
  return { path: route.path, requests: firstVisit.size + 1, firstVisit: weigh(["page", ...firstVisit]), lazyJs: weigh(new Set(lazy.flatMap((url) => [url, ...staticImports(url)]))).js };
});

// --- report ---
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)}`;
const ms = (value: number) => `${Math.round(value)}`;
console.log(`\nBuild time (ms), ${RUNS} in-process runs after a warm-up:`);
console.log(["step", "median", "min", "max"].map((cell) => cell.padStart(10)).join(""));
for (const step of steps) console.log([step, ms(buildTime[step].median), ms(buildTime[step].min), ms(buildTime[step].max)].map((cell) => cell.padStart(10)).join(""));
console.log(`Cold "npm run build" (Node and tsx start-up included): ${ms(coldCli)} ms`);

console.log(`\nFirst visit per page, KiB raw / gzip (requests include the HTML; CSS is inlined in it, gzipped apart here; "island JS" is fetched when the form nears the viewport):`);
const header = ["page", "requests", "HTML", "CSS", "JS", "fonts", "images", "island JS"];
console.log(header.map((cell, index) => (index === 0 ? cell.padEnd(18) : cell.padStart(14))).join(""));
for (const page of pages) {
  const cell = (size: { raw: number; gzip: number }) => `${kb(size.raw)}/${kb(size.gzip)}`;
  const f = page.firstVisit;
  console.log(
    [page.path.padEnd(18), String(page.requests).padStart(14), ...[f.html, f.css, f.js, f.font, f.image, page.lazyJs].map((size) => cell(size).padStart(14))].join(""),
  );
}

if (values.json) {
  writeFileSync(values.json, `${JSON.stringify({ buildTime, coldCliMs: coldCli, pages }, null, 2)}\n`);
  console.log(`\nWrote ${values.json}`);
}
rmSync(join(outDir, ".."), { recursive: true, force: true });
