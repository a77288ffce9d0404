// npm run audit -- --against DIR: this build and another, audited in turn on the same Chromium (A B, then B A,
// so neither always goes first), performance only. A figure compared across days or machines says little;
// a paired run says whether a change made pages slower.
import { completeRun, METRICS } from "./lighthouse-run.ts";
import { median } from "./runs/measure.ts";

interface Paired {
  port: number;
  pages: string[];
  runs: number;
  /** [name, origin] of each build. */
  builds: [string, string][];
}

export async function auditPaired({ port, pages, runs, builds }: Paired): Promise<void> {
  console.log(
    `Lighthouse, paired: ${runs} runs per page and build in turn, mobile preset, simulated throttling; medians (observed FCP unthrottled):`,
  );
  console.log(
    ["page", "build", "LCP s", "FCP s", "TBT ms", "obs. FCP ms"]
      .map((cell, i) => (i < 2 ? cell.padEnd(i === 0 ? 28 : 24) : cell.padStart(12)))
      .join(""),
  );
  for (const path of pages) {
    const figures = builds.map(() => ({
      lcp: [] as number[],
      fcp: [] as number[],
      tbt: [] as number[],
      observed: [] as number[],
    }));
    for (let run = 0; run < runs; run += 1) {
      const order =
        run % 2 === 0 ? builds.map((_, index) => index) : builds.map((_, index) => builds.length - 1 - index);
      for (const index of order) {
        const figure = figures[index];
        if (!figure) continue;
        const { audits } = await completeRun(`${builds[index]?.[1]}${path}`, port, ["performance"]);
        const observed = (
          audits.metrics?.details as { items?: { observedFirstContentfulPaint?: number }[] } | undefined
        )?.items?.[0]?.observedFirstContentfulPaint;
        figure.lcp.push(audits[METRICS.LCP]?.numericValue ?? Number.NaN);
        figure.fcp.push(audits[METRICS.FCP]?.numericValue ?? Number.NaN);
        figure.tbt.push(audits[METRICS.TBT]?.numericValue ?? Number.NaN);
        figure.observed.push(observed ?? Number.NaN);
      }
    }
    builds.forEach(([name], index) => {
      const figure = figures[index];
      if (!figure) return;
      const cells = [
        (median(figure.lcp) / 1000).toFixed(2),
        (median(figure.fcp) / 1000).toFixed(2),
        Math.round(median(figure.tbt)),
        Math.round(median(figure.observed)),
      ];
      console.log(
        [path.padEnd(28), name.slice(-23).padEnd(24), ...cells.map((cell) => String(cell).padStart(12))].join(""),
      );
    });
  }
}
