// npm run audit: Lighthouse 12 (mobile preset, simulated throttling) on the main pages, 3 runs each, median.
// Works offline: the site is built for and served from localhost, and Chromium is Debian's.
import "../src/cli/production-mode.ts";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import type { Result } from "lighthouse";
import { build } from "../src/pipeline/index.ts";
import { startStaticServer } from "../src/server/static-server.ts";
import { CHROMIUM } from "../tests/e2e/browser.ts";
import { freePort } from "../tests/support/free-port.ts";
import { auditPaired } from "./audit-paired.ts";
import { buildAstroPeer } from "./runs/astro-peer.ts";
import { median } from "./runs/measure.ts";
import { completeRun, METRICS } from "./lighthouse-run.ts";

// --pages /,/de/ audits only those; by default every indexable page of the route model.
// --against DIR: paired with another build (e.g. an older commit's `npm run build -- --out-dir DIR`), A B B A …
// --peers: the home pages paired with the same pages as Astro ships them (bench/runs/astro-peer.ts).
const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    pages: { type: "string" },
    against: { type: "string" },
    peers: { type: "boolean", default: false },
  },
});
const RUNS = Number(values.runs);

// Built for the origin it is served from, so canonical and hreflang URLs resolve like in production.
const port = await freePort();
const origin = `http://localhost:${port}`;
const outDir = join(mkdtempSync(join(tmpdir(), "audit-")), "dist");
const { model } = await build({ outDir, siteUrl: origin });
const PAGES = values.pages?.split(",") ?? model.routes.filter((route) => route.indexable).map((route) => route.path);
/** The pages the Astro peer has: each language's home page. */
const HOME_PAGES = model.routes.filter((route) => route.kind === "home").map((route) => route.path);
const server = await startStaticServer({ dir: outDir, port, host: "localhost" });
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM.executablePath,
  chromeFlags: ["--headless=new", ...(CHROMIUM.args ?? [])],
});

/** Ends what this run started: the browser, the server and the build. */
async function finish(): Promise<void> {
  await chrome.kill();
  server.close();
  rmSync(join(outDir, ".."), { recursive: true, force: true });
}

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

const against = values.peers
  ? { name: "Astro 7, its defaults", dir: buildAstroPeer(outDir, HOME_PAGES) }
  : values.against
    ? { name: values.against, dir: values.against }
    : undefined;
if (against) {
  const otherPort = await freePort();
  const other = await startStaticServer({ dir: against.dir, port: otherPort, host: "localhost" });
  const pages = values.peers && !values.pages ? HOME_PAGES : PAGES;
  await auditPaired({
    port: chrome.port,
    pages,
    runs: RUNS,
    builds: [
      ["this build", origin],
      [against.name, `http://localhost:${otherPort}`],
    ],
  });
  other.close();
  await finish();
  process.exit(0);
}

console.log(`Lighthouse ${RUNS} runs per page, mobile preset, simulated throttling; medians:`);
console.log(
  ["page", "perf", "a11y", "bp", "seo", "LCP s", "FCP s", "TBT ms", "CLS", "SI s"]
    .map((cell, i) => (i === 0 ? cell.padEnd(18) : cell.padStart(8)))
    .join(""),
);
const failures: string[] = [];
const blocking: string[] = [];
for (const path of PAGES) {
  const runs: Result[] = [];
  for (let run = 0; run < RUNS; run += 1)
    runs.push(await completeRun(`${origin}${path}`, chrome.port, [...CATEGORIES]));
  const score = (category: (typeof CATEGORIES)[number]) =>
    Math.round(median(runs.map((lhr) => (lhr.categories[category]?.score ?? 0) * 100)));
  const metric = (id: string) => median(runs.map((lhr) => lhr.audits[id]?.numericValue ?? Number.NaN));
  const row = [
    path.padEnd(18),
    ...CATEGORIES.map((category) => String(score(category)).padStart(8)),
    (metric(METRICS.LCP) / 1000).toFixed(2).padStart(8),
    (metric(METRICS.FCP) / 1000).toFixed(2).padStart(8),
    Math.round(metric(METRICS.TBT)).toString().padStart(8),
    metric(METRICS.CLS).toFixed(3).padStart(8),
    (metric(METRICS.SI) / 1000).toFixed(2).padStart(8),
  ];
  console.log(row.join(""));
  // Where blocking time comes from: the simulated long tasks of the run with the median TBT.
  const tbtRun = [...runs].sort(
    (a, b) => (a.audits[METRICS.TBT]?.numericValue ?? 0) - (b.audits[METRICS.TBT]?.numericValue ?? 0),
  )[Math.floor(runs.length / 2)];
  if ((tbtRun?.audits[METRICS.TBT]?.numericValue ?? 0) > 0) {
    const tasks = (
      (
        tbtRun?.audits["long-tasks"]?.details as
          | { items?: { url: string; startTime: number; duration: number }[] }
          | undefined
      )?.items ?? []
    ).map(
      (task) =>
        `${task.url.replace(origin, "")} at ${Math.round(task.startTime)} ms for ${Math.round(task.duration)} ms`,
    );
    blocking.push(
      `${path}: FCP ${Math.round(tbtRun?.audits[METRICS.FCP]?.numericValue ?? 0)} ms; long tasks: ${tasks.join(", ")}`,
    );
  }
  const last = runs.at(-1);
  for (const category of CATEGORIES) {
    if (score(category) === 100 || !last) continue;
    const missed = Object.values(last.audits).filter(
      (audit) =>
        audit.score !== null &&
        audit.score < 1 &&
        last.categories[category]?.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0),
    );
    failures.push(
      `${path} ${category}: ${missed.map((audit) => `${audit.id} (${audit.displayValue ?? audit.score})`).join(", ")}`,
    );
  }
}
if (blocking.length) {
  // "Unattributable" is the browser's own work committing the navigation, before any page script runs.
  console.log(
    `\nSimulated long tasks behind the blocking time (median run):\n${blocking.map((line) => `  ${line}`).join("\n")}`,
  );
}
if (failures.length) console.log(`\nAudits below 100:\n${failures.map((line) => `  ${line}`).join("\n")}`);

await finish();
