import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { build } from "../../../src/pipeline/index.ts";
import { validatePages } from "../../../src/pipeline/validate-pages.ts";

const work = mkdtempSync(join(tmpdir(), "validate-pages-"));
const outDir = join(work, "dist");
const cacheFile = join(work, "cache.json");
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("validation: every page, every build, unless the same bytes already passed", () => {
  it("a second run reads nothing html-validate already passed; a changed page is validated again", { timeout: 30_000 }, async () => {
    const { files } = await build({ outDir, validationCache: false });
    const first = await validatePages(outDir, files, { cacheFile });
    expect(first).toEqual({ problems: [], validated: files.length, cached: 0 });
    expect(await validatePages(outDir, files, { cacheFile })).toEqual({ problems: [], validated: 0, cached: files.length });

    const page = join(outDir, "impressum.html");
    writeFileSync(page, readFileSync(page, "utf8").replace("</main>", "<p>One more paragraph.</p></main>"));
    expect(await validatePages(outDir, files, { cacheFile })).toEqual({ problems: [], validated: 1, cached: files.length - 1 });
  });

  it("a page with a problem is never cached: it fails every time", { timeout: 30_000 }, async () => {
    const { files } = await build({ outDir, validationCache: false });
    const page = join(outDir, "impressum.html");
    writeFileSync(page, readFileSync(page, "utf8").replace("</main>", '<img src="/x.png"></main>'));
    for (let run = 0; run < 2; run += 1) {
      const { problems, validated } = await validatePages(outDir, files, { cacheFile });
      expect(validated).toBe(1);
      expect(problems.map((problem) => [problem.file, problem.rule])).toContainEqual(["impressum.html", "wcag/h37"]);
    }
  });

  it("worker threads find exactly what one thread finds", async () => {
    const { files } = await build({ outDir, validationCache: false });
    for (const file of files) {
      const path = join(outDir, file);
      writeFileSync(path, readFileSync(path, "utf8").replace("</main>", '<div id="main"></div></main>'));
    }
    // 160 pages (the real ones, repeated) is above the threshold at which the work is split over threads.
    const many = Array.from({ length: 160 }, (_, index) => files[index % files.length] ?? "");
    const single = await validatePages(outDir, many, { threads: 1 });
    const ports = () => process.getActiveResourcesInfo().filter((resource) => resource === "MessagePort").length;
    const portsBefore = ports();
    const threaded = await validatePages(outDir, many, { threads: 2 });
    // Each thread's port closes only once the thread has stopped: none is left running when validation returns.
    expect(ports()).toBe(portsBefore);
    const summary = (run: typeof single) => run.problems.map((problem) => `${problem.file} ${problem.rule}`).sort();
    expect(summary(threaded)).toEqual(summary(single));
    expect(summary(single)).toContain("impressum.html no-dup-id");
  }, 60_000);
});
