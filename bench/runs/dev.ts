// npm run bench -- --dev [--runs N]: npm run dev's save -> the open page shows the change, in Chromium with the
// dev client connected, on this site and on the 1,000-page bench site. Each run appends a sentence to one
// article (a change of its own text: the one-page rebuild) and waits for the updated page to show it. Two
// figures per save: the dev server's own line ("page shown N ms after the save (how)", from the file's time to the
// tab's report that it shows the build: reloaded and loaded, or swapped in place and painted) and the time this
// script saw, from its write to the text on screen.
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium } from "@playwright/test";
import { DEV_EVENTS_PATH } from "../../src/dev/browser/protocol.ts";
import { startDevServer } from "../../src/dev/server.ts";
import { CHROMIUM } from "../../tests/e2e/browser.ts";
import { generateSite } from "../../tests/support/generate-site.ts";
import { median } from "./measure.ts";

interface DevSite {
  name: string;
  /** Generated pages on top of content/ (0: this site as it is). */
  pages: number;
  /** The article saved, below content/, and its address. */
  file: string;
  path: string;
}

const SITES: DevSite[] = [
  { name: "this site", pages: 0, file: "en/pages/insights/rag-agents.md", path: "/insights/rag-agents" },
  {
    name: "the 1,000-page bench site",
    pages: 1000,
    file: "en/pages/bench/section-1/page-7.md",
    path: "/bench/section-1/page-7",
  },
];

export async function benchDev(runs: number): Promise<void> {
  const browser = await chromium.launch(CHROMIUM);
  try {
    for (const site of SITES) {
      const work = mkdtempSync(join(tmpdir(), "bench-dev-"));
      // A project of its own, as tests/e2e/dev.spec.ts makes one: the worker runs the code from its src/.
      for (const entry of ["src", "tsconfig.json", "package.json"])
        cpSync(entry, join(work, entry), { recursive: true });
      symlinkSync(resolve("node_modules"), join(work, "node_modules"));
      if (site.pages > 0) await generateSite(join(work, "content"), site.pages, true);
      else cpSync("content", join(work, "content"), { recursive: true });
      const log: string[] = [];
      /** When each line was printed: the save's time splits at the watcher's line and the worker's reply. */
      const at: number[] = [];
      const started = performance.now();
      const dev = await startDevServer({
        cwd: work,
        port: 0,
        log: (line) => {
          log.push(line);
          at.push(performance.now());
        },
      });
      const firstBuild = performance.now() - started;
      const page = await browser.newPage();
      // The saves start once the tab listens for builds: a build that finds no tab connected waits for no report,
      // and the tab, which still shows it, would leave this script waiting for a line that never comes.
      const listening = page.waitForResponse((response) => response.url().includes(DEV_EVENTS_PATH));
      await page.goto(`${dev.url}${site.path}`);
      await listening;
      const reported: number[] = [];
      const seen: number[] = [];
      const rebuilt: string[] = [];
      /** How the tab showed each save: "swapped in place" or "reloaded". */
      const how: string[] = [];
      const split = { noticed: [] as number[], replied: [] as number[] };
      const file = join(work, "content", site.file);
      for (let run = 0; run < runs; run += 1) {
        const token = `Benchmark${run}x${Date.now().toString(36)}`;
        const reloads = log.filter((line) => line.includes("page shown")).length;
        const saved = performance.now();
        writeFileSync(file, `${readFileSync(file, "utf8")}\nAn added sentence: ${token}.\n`);
        // The updated page, once it shows the sentence (a word is searched by its start: soft hyphens follow it).
        await page.waitForFunction(
          (word) => (document.querySelector("main")?.textContent ?? "").replaceAll("\u00ad", "").includes(word),
          token,
          { timeout: 120_000, polling: "raf" },
        );
        seen.push(performance.now() - saved);
        const line = await until(() => log.filter((entry) => entry.includes("page shown"))[reloads]);
        how.push(/\((.+)\)$/.exec(line)?.[1] ?? "");
        reported.push(Number(/(\d+) ms after the save/.exec(line)?.[1]));
        rebuilt.push(log.filter((entry) => entry.startsWith("✓ rebuilt")).at(-1) ?? "");
        const lineAt = (prefix: string) => at[log.findLastIndex((entry) => entry.startsWith(prefix))] ?? Number.NaN;
        split.noticed.push(lineAt("…") - saved);
        split.replied.push(lineAt("✓ rebuilt") - saved);
        // An author's pause between saves: the search index, written after the reply, is then done, and the next
        // save starts on an idle worker (without it, each save would wait for the last one's index).
        await new Promise((done) => setTimeout(done, 500));
      }
      await page.close();
      await dev.close();
      rmSync(work, { recursive: true, force: true });
      const ms = (values: number[]) =>
        `${Math.round(median(values))} ms (min ${Math.round(Math.min(...values))}, max ${Math.round(Math.max(...values))})`;
      console.log(
        `\nnpm run dev on ${site.name} (first build ${Math.round(firstBuild)} ms), ${runs} saves of ${site.file}:`,
      );
      console.log(`  save -> page shown, the dev server's line, median:  ${ms(reported)}`);
      console.log(`  save -> text on screen, seen by this script, median: ${ms(seen)}`);
      console.log(`  of it, save -> the watcher's line, median:          ${ms(split.noticed)}`);
      console.log(`  of it, save -> the worker's reply, median:           ${ms(split.replied)}`);
      console.log(`  the worker's last line: ${rebuilt.at(-1)}`);
      console.log(
        `  shown: ${[...new Set(how)].map((way) => `${how.filter((h) => h === way).length} ${way}`).join(", ")}`,
      );
    }
  } finally {
    await browser.close();
  }
}

/** The value `read` gives once it gives one (a line the dev server prints a moment after the page loaded). */
async function until<T>(read: () => T | undefined, timeout = 60_000): Promise<T> {
  const end = performance.now() + timeout;
  while (performance.now() < end) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((done) => setTimeout(done, 10));
  }
  throw new Error("the dev server printed no 'page shown' line for the save");
}
