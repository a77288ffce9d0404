// npm run bench [-- --json file]: build time (median and spread of 5 fresh build processes after a warm-up,
// with the split by step; and the same build warm, as npm run dev runs it) and, for every page, the bytes a first visit downloads and how many requests it makes.
import "../src/cli/production-mode.ts";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { build, type BuildTimings } from "../src/pipeline/index.ts";
import { FORM_ISLAND } from "../src/shared/page-markup.ts";
import type { Route } from "../src/routes/route.ts";
import { islandComposition, printIslandComposition } from "./runs/island.ts";
import { benchLanguageSwitch } from "./runs/language-switch.ts";
import { traceLanguageSwitch } from "./runs/switch-trace.ts";
import { benchPreviews } from "./runs/previews.ts";
import { benchScale } from "./runs/scale.ts";
import { benchPeers } from "./runs/peers.ts";
import { benchEditor } from "./runs/editor.ts";
import { benchEditorPreview } from "./runs/editor-preview.ts";
import { benchGrowth } from "./runs/growth.ts";
import { benchLongTitle } from "./runs/long-title.ts";
import { median, percentile } from "./runs/measure.ts";
import { benchProofOfWork } from "./runs/proof-of-work.ts";
import { benchReceiver } from "./runs/receiver.ts";
import { benchTagsCost } from "./runs/tags-cost.ts";
import { benchSearch } from "./runs/search.ts";
import { benchSearchSlips } from "./runs/search-slips.ts";
import { benchDev } from "./runs/dev.ts";

const { values } = parseArgs({
  options: {
    json: { type: "string" },
    runs: { type: "string", default: "5" },
    pages: { type: "string" },
    peers: { type: "boolean", default: false },
    growth: { type: "string" },
    island: { type: "boolean", default: false },
    editor: { type: "boolean", default: false },
    "switch-trace": { type: "boolean", default: false },
    switch: { type: "boolean", default: false },
    receiver: { type: "boolean", default: false },
    pow: { type: "boolean", default: false },
    // With --receiver: how many processes keep a core busy each beside the receiver (--burn 2: both cores).
    burn: { type: "string", default: "0" },
    "long-title": { type: "boolean", default: false },
    untagged: { type: "boolean", default: false },
    "tags-cost": { type: "boolean", default: false },
    search: { type: "boolean", default: false },
    "search-slips": { type: "boolean", default: false },
    dev: { type: "boolean", default: false },
  },
});
const RUNS = Number(values.runs);

// npm run bench -- --dev: npm run dev's save -> page shown in Chromium, here and on 1,000 pages (bench/runs/dev.ts).
if (values.dev) {
  await benchDev(RUNS === 5 ? 10 : RUNS);
  process.exit(0);
}
// npm run bench -- --search [--pages 250,1000,4000]: the search engines compared, and the site's index at each size (bench/runs/search.ts).
if (values.search) {
  await benchSearch((values.pages ?? "250,1000,4000").split(",").map(Number), RUNS === 5 ? 3 : RUNS);
  process.exit(0);
}
// npm run bench -- --search-slips: docs/search.md's slips table, the site's search beside Pagefind (bench/runs/search-slips.ts).
if (values["search-slips"]) {
  await benchSearchSlips();
  process.exit(0);
}
// npm run bench -- --receiver: the contact receiver's requests per second and latency (bench/runs/receiver.ts).
if (values.receiver) {
  await benchReceiver(10, Number(values.burn));
  process.exit(0);
}
// npm run bench -- --pow [--runs N]: the proof of work's solve time in Chromium (bench/runs/proof-of-work.ts).
if (values.pow) {
  await benchProofOfWork(RUNS === 5 ? 15 : RUNS);
  process.exit(0);
}
// npm run bench -- --peers [--pages N]: against Eleventy (and Hugo where installed) on the same generated pages (bench/runs/peers.ts).
if (values.peers) {
  await benchPeers(Number(values.pages ?? 1000), RUNS === 5 ? 3 : RUNS);
  process.exit(0);
}
// npm run bench -- --growth 250,1000,4000: time per page at each size (bench/runs/growth.ts).
if (values.growth) {
  await benchGrowth(values.growth.split(",").map(Number), RUNS === 5 ? 3 : RUNS);
  process.exit(0);
}

// npm run bench -- --long-title: one link-preview card for a 420-letter headline (bench/runs/long-title.ts).
if (values["long-title"]) {
  benchLongTitle();
  process.exit(0);
}

// npm run bench -- --pages 1000 --tags-cost: tagged against untagged, warm and alternately (bench/runs/tags-cost.ts).
if (values["tags-cost"]) {
  await benchTagsCost(Number(values.pages ?? 1000), RUNS === 5 ? 3 : RUNS);
  process.exit(0);
}
// npm run bench -- --pages 1000: the scale benchmark on a generated site instead (bench/runs/scale.ts).
if (values.pages) {
  await benchScale(Number(values.pages), RUNS === 5 ? 3 : RUNS, { tags: !values.untagged });
  process.exit(0);
}
// npm run bench -- --editor: what /admin/ downloads and what the site's additions to the editor weigh, and the
// preview pane's latency from a keystroke to the page shown (bench/runs/editor-preview.ts).
if (values.editor) {
  await benchEditor();
  await benchEditorPreview(RUNS === 5 ? 20 : RUNS);
  process.exit(0);
}
// npm run bench -- --island: only what the form island carries (bytes, no timing: instant and exact anywhere).
if (values.island) {
  printIslandComposition(await islandComposition());
  process.exit(0);
}
const outDir = join(mkdtempSync(join(tmpdir(), "bench-")), "dist");

