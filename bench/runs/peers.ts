// npm run bench -- --peers [--pages N] [--runs R]: this build against Eleventy (bench/peers/eleventy, installed
// there on first use, never by the root npm install) and Hugo where it is installed, on the same generated
// Markdown (no images), in paired runs that alternate between the tools, so both see the same machine load.
// Eleventy twice: with the outputs this build publishes for the same content (its I18n plugin, section and tag
// lists, feeds, a sitemap: eleventy.full.config.js), which the ratios are against, and the pages alone.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { CACHES } from "../../src/pipeline/caches.ts";
import { generateSite } from "../../tests/support/generate-site.ts";
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

/**
 * Cold: every cache of the build cleared (its compiled code too) but the link-preview cards' and the encoded
 * images' (a card design and an image change rarely, and are keyed by their own inputs, as Hugo's resources/_gen
 * and Astro's node_modules/.astro are: a host keeps them; docs/incremental-builds.md).
 */
const clearCaches = () => {
  for (const dir of [CACHES.validation, CACHES.build, CACHES.code]) rmSync(dir, { recursive: true, force: true });
};

interface Row {
  name: string;
  command: string;
  runs: Measured[];
}

/**
 * Each side started as its users start it: `npm run build` here and in Eleventy's folder (both pay npm's
 * start-up), `hugo` for Hugo. Ours: cold with every check (every cache cleared but the cards'), then one
 * article edited with the caches kept, then nothing changed. Paired runs alternate between the tools, so all
 * see the same machine load.
 */
