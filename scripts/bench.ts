// npm run bench [-- --json file]: build time (median and spread of 5 fresh build processes after a warm-up,
// with the split by step; and the same build warm, as npm run dev runs it) and, for every page, the bytes a first visit downloads and how many requests it makes.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { build, type BuildTimings } from "../src/pipeline/index.ts";
import { FORM_ISLAND } from "../src/components/islands.ts";

const { values } = parseArgs({ options: { json: { type: "string" }, runs: { type: "string", default: "5" } } });
const RUNS = Number(values.runs);
const outDir = join(mkdtempSync(join(tmpdir(), "bench-")), "dist");

// --- build time ---
// What an author or a deploy waits for is a fresh process: Node, tsx and module loading included. The
// CLI prints its own split; the rest of the wall time is start-up. Vite's figure in the issue is the
// same kind of number (a fresh `vite build`).
const BUILD_LINE = /in (\d+) ms \(content (\d+) ms, bundle (\d+) ms, render (\d+) ms, validate (\d+) ms\)/;
function buildInFreshProcess(): Record<Step, number> {
  const started = performance.now();
  const output = execFileSync(process.execPath, ["--import", "tsx", "scripts/build.ts", "--out-dir", outDir], { encoding: "utf8" });
  const wall = performance.now() - started;
  const [, total = 0, content = 0, bundle = 0, render = 0, validate = 0] = (BUILD_LINE.exec(output) ?? []).map(Number);
  if (!total) throw new Error(`unexpected build output: ${output}`);
  return { "start-up": wall - total, content, bundle, render, validate, total: wall };
}
const steps = ["start-up", "content", "bundle", "render", "validate", "total"] as const;
type Step = (typeof steps)[number];
const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
type Spread = { median: number; min: number; max: number };
/** Median, min and max of each step over the runs. */
const summarise = <S extends string>(samples: Record<S, number>[], names: readonly S[]) =>
  Object.fromEntries(
    names.map((step) => {
      const times = samples.map((sample) => sample[step]);
      return [step, { median: median(times), min: Math.min(...times), max: Math.max(...times) }];
    }),
  ) as Record<S, Spread>;

buildInFreshProcess(); // warm-up: disk cache, tsx's transform cache, the font subset cache
const fresh = Array.from({ length: RUNS }, buildInFreshProcess);
const buildTime = summarise(fresh, steps);

// The same build repeated inside one process, as `npm run dev` runs it: no start-up, html-validate warm.
const { routes } = (await build({ outDir })).model;
const warmSamples: BuildTimings[] = [];
for (let run = 0; run < RUNS; run += 1) warmSamples.push((await build({ outDir })).timings);
const warmTime = summarise(warmSamples, ["content", "bundle", "render", "validate", "total"] as const);

// --- page weight ---
type Kind = "html" | "css" | "js" | "font" | "image";
const kindOf = (url: string): Kind =>
  url.endsWith(".css") ? "css" : url.endsWith(".js") ? "js" : url.endsWith(".woff2") ? "font" : /\.(png|svg|jpe?g|webp|avif)$/.test(url) ? "image" : "html";
const read = (url: string) => readFileSync(join(outDir, url));

/** Static imports of a built module, i.e. what the browser fetches before running it. */
const staticImports = (url: string): string[] =>
  [...read(url).toString().matchAll(/(?:import|from)\s*"\.\/([^"]+\.js)"/g)].map((match) => `/assets/${match[1]}`);
const dynamicImports = (url: string): string[] => [...read(url).toString().matchAll(/import\("\.\/([^"]+\.js)"\)/g)].map((match) => `/assets/${match[1]}`);
/** Stylesheets a built script adds at run time (the toasts' styles, which come with the island). */
const addedStylesheets = (url: string): string[] => [...read(url).toString().matchAll(/"(\/assets\/[^"]+\.css)"/g)].map((match) => match[1] ?? "");

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
  const loaders = [...firstVisit].filter((url) => url.endsWith(".js"));
  const lazy = hasIsland ? [...loaders.flatMap(dynamicImports), ...loaders.flatMap(addedStylesheets)] : [];
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
  const island = weigh(new Set(lazy.flatMap((url) => (url.endsWith(".js") ? [url, ...staticImports(url)] : [url]))));
  const lazyBytes = { raw: island.js.raw + island.css.raw, gzip: island.js.gzip + island.css.gzip };
  return { path: route.path, requests: firstVisit.size + 1, firstVisit: weigh(["page", ...firstVisit]), lazy: lazyBytes };
});

// --- report ---
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)}`;
const ms = (value: number) => `${Math.round(value)}`;
const table = (title: string, time: Record<string, Spread>) => {
  console.log(title);
  console.log(["step", "median", "min", "max"].map((cell) => cell.padStart(10)).join(""));
  for (const [step, { median: mid, min, max }] of Object.entries(time)) console.log([step, ms(mid), ms(min), ms(max)].map((cell) => cell.padStart(10)).join(""));
};
table(`\nBuild time (ms): ${RUNS} fresh "tsx scripts/build.ts" processes (what npm run build runs) after a warm-up:`, buildTime);
table(`\nThe same build warm, ${RUNS} runs in one process (what npm run dev pays per change):`, warmTime);

console.log(`\nFirst visit per page, KiB raw / gzip (requests include the HTML; CSS is inlined in it, gzipped apart here; "island" (its JS and the toasts' CSS) is fetched when the form nears the viewport):`);
const header = ["page", "requests", "HTML", "CSS", "JS", "fonts", "images", "island"];
console.log(header.map((cell, index) => (index === 0 ? cell.padEnd(18) : cell.padStart(14))).join(""));
for (const page of pages) {
  const cell = (size: { raw: number; gzip: number }) => `${kb(size.raw)}/${kb(size.gzip)}`;
  const f = page.firstVisit;
  console.log(
    [page.path.padEnd(18), String(page.requests).padStart(14), ...[f.html, f.css, f.js, f.font, f.image, page.lazy].map((size) => cell(size).padStart(14))].join(""),
  );
}

if (values.json) {
  writeFileSync(values.json, `${JSON.stringify({ buildTime, warmBuildTime: warmTime, pages }, null, 2)}\n`);
  console.log(`\nWrote ${values.json}`);
}
rmSync(join(outDir, ".."), { recursive: true, force: true });