// npm run bench -- --switch-trace: only where the language switch spends its time (bench/runs/switch-trace.ts).
if (values["switch-trace"]) {
  const { routes } = (await build({ outDir })).model;
  await traceLanguageSwitch(
    outDir,
    routes.filter((route) => route.kind === "home").map((route) => route.path),
    RUNS * 2,
  );
  rmSync(join(outDir, ".."), { recursive: true, force: true });
  process.exit(0);
}

// Every indexable page with a counterpart in the other language has a language button that swaps in place.
const switchable = (routes: Route[]) =>
  routes.filter((route) => route.indexable && Object.keys(route.alternates).length > 1).map((route) => route.path);
function printSwitches(rows: Awaited<ReturnType<typeof benchLanguageSwitch>>): void {
  const hoveredRuns = rows[0]?.hoveredAll.length ?? 0;
  console.log(
    `\nLanguage switch, click to the end of the first frame that shows the other language (ms, localhost, 1280 px; after a hover: median and 90th percentile of ${hoveredRuns}; without: median; -- --switch-trace for the split):`,
  );
  console.log(
    ["page", "after a hover", "p90", "without"]
      .map((cell, index) => (index === 0 ? cell.padEnd(28) : cell.padStart(16)))
      .join(""),
  );
  for (const row of rows)
    console.log(
      [
        row.path.padEnd(28),
        row.hovered.toFixed(1).padStart(16),
        row.hoveredP90.toFixed(1).padStart(16),
        row.cold.toFixed(1).padStart(16),
      ].join(""),
    );
  const all = rows.flatMap((row) => row.hoveredAll);
  console.log(
    `${"every page, after a hover".padEnd(28)}${median(all).toFixed(1).padStart(16)}${percentile(all, 0.9).toFixed(1).padStart(16)}`,
  );
}

// npm run bench -- --switch: only the language switch, on every page that has one.
if (values.switch) {
  const { routes } = (await build({ outDir })).model;
  // 30 switches after a hover on every page: enough for a 90th percentile (issue 43).
  printSwitches(await benchLanguageSwitch(outDir, switchable(routes), 10, 30));
  rmSync(join(outDir, ".."), { recursive: true, force: true });
  process.exit(0);
}

// --- build time ---
// What an author or a deploy waits for is a fresh process: npm, Node and module loading included. The
// CLI prints its own split; the rest of the wall time is start-up. Vite's figure in the issue is the
// same kind of number (a fresh `vite build`).
const BUILD_LINE =
  /in (\d+) ms \(content (\d+) ms, bundle (\d+) ms, render (\d+) ms, validate (\d+) ms, output (\d+) ms\)/;
function buildInFreshProcess(): Record<Step, number> {
  const started = performance.now();
  // --cold: a whole build each time (npm run build otherwise finds nothing changed after the first).
  const output = execFileSync("npm", ["run", "--silent", "build", "--", "--cold", "--out-dir", outDir], {
    encoding: "utf8",
  });
  const wall = performance.now() - started;
  const [, total = 0, content = 0, bundle = 0, render = 0, validate = 0, written = 0] = (
    BUILD_LINE.exec(output) ?? []
  ).map(Number);
  if (!total) throw new Error(`unexpected build output: ${output}`);
  return { "start-up": wall - total, content, bundle, render, validate, output: written, total: wall };
}
const steps = ["start-up", "content", "bundle", "render", "validate", "output", "total"] as const;
type Step = (typeof steps)[number];
type Spread = { median: number; min: number; max: number };
/** Median, min and max of each step over the runs. */
const summarise = <S extends string>(samples: Record<S, number>[], names: readonly S[]) =>
  Object.fromEntries(
    names.map((step) => {
      const times = samples.map((sample) => sample[step]);
      return [step, { median: median(times), min: Math.min(...times), max: Math.max(...times) }];
    }),
  ) as Record<S, Spread>;

buildInFreshProcess(); // warm-up: disk cache, tsx's transform cache, the image and validation caches
const fresh = Array.from({ length: RUNS }, buildInFreshProcess);
const buildTime = summarise(fresh, steps);

// The same build repeated inside one process, as `npm run dev` runs it: no start-up, html-validate warm.
const { model, siteUrl } = await build({ outDir });
const { routes } = model;
const warmSamples: BuildTimings[] = [];
for (let run = 0; run < RUNS; run += 1) warmSamples.push((await build({ outDir })).timings);
const warmTime = summarise(warmSamples, ["content", "bundle", "render", "validate", "output", "total"] as const);