export async function benchPeers(pages: number, runs: number): Promise<void> {
  installPeer(ELEVENTY, "@11ty/eleventy-plugin-rss", "Eleventy");
  const work = mkdtempSync(join(tmpdir(), "bench-peers-"));
  const contentDir = join(work, "content");
  await generateSite(contentDir, pages, false);
  const hugo = onPath("hugo");
  if (hugo) hugoSite(contentDir, join(work, "hugo"));
  const outDir = join(work, "dist");
  const article = join(contentDir, "en", "pages", "bench", "section-0", "page-1.md");
  const npmBuild = (...extra: string[]) =>
    measure("npm", ["run", "--silent", "build", "--", "--content", contentDir, "--out-dir", outDir, ...extra]);

  const rows = {
    eleventy: {
      name: "Eleventy 3.1.8, the same outputs: i18n, section and tag lists, feeds, sitemap (no checks)",
      command: "npm run build:full",
      runs: [],
    } as Row,
    eleventyChecked: {
      name: `Eleventy 3.1.8, the same outputs, then html-validate 11.18 (recommended rules) over every page it wrote, on ${availableParallelism()} cores`,
      command: "npm run build:full && html-validate, one process a core",
      runs: [],
    } as Row,
    eleventyPages: { name: "Eleventy 3.1.8, the pages alone (no checks)", command: "npm run build", runs: [] } as Row,
    hugo: { name: "Hugo, the pages alone (no checks)", command: "hugo", runs: [] } as Row,
    cold: {
      name: "this build, cold with every check (cards and encoded images kept)",
      command: "npm run build",
      runs: [],
    } as Row,
    edited: { name: "this build, one article edited, caches kept", command: "npm run build", runs: [] } as Row,
    unchanged: { name: "this build, nothing changed, caches kept", command: "npm run build", runs: [] } as Row,
  };
  const load = () => loadavg()[0]?.toFixed(1) ?? "–";
  console.log(`\nPeers on ${pages} generated Markdown pages (no images), ${runs} paired runs, alternating:`);
  // The link-preview cards, drawn once: a card design change is rare, and every later build finds them.
  npmBuild();
  const eleventy = (script: string) => {
    rmSync(join(work, "eleventy-out"), { recursive: true, force: true });
    return measure("npm", ["run", "--silent", script, "--", "--quiet"], {
      cwd: ELEVENTY,
      env: { BENCH_CONTENT: contentDir, BENCH_OUT: join(work, "eleventy-out") },
    });
  };
  // The fair peer of a build that checks every page: Eleventy's, then html-validate over its pages, split over the
  // cores as an Eleventy user would run it (xargs -P), in one measured shell, so time counts both steps and all cores.
  const validateConfig = join(work, "htmlvalidate.json");
  writeFileSync(validateConfig, JSON.stringify({ extends: ["html-validate:recommended"] }));
  const eleventyChecked = () => {
    const out = join(work, "eleventy-out");
    rmSync(out, { recursive: true, force: true });
    const built = eleventy("build:full");
    const pages = (readdirSync(out, { recursive: true }) as string[]).filter((file) => file.endsWith(".html")).length;
    const perCore = Math.ceil(pages / availableParallelism());
    const validator = resolve("node_modules", ".bin", "html-validate");
    // html-validate exits 1 when it finds a problem in Eleventy's pages (the time counts here, not its verdict), 2 on a crash.
    const validated = measure(
      "sh",
      [
        "-c",
        `find . -name '*.html' -print0 | xargs -0 -n ${perCore} -P ${availableParallelism()} sh -c '"$0" --config "$1" --formatter text "$@" > /dev/null; [ $? -le 1 ]' ${JSON.stringify(validator)} ${JSON.stringify(validateConfig)}`,
      ],
      { cwd: out },
    );
    return {
      wall: built.wall + validated.wall,
      cpu: built.cpu + validated.cpu,
      rssMb: Math.max(built.rssMb, validated.rssMb),
      stdout: "",
    };
  };
  for (let run = 0; run < runs; run += 1) {
    rows.eleventy.runs.push(eleventy("build:full"));
    rows.eleventyChecked.runs.push(eleventyChecked());
    rows.eleventyPages.runs.push(eleventy("build"));
    if (hugo) {
      rmSync(join(work, "hugo", "public"), { recursive: true, force: true });
      rows.hugo.runs.push(measure("hugo", ["--quiet"], { cwd: join(work, "hugo") }));
    }
    clearCaches();
    rmSync(outDir, { recursive: true, force: true });
    rows.cold.runs.push(npmBuild());
    writeFileSync(
      article,
      readFileSync(article, "utf8").replace(
        /measure where time goes(, run \d+)?/,
        `measure where time goes, run ${run}`,
      ),
    );
    rows.edited.runs.push(npmBuild());
    rows.unchanged.runs.push(npmBuild());
    process.stdout.write(`  run ${run + 1} of ${runs} done (load average ${load()})\n`);
  }
  const s = (value: number) => (Number.isNaN(value) ? "–" : value.toFixed(2));
  // Each ratio is the median of the runs' own ratios: a run and its Eleventy run saw the same machine load.
  const paired = (row: Row, of: (measured: Measured) => number, against = rows.eleventy) =>
    median(row.runs.map((measured, at) => of(measured) / of(against.runs[at] as Measured)));
  console.log(
    `\n| ${pages} pages, median of ${runs} | command | wall s | wall ÷ Eleventy (same outputs), paired | wall ÷ Eleventy + html-validate, paired | CPU s | CPU ÷ Eleventy, paired | peak RSS MB |`,
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const row of Object.values(rows)) {
    if (row.runs.length === 0) continue;
    const wall = median(row.runs.map((r) => r.wall));
    const cpu = median(row.runs.map((r) => r.cpu));
    const rss = Math.max(...row.runs.map((r) => r.rssMb));
    console.log(
      `| ${row.name} | \`${row.command}\` | ${s(wall)} | ${s(paired(row, (r) => r.wall))} | ${s(paired(row, (r) => r.wall, rows.eleventyChecked))} | ${s(cpu)} | ${s(paired(row, (r) => r.cpu))} | ${Math.round(rss)} |`,
    );
  }
  if (!hugo) console.log("(Hugo is not installed here: apt-get install hugo adds it to the table.)");
  rmSync(work, { recursive: true, force: true });
}
