import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../../../src/pipeline/index.ts";
import { ValidationThread, validatePages } from "../../../../src/pipeline/checks/validate-pages.ts";
import { validateHtml, type ValidationProblem } from "../../../../src/pipeline/checks/validate.ts";
import { TEST_VALIDATION_CACHE } from "../../validation-cache.ts";

const work = mkdtempSync(join(tmpdir(), "validate-pages-"));
const outDir = join(work, "dist");
const cacheFile = join(work, "cache.json");
afterAll(() => rmSync(work, { recursive: true, force: true }));

// The real site built once; each test changes pages of its own copy.
const pristine = join(work, "pristine");
let builtFiles: string[] = [];
beforeAll(async () => {
  builtFiles = (await build({ outDir: pristine, validationCache: TEST_VALIDATION_CACHE })).files;
}, 60_000);
/** A fresh copy of the built site in `dir`, and its pages. */
function copyOfSite(dir: string): { files: string[] } {
  rmSync(dir, { recursive: true, force: true });
  cpSync(pristine, dir, { recursive: true });
  return { files: builtFiles };
}

describe("validation: every page, every build, unless the same bytes already passed", () => {
  it("a second run reads nothing html-validate already passed; a changed page is validated again", {
    timeout: 30_000,
  }, async () => {
    const { files } = copyOfSite(outDir);
    const first = await validatePages(outDir, files, { cacheFile });
    expect(first).toMatchObject({ problems: [], validated: files.length, cached: 0 });
    expect(await validatePages(outDir, files, { cacheFile })).toMatchObject({
      problems: [],
      validated: 0,
      cached: files.length,
    });

    const page = join(outDir, "impressum.html");
    writeFileSync(page, readFileSync(page, "utf8").replace("</main>", "<p>One more paragraph.</p></main>"));
    expect(await validatePages(outDir, files, { cacheFile })).toMatchObject({
      problems: [],
      validated: 1,
      cached: files.length - 1,
    });
  });

  it("a page with a problem is never cached: it fails every time", { timeout: 30_000 }, async () => {
    const { files } = copyOfSite(outDir);
    const page = join(outDir, "impressum.html");
    writeFileSync(page, readFileSync(page, "utf8").replace("</main>", '<img src="/x.png"></main>'));
    for (let run = 0; run < 2; run += 1) {
      const { problems, validated } = await validatePages(outDir, files, { cacheFile });
      expect(validated).toBe(1);
      expect(problems.map((problem) => [problem.file, problem.rule])).toContainEqual(["impressum.html", "wcag/h37"]);
    }
  });

  it("worker threads find exactly what one thread finds", async () => {
    const { files } = copyOfSite(outDir);
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
    // At the page's own line and column, whichever thread found it.
    const summary = (run: typeof single) =>
      run.problems.map((problem) => `${problem.file}:${problem.line}:${problem.column} ${problem.rule}`).sort();
    expect(summary(threaded)).toEqual(summary(single));
    expect(summary(single).some((line) => /^impressum\.html:\d+:\d+ no-dup-id$/.test(line))).toBe(true);

    // A thread started ahead (npm run build's incremental builds): a few pages go to it alone, many are shared
    // with this thread; either way it finds what one thread finds, and it runs until its owner ends it.
    const ahead = new ValidationThread();
    try {
      const few = files.slice(0, 3);
      const alone = await validatePages(outDir, few, { threads: 1, started: ahead });
      expect(summary(alone)).toEqual(summary(await validatePages(outDir, few, { threads: 1 })));
      expect(summary(await validatePages(outDir, many, { threads: 2, started: ahead }))).toEqual(summary(single));
    } finally {
      await ahead.close();
    }
  }, 180_000);
});

