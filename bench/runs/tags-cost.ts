// npm run bench -- --pages 1000 --tags-cost: what tags (their list pages) and related reading cost. The same
// generated site with three tags a page and without any, built warm in one process, alternately, so that a
// shared machine's load falls on both alike; the minimum of each is the figure least touched by that load.
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { build, type BuildTimings } from "../../src/pipeline/index.ts";
import { generateSite } from "../../tests/support/generate-site.ts";
import { median } from "./measure.ts";

export async function benchTagsCost(pages: number, runs: number): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), "bench-tags-"));
  const sites = [
    { name: "tagged", tags: true, contentDir: join(work, "tagged", "content"), outDir: join(work, "tagged", "dist") },
    {
      name: "untagged",
      tags: false,
      contentDir: join(work, "untagged", "content"),
      outDir: join(work, "untagged", "dist"),
    },
  ];
  for (const site of sites) await generateSite(site.contentDir, pages, true, { tags: site.tags });
  const times = new Map<string, BuildTimings[]>(sites.map((site) => [site.name, []]));
  const counts = new Map<string, number>();
  // A first build of each fills the caches (images, cards, validation), as a second npm run build finds them.
  for (const site of sites) counts.set(site.name, (await build(site)).files.length);
  for (let run = 0; run < runs; run += 1)
    for (const site of sites) times.get(site.name)?.push((await build(site)).timings);
  const ms = (value: number) => `${Math.round(value)} ms`;
  console.log(
    `\nTags and related reading on ${pages} generated pages, warm builds in one process, ${runs} each, alternately (load ${loadavg()[0]?.toFixed(1)}):`,
  );
  for (const site of sites) {
    const list = times.get(site.name) ?? [];
    const best = [...list].sort((a, b) => a.total - b.total)[0] as BuildTimings;
    console.log(
      `  ${site.name.padEnd(9)} ${counts.get(site.name)} pages: min ${ms(best.total)} (content ${ms(best.content)}, render ${ms(best.render)}, validate ${ms(best.validate)}, output ${ms(best.output)}), median ${ms(median(list.map((t) => t.total)))}`,
    );
  }
  rmSync(work, { recursive: true, force: true });
}
