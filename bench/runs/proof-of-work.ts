// npm run bench -- --pow [--runs N]: what the optional proof of work (form.proofOfWork, docs/receiver.md "Spam")
// costs a visitor: challenges made by the real receiver's code, solved in Chromium on 127.0.0.1 (a secure
// context, as the site is) by the form's own solver, bundled as the island bundles it. Each maxnumber gets N fresh
// challenges; the secret number is random, so one solve takes between 0 and the time for maxnumber hashes.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import * as esbuild from "esbuild";
import { proofsOfWork } from "../../src/receiver/proof-of-work.ts";
import { startStaticServer, urlOf } from "../../src/server/static-server.ts";
import type { PowChallenge } from "../../src/shared/form/proof-of-work.ts";
import { CHROMIUM } from "../../tests/e2e/browser.ts";
import { median, percentile } from "./measure.ts";

const SIZES = [50_000, 100_000, 250_000, 1_000_000];

export async function benchProofOfWork(runs: number) {
  const dir = mkdtempSync(join(tmpdir(), "pow-bench-"));
  const solver = await esbuild.build({
    entryPoints: ["src/shared/form/proof-of-work.ts"],
    bundle: true,
    minify: true,
    format: "iife",
    globalName: "pow",
    target: "es2022",
    write: false,
  });
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>pow</title>");
  writeFileSync(join(dir, "pow.js"), solver.outputFiles[0]?.text ?? "");
  const server = await startStaticServer({ dir, port: 0 });
  const browser = await chromium.launch(CHROMIUM);
  try {
    const page = await browser.newPage();
    await page.goto(`${urlOf(server)}/`);
    await page.addScriptTag({ url: "/pow.js" });
    const pow = proofsOfWork("bench secret");
    console.log(`proof of work: ${runs} solves per maxnumber in ${await browser.version()} (Chromium), one tab`);
    for (const maxNumber of SIZES) {
      const times: number[] = [];
      const rates: number[] = [];
      let longTasks = 0;
      let longest = 0;
      for (let run = 0; run < runs; run++) {
        const challenge = await pow.issue(Date.now(), maxNumber, "bench token");
        const { ms, number, blocked } = await page.evaluate(async (c: PowChallenge) => {
          // Tasks over 50 ms while solving: what a visitor typing meanwhile would feel as a stutter.
          const blocked: number[] = [];
          const observer = new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) blocked.push(entry.duration);
          });
          observer.observe({ type: "longtask" });
          const started = performance.now();
          const payload = await (
            window as unknown as { pow: { solveChallenge: (c: PowChallenge) => Promise<string> } }
          ).pow.solveChallenge(c);
          const ms = performance.now() - started;
          await new Promise((resolve) => setTimeout(resolve, 100));
          observer.disconnect();
          return { ms, number: JSON.parse(atob(payload)).number as number, blocked };
        }, challenge);
        if (
          (await pow.check(btoa(JSON.stringify({ ...challenge, number })), "bench token", Date.now())).verdict !== "ok"
        )
          throw new Error("the solution did not pass the receiver's check");
        times.push(ms);
        if (number > 1000) rates.push((number / ms) * 1000);
        longTasks += blocked.length;
        longest = Math.max(longest, ...blocked);
      }
      const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
      const hashesPerSecond = median(rates);
      console.log(
        `  maxnumber ${maxNumber.toLocaleString("en")}: median ${fmt(median(times))}, p90 ${fmt(percentile(times, 0.9))}, ` +
          `max ${fmt(Math.max(...times))}; worst case (the number at maxnumber) ≈ ${fmt((maxNumber / hashesPerSecond) * 1000)} ` +
          `at ${Math.round(hashesPerSecond).toLocaleString("en")} hashes/s (median); ` +
          `tasks over 50 ms while solving: ${longTasks}${longTasks ? `, longest ${Math.round(longest)} ms` : ""}`,
      );
    }
  } finally {
    await browser.close();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
