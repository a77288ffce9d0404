// npm run bench -- --peers [--pages N] [--runs R]: this build against Eleventy (bench/peers/eleventy, installed
// there on first use, never by the root npm install) and Hugo where it is installed, on the same generated
// Markdown (no images), in paired runs that alternate between the tools, so both see the same machine load.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { CACHES } from "../../src/pipeline/caches.ts";
import type { BuildTimings } from "../../src/pipeline/index.ts";
import { generateSite } from "./generate-site.ts";
import { installPeer } from "./install-peer.ts";
import { type Measured, measure, median } from "./measure.ts";

const ELEVENTY = resolve("bench", "peers", "eleventy");

const onPath = (name: string) => (process.env.PATH ?? "").split(":").some((dir) => existsSync(join(dir, name)));

/** A Hugo site over the same Markdown: content/<lang>/pages mounted per language, one minimal layout. */
function hugoSite(contentDir: string, dir: string): void {
  mkdirSync(join(dir, "layouts", "_default"), { recursive: true });
  writeFileSync(
    join(dir, "hugo.toml"),
    [
      'baseURL = "https://www.leap-ai.example/"',
      'defaultContentLanguage = "en"',
      "disableKinds = ['taxonomy', 'term', 'RSS', 'sitemap', 'robotsTXT']",
      `[languages.en]\ncontentDir = ${JSON.stringify(join(contentDir, "en", "pages"))}\nweight = 1`,
      `[languages.de]\ncontentDir = ${JSON.stringify(join(contentDir, "de", "pages"))}\nweight = 2`,
    ].join("\n"),
  );
  const layout = `<!DOCTYPE html><html lang="{{ .Language.Lang }}"><head><meta charset="utf-8"><title>{{ .Title }} – Leap AI</title>{{ range .Translations }}<link rel="alternate" hreflang="{{ .Language.Lang }}" href="{{ .RelPermalink }}">{{ end }}</head><body><header><a href="{{ .Site.Home.RelPermalink }}">Leap AI</a>{{ range .Translations }}<a href="{{ .RelPermalink }}" hreflang="{{ .Language.Lang }}">{{ .Language.Lang }}</a>{{ end }}</header><main><h1>{{ .Title }}</h1>{{ .Content }}</main><footer>© Leap AI</footer></body></html>`;
  for (const name of ["single.html", "list.html"]) writeFileSync(join(dir, "layouts", "_default", name), layout);
}

const clearCaches = (withCards: boolean) => {
  for (const dir of [CACHES.validation, CACHES.images, ...(withCards ? [CACHES.cards] : [])])
    rmSync(dir, { recursive: true, force: true });
};

interface Row {
  name: string;
  runs: Measured[];
  splits?: BuildTimings[];
}

export async function benchPeers(pages: number, runs: number): Promise<void> {
  installPeer(ELEVENTY, "@11ty/eleventy", "Eleventy");
  const work = mkdtempSync(join(tmpdir(), "bench-peers-"));
  const contentDir = join(work, "content");
  await generateSite(contentDir, pages, false);
  const hugo = onPath("hugo");
  if (hugo) hugoSite(contentDir, join(work, "hugo"));

  const ours = (name: string): Row => ({ name, runs: [], splits: [] });
  const rows = {
    eleventy: { name: "Eleventy 3 (no checks)", runs: [] } as Row,
    hugo: { name: "Hugo (no checks)", runs: [] } as Row,
    cold: ours("this build, every cache cleared (cards drawn)"),
    coldCards: ours("this build, caches cleared but the cards'"),
    warm: ours("this build, caches warm"),
  };
  const oursOnce = (row: Row) => {
    const outDir = join(work, "dist");
    const result = measure(process.execPath, ["--import", "tsx", "scripts/bench/build-once.ts", contentDir, outDir]);
    row.runs.push(result);
    row.splits?.push(
      (JSON.parse(result.stdout.trim().split("\n").at(-1) ?? "{}") as { timings: BuildTimings }).timings,
    );
  };
  console.log(`\nPeers on ${pages} generated Markdown pages (no images), ${runs} paired runs, alternating:`);
  for (let run = 0; run < runs; run += 1) {
    rmSync(join(work, "eleventy-out"), { recursive: true, force: true });
    rows.eleventy.runs.push(
      measure(process.execPath, [join(ELEVENTY, "node_modules", "@11ty", "eleventy", "cmd.cjs"), "--quiet"], {
        cwd: ELEVENTY,
        env: { BENCH_CONTENT: contentDir, BENCH_OUT: join(work, "eleventy-out") },
      }),
    );
    if (hugo) {
      rmSync(join(work, "hugo", "public"), { recursive: true, force: true });
      rows.hugo.runs.push(measure("hugo", ["--quiet"], { cwd: join(work, "hugo") }));
    }
    clearCaches(true);
    oursOnce(rows.cold);
    clearCaches(false);
    oursOnce(rows.coldCards);
    oursOnce(rows.warm);
    process.stdout.write(`  run ${run + 1} of ${runs} done\n`);
  }
  const eleventy = {
    wall: median(rows.eleventy.runs.map((r) => r.wall)),
    cpu: median(rows.eleventy.runs.map((r) => r.cpu)),
  };
  const s = (value: number) => (Number.isNaN(value) ? "–" : value.toFixed(2));
  console.log(
    ["", "wall s", "CPU s", "peak RSS MB", "wall ÷ 11ty", "CPU ÷ 11ty"]
      .map((cell, index) => (index === 0 ? cell.padEnd(48) : cell.padStart(12)))
      .join(""),
  );
  for (const row of Object.values(rows)) {
    if (row.runs.length === 0) continue;
    const wall = median(row.runs.map((r) => r.wall));
    const cpu = median(row.runs.map((r) => r.cpu));
    const rss = Math.max(...row.runs.map((r) => r.rssMb));
    console.log(
      [
        row.name.padEnd(48),
        s(wall).padStart(12),
        s(cpu).padStart(12),
        String(Math.round(rss)).padStart(12),
        s(wall / eleventy.wall).padStart(12),
        s(cpu / eleventy.cpu).padStart(12),
      ].join(""),
    );
  }
  if (!hugo) console.log("(Hugo is not installed here: apt-get install hugo adds it to the table.)");
  console.log("\nThis build's split (ms, median; cards run alongside the bundle):");
  for (const row of [rows.cold, rows.coldCards, rows.warm]) {
    const step = (name: keyof BuildTimings) => Math.round(median((row.splits ?? []).map((t) => t[name])));
    console.log(
      `  ${row.name}: content ${step("content")}, bundle ${step("bundle")} (cards ${step("previews")}), render ${step("render")}, validate ${step("validate")}, output ${step("output")}, total ${step("total")}`,
    );
  }
  rmSync(work, { recursive: true, force: true });
}
