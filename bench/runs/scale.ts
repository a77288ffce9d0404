// npm run bench -- --pages N: a generated site of N Markdown pages (half per language, in sections, an image
// on every tenth) in a temporary folder, built the ways authors and deploys build it. Prints cold and warm
// build times with their split, the npm run dev rebuild after one page changes, and peak memory.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DevBuild } from "../../src/pipeline/dev-build.ts";
import { CACHES } from "../../src/pipeline/caches.ts";
import { build, type BuildTimings } from "../../src/pipeline/index.ts";
import { generateSite } from "../../tests/support/generate-site.ts";
import { median } from "./measure.ts";

interface FreshBuild {
  timings: BuildTimings;
  pages: number;
  peakRssMb: number;
  wallMs: number;
}

export async function benchScale(pages: number, runs: number, { tags = true }: { tags?: boolean } = {}): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), "bench-scale-"));
  const contentDir = join(work, "content");
  const outDir = join(work, "dist");
  const { images } = await generateSite(contentDir, pages, true, { tags });
  const fresh = (): FreshBuild => {
    const started = performance.now();
    const output = execFileSync(process.execPath, ["--import", "tsx", "bench/runs/build-once.ts", contentDir, outDir], {
      encoding: "utf8",
    });
    return {
      ...(JSON.parse(output.trim().split("\n").at(-1) ?? "{}") as Omit<FreshBuild, "wallMs">),
      wallMs: performance.now() - started,
    };
  };
  const ms = (value: number) => `${Math.round(value)} ms`;
  const split = (t: BuildTimings) =>
    `content ${ms(t.content)}, bundle ${ms(t.bundle)}, render ${ms(t.render)} (of it the search index ${ms(t.search ?? 0)}), validate ${ms(t.validate)} (of it the output checks ${ms(t.checks ?? 0)}, alongside html-validate), output ${ms(t.output)}`;

  // The first build on a machine: no validation, image or link-preview card cache (a CI runner without a cache).
  // Later builds, in fresh processes, find them (what an author's next npm run build, or a CI with its cache kept, does).
  for (const dir of [CACHES.validation, CACHES.images, CACHES.cards]) rmSync(dir, { recursive: true, force: true });
  const first = fresh();
  const cold = Array.from({ length: runs }, fresh);
  // Every page read by html-validate again (a build after html-validate or its configuration changed); images and cards from their caches.
  const validated = Array.from({ length: runs }, () => {
    rmSync(CACHES.validation, { recursive: true, force: true });
    return fresh();
  });
  /** The run of median wall time, with its split, and the largest peak RSS of all runs. */
  const summary = (list: FreshBuild[]) => {
    const middle = [...list].sort((a, b) => a.wallMs - b.wallMs)[Math.floor(list.length / 2)] as FreshBuild;
    return `${ms(middle.wallMs)}  (${split(middle.timings)}; start-up ${ms(middle.wallMs - middle.timings.total)}; peak RSS ${Math.round(Math.max(...list.map((run) => run.peakRssMb)))} MB)`;
  };

  await build({ contentDir, outDir });
  const warm = (await build({ contentDir, outDir })).timings;

  // npm run dev: the builder stays warm; one page's text changes, as when an author saves.
  const dev = new DevBuild({ contentDir, outDir });
  await dev.run();
  const page = join(contentDir, "en", "pages", "bench", "section-1", "page-7.md");
  const devTimes: number[] = [];
  for (let edit = 0; edit < runs; edit += 1) {
    writeFileSync(page, `${readFileSync(page, "utf8")}\nAn added sentence, edit ${edit}.\n`);
    const started = performance.now();
    const saved = await dev.run([page]);
    devTimes.push(performance.now() - started);
    // Once the page is shown, as npm run dev's worker does: the search index, outside the time to the page.
    saved.afterShown?.();
  }

  console.log(
    `\nA generated site: ${first.pages} pages (${pages} from Markdown, ${images} with an image, ${tags ? "three tags each, with their list pages and related reading" : "untagged"}), 2 cores.`,
  );
  console.log(
    `  first build, empty caches (fresh process):   ${ms(first.wallMs)}  (${split(first.timings)}; peak RSS ${Math.round(first.peakRssMb)} MB)`,
  );
  console.log(`  cold build, fresh process, median of ${runs}:     ${summary(cold)}`);
  console.log(`  the same, every page validated again:        ${summary(validated)}`);
  console.log(`  warm build in one process:                   ${ms(warm.total)}  (${split(warm)})`);
  console.log(
    `  npm run dev, one page edited, median of ${runs}:  ${ms(median(devTimes))}  (min ${ms(Math.min(...devTimes))}, max ${ms(Math.max(...devTimes))})`,
  );
  rmSync(work, { recursive: true, force: true });
}