// --- link-preview cards ---
const previews = await benchPreviews(model, siteUrl, RUNS);
const previewTime = {
  cold: summarise(
    previews.cold.map((ms) => ({ ms })),
    ["ms"] as const,
  ).ms,
  warm: summarise(
    previews.warm.map((ms) => ({ ms })),
    ["ms"] as const,
  ).ms,
};

// --- page weight ---
type Kind = "html" | "css" | "js" | "image";
const kindOf = (url: string): Kind =>
  url.endsWith(".css")
    ? "css"
    : url.endsWith(".js")
      ? "js"
      : /\.(png|svg|jpe?g|webp|avif)$/.test(url)
        ? "image"
        : "html";
const read = (url: string) => readFileSync(join(outDir, url));

/** Static imports of a built module, i.e. what the browser fetches before running it. */
const staticImports = (url: string): string[] =>
  [
    ...read(url)
      .toString()
      .matchAll(/(?:import|from)\s*"\.\/([^"]+\.js)"/g),
  ].map((match) => `/assets/${match[1]}`);

const pages = routes.map((route) => {
  const text = read(route.file).toString();
  // The stylesheet and the loader are inlined: a first visit is one request, whatever the page.
  const style = /<style>[^<]*<\/style>/.exec(text)?.[0] ?? "";
  const loader = /<script type="module">([\s\S]*?)<\/script>/.exec(text)?.[1] ?? "";
  // Only a page with the form ever loads the island (and the toasts' stylesheet the loader adds with it).
  const hasIsland = text.includes(`id="${FORM_ISLAND.root}"`);
  const island = hasIsland
    ? [...loader.matchAll(/"(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1] ?? "")
    : [];
  const weigh = (parts: [Kind, Buffer][]) => {
    const totals = {} as Record<Kind, { raw: number; gzip: number }>;
    for (const kind of ["html", "css", "js", "image"] as Kind[]) totals[kind] = { raw: 0, gzip: 0 };
    for (const [kind, bytes] of parts) {
      totals[kind].raw += bytes.length;
      totals[kind].gzip += gzipSync(bytes, { level: 9 }).length;
    }
    return totals;
  };
  const firstVisit = weigh([
    ["html", Buffer.from(text.replace(style, "").replace(loader, ""))],
    ["css", Buffer.from(style)],
    ["js", Buffer.from(loader)],
  ]);
  const lazyFiles = island.flatMap((url) => (url.endsWith(".js") ? [url, ...staticImports(url)] : [url]));
  const lazyTotals = weigh(lazyFiles.map((url) => [kindOf(url), read(url)]));
  const lazyBytes = { raw: lazyTotals.js.raw + lazyTotals.css.raw, gzip: lazyTotals.js.gzip + lazyTotals.css.gzip };
  return { path: route.path, requests: 1, firstVisit, lazy: lazyBytes };
});

// --- report ---
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)}`;
const ms = (value: number) => `${Math.round(value)}`;
const table = (title: string, time: Record<string, Spread>) => {
  console.log(title);
  console.log(["step", "median", "min", "max"].map((cell) => cell.padStart(10)).join(""));
  for (const [step, { median: mid, min, max }] of Object.entries(time))
    console.log([step, ms(mid), ms(min), ms(max)].map((cell) => cell.padStart(10)).join(""));
};
table(`\nBuild time (ms): ${RUNS} fresh "npm run build -- --cold" processes after a warm-up:`, buildTime);
table(`\nThe same build warm, ${RUNS} runs in one process (what npm run dev pays per change):`, warmTime);

table(
  `\nLink-preview cards (${previews.cards}, drawn while esbuild bundles), ${RUNS} runs: cold = empty cache, warm = all cached:`,
  previewTime,
);

console.log(
  `\nFirst visit per page, KiB raw / gzip (one request: the stylesheet and the loader are inlined, gzipped apart here; "island" (its JS and the toasts' CSS) is fetched when the form nears the viewport; images are lazy and not counted):`,
);
const header = ["page", "requests", "HTML", "CSS", "JS", "island"];
console.log(
  header.map((cell, index) => (index === 0 ? cell.padEnd(28) : cell.padStart(index === 1 ? 10 : 14))).join(""),
);
for (const page of pages) {
  const cell = (size: { raw: number; gzip: number }) => `${kb(size.raw)}/${kb(size.gzip)}`;
  const f = page.firstVisit;
  console.log(
    [
      page.path.padEnd(28),
      String(page.requests).padStart(10),
      ...[f.html, f.css, f.js, page.lazy].map((size) => cell(size).padStart(14)),
    ].join(""),
  );
}

const island = await islandComposition();
printIslandComposition(island);

// --- language switch ---
const switches = await benchLanguageSwitch(outDir, switchable(routes), 10);
printSwitches(switches);

if (values.json) {
  writeFileSync(
    values.json,
    `${JSON.stringify({ buildTime, warmBuildTime: warmTime, previewTime, pages, island, languageSwitch: switches }, null, 2)}\n`,
  );
  console.log(`\nWrote ${values.json}`);
}
rmSync(join(outDir, ".."), { recursive: true, force: true });
