// npm run bench -- --growth 250,1000,4000: the same generated site (no images) at each size, built in fresh
// processes, cold (every cache cleared but the cards', which are counted apart: see --peers) and warm, with
// CPU and wall time per page. Time per page must not rise with the page count.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CACHES } from "../../src/pipeline/caches.ts";
import { generateSite } from "../../tests/support/generate-site.ts";
import { type Measured, measure, median } from "./measure.ts";

export async function benchGrowth(sizes: number[], runs: number): Promise<void> {
  console.log(
    `\nGrowth: ms per page, median of ${runs} fresh processes (cold: caches cleared but the cards'; warm: caches kept):`,
  );
  console.log(
    ["pages", "cold wall", "cold CPU", "warm wall", "warm CPU", "peak RSS MB"]
      .map((cell) => cell.padStart(12))
      .join(""),
  );
  for (const size of sizes) {
    const work = mkdtempSync(join(tmpdir(), "bench-growth-"));
    const contentDir = join(work, "content");
    await generateSite(contentDir, size, false);
    const once = () =>
      measure(process.execPath, ["--import", "tsx", "bench/runs/build-once.ts", contentDir, join(work, "dist")]);
    const pagesOf = (run: Measured) =>
      (JSON.parse(run.stdout.trim().split("\n").at(-1) ?? "{}") as { pages: number }).pages;
    once(); // draws this size's cards once
    const cold: Measured[] = [];
    const warm: Measured[] = [];
    for (let run = 0; run < runs; run += 1) {
      rmSync(CACHES.validation, { recursive: true, force: true });
      rmSync(CACHES.images, { recursive: true, force: true });
      cold.push(once());
      warm.push(once());
    }
    const pages = pagesOf(cold[0] as Measured);
    const per = (list: Measured[], key: "wall" | "cpu") =>
      ((median(list.map((run) => run[key])) * 1000) / pages).toFixed(2);
    console.log(
      [
        String(pages),
        per(cold, "wall"),
        per(cold, "cpu"),
        per(warm, "wall"),
        per(warm, "cpu"),
        String(Math.round(Math.max(...cold.map((run) => run.rssMb)))),
      ]
        .map((cell) => cell.padStart(12))
        .join(""),
    );
    rmSync(work, { recursive: true, force: true });
  }
}