describe("the chrome validated once per kind, each page's own part per page: finds what whole pages would", () => {
  const built = join(work, "chrome");
  let files: string[] = [];
  let pages = new Map<string, string>();
  // Two articles share their chrome: the first in build order is validated whole, the second by its own part.
  let second = "";

  beforeAll(async () => {
    files = copyOfSite(built).files;
    pages = new Map(files.map((file) => [file, readFileSync(join(built, file), "utf8")]));
    second = files.filter((file) => file.startsWith("insights/")).at(-1) ?? "";
  }, 180_000);

  /** Writes the pages with `change` applied to the named ones, then validates them both ways. */
  async function bothWays(changes: Record<string, (html: string) => string>) {
    for (const [file, html] of pages)
      writeFileSync(join(built, file), (changes[file] ?? ((text: string) => text))(html));
    const split = await validatePages(built, files, { threads: 1 });
    const whole = await validateHtml(built, files);
    const summary = (problems: ValidationProblem[]) =>
      [...new Set(problems.map((problem) => `${problem.file} ${problem.rule}`))].sort();
    return { split, whole, splitSummary: summary(split.problems), wholeSummary: summary(whole) };
  }

  it("pages are split: the real site validates clean with one whole page per kind of chrome", async () => {
    expect(files.filter((file) => file.startsWith("insights/"))).toHaveLength(2);
    const { split, wholeSummary } = await bothWays({});
    expect(split.problems).toEqual([]);
    expect(wholeSummary).toEqual([]);
    expect(split.whole).toBeLessThan(files.length);
  });

  it("a duplicate id across the chrome and the page's own part", async () => {
    // The same id on every page's footer (their chromes stay alike), and once more in the second page's text.
    const footerId = (html: string) =>
      html.replace('<footer class="site-footer"', '<footer id="legal" class="site-footer"');
    const changes = Object.fromEntries(files.map((file) => [file, footerId]));
    changes[second] = (html) => footerId(html).replace("</main>", '<p id="legal">Again.</p></main>');
    const { splitSummary, wholeSummary } = await bothWays(changes);
    expect(splitSummary).toEqual([`${second} no-dup-id`]);
    expect(splitSummary).toEqual(wholeSummary);
  });

  it("an element left open in the page's part, at the seam with the footer", async () => {
    const { splitSummary, wholeSummary, split, whole } = await bothWays({
      [second]: (html) => html.replace("</main>", "<div><p>Open.</p></main>"),
    });
    expect(splitSummary).toEqual([`${second} close-order`, `${second} no-implicit-close`]);
    expect(splitSummary).toEqual(wholeSummary);
    // What is found in the page's own part is reported at the same line and column as a whole-page validation reports it.
    const at = (problems: ValidationProblem[]) =>
      problems
        .filter((problem) => problem.element.startsWith("#main") || problem.message.includes("</main>"))
        .map((p) => `${p.line}:${p.column} ${p.message}`);
    expect(at(split.problems)).toHaveLength(2);
    expect(at(split.problems)).toEqual(at(whole));
  });

  it("a stray end tag that closes more than the page's part", async () => {
    const { splitSummary, wholeSummary } = await bothWays({
      [second]: (html) => html.replace("</main>", "</div></main>"),
    });
    expect(splitSummary.length).toBeGreaterThan(0);
    expect(splitSummary).toEqual(wholeSummary);
  });

  it("a landmark in the page's part named like one in the chrome, a heading out of order, an empty title", async () => {
    const { splitSummary, wholeSummary } = await bothWays({
      [second]: (html) =>
        html
          .replace("</main>", '<nav aria-label="Main"><a href="/">Home</a></nav><h5>Deep</h5></main>')
          .replace(/<title>[^<]*<\/title>/, "<title> </title>"),
    });
    expect(splitSummary).toEqual([`${second} empty-title`, `${second} heading-level`, `${second} unique-landmark`]);
    expect(splitSummary).toEqual(wholeSummary);
  });

  it("a page whose chrome differs from its kind's is validated whole", async () => {
    const { split, splitSummary, wholeSummary } = await bothWays({
      [second]: (html) => html.replace('<footer class="site-footer">', '<footer class="site-footer"><div>'),
    });
    expect(splitSummary).toContain(`${second} close-order`);
    expect(splitSummary).toEqual(wholeSummary);
    const clean = await bothWays({});
    expect(split.whole).toBe(clean.split.whole + 1);
  });

  it("a wrong nesting across the seam: the page's part inside an element of the chrome that may not hold it", async () => {
    // Every page's <main> inside a <span> (their chromes stay alike): a <main> may not stand in phrasing content.
    const wrapped = (html: string) => html.replace(/<main\b/, "<span><main").replace("</main>", "</main></span>");
    const { split, splitSummary, wholeSummary } = await bothWays(
      Object.fromEntries(files.map((file) => [file, wrapped])),
    );
    expect(splitSummary).toContain(`${second} element-permitted-content`);
    expect(splitSummary).toEqual(wholeSummary);
    // Found in the page's own part, not by validating it whole.
    const clean = await bothWays({});
    expect(split.whole).toBe(clean.split.whole);
  });

  it("a broken attribute in a per-page value of the chrome, and one in the page's own part", async () => {
    // The chrome's per-page values (here the Open Graph title) do not make a kind of chrome of their own: the
    // values that differ from the page validated whole are validated with the page's part.
    const { split, whole, splitSummary, wholeSummary } = await bothWays({
      [second]: (html) =>
        html
          .replace(/(<meta property="og:title" content=")/, "$1A &nosuch; in ")
          .replace(/(<main\b[^>]*>[\s\S]*?<p)\b/, '$1 dir="sideways"'),
    });
    expect(splitSummary).toEqual([`${second} attribute-allowed-values`, `${second} unrecognized-char-ref`]);
    expect(splitSummary).toEqual(wholeSummary);
    const clean = await bothWays({});
    expect(split.whole).toBe(clean.split.whole);
    // Reported where each is in the page.
    const at = (problems: ValidationProblem[]) =>
      problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.rule}`).sort();
    expect(at(split.problems)).toEqual(at(whole));
  });

  it("a broken attribute in the chrome every page shares: found once for each kind of chrome, where whole pages find it on each", async () => {
    const sideways = (html: string) =>
      html.replace('<footer class="site-footer"', '<footer dir="sideways" class="site-footer"');
    const { split, whole } = await bothWays(Object.fromEntries(files.map((file) => [file, sideways])));
    const findings = (problems: ValidationProblem[]) =>
      new Set(problems.map((p) => `${p.rule} ${p.message} ${p.element}`));
    expect([...findings(split.problems)]).toEqual([...findings(whole)]);
    expect(findings(whole).size).toBeGreaterThan(0);
    // Each of the split's findings is one whole-page validation makes, at the same page, line and column.
    const at = (p: ValidationProblem) => `${p.file}:${p.line}:${p.column} ${p.rule}`;
    const wholeAt = new Set(whole.map(at));
    expect(split.problems.every((problem) => wholeAt.has(at(problem)))).toBe(true);
    // One page of each kind of chrome reports it.
    expect(new Set(split.problems.map((problem) => problem.file)).size).toBe(split.whole);
  });
});
