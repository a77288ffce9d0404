import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { afterAll, describe, expect, it } from "vitest";
import { withRealData } from "../../support/content.ts";
import { cleanup, siteWith, md, tempDir } from "./site.ts";

// The daily workflow builds the live site itself before it asks the host for a build: a page that fails on its
// day is a failed Actions run (GitHub mails it), with the build's message in the run's summary.
afterAll(cleanup);

const workflow = parse(readFileSync(".github/workflows/daily-build.yml", "utf8")) as {
  jobs: Record<string, { needs?: string | string[]; steps: { run?: string }[] }>;
};

const GOES_LIVE = "2026-12-09";
const content = siteWith({
  "site.yaml": withRealData(readFileSync("content/site.yaml", "utf8")),
  "en/pages/launch.md": md(
    { title: "Launch", description: "A scheduled page with a broken link.", date: GOES_LIVE, translations: "partial" },
    "See [our prices](/prices).",
  ),
});

/** .ci/strict-build as the workflow's step runs it, on that content, on `day`, with a summary file of its own. */
function strictBuild(day: string) {
  const dir = tempDir("workflow");
  const summary = join(dir, "summary.md");
  const result = spawnSync("bash", [".ci/strict-build", "--content", content, "--out-dir", join(dir, "dist")], {
    encoding: "utf8",
    env: { ...process.env, BUILD_DATE: day, GITHUB_STEP_SUMMARY: summary },
    timeout: 300_000,
  });
  return { ...result, summary: existsSync(summary) ? readFileSync(summary, "utf8") : "", dist: join(dir, "dist") };
}

describe("the daily workflow", () => {
  it("asks the host for a build only after its own strict build passed", () => {
    const check = Object.entries(workflow.jobs).find(([, job]) =>
      job.steps.some((step) => step.run === "bash .ci/strict-build"),
    )?.[0];
    expect(check).toBeDefined();
    expect([workflow.jobs["build-hook"]?.needs].flat()).toContain(check);
  });

  it("fails on the page's day, the build's message in the run's summary and an annotation", () => {
    const run = strictBuild(GOES_LIVE);
    expect(run.status, run.stderr).toBe(1);
    expect(run.summary).toContain("### The live site's build failed (npm run build -- --strict)");
    expect(run.summary).toMatch(/content\/en\/pages\/launch\.md:\d+: broken link \/prices/);
    expect(run.stdout).toMatch(
      /^::error title=npm run build -- --strict failed::content\/en\/pages\/launch\.md:\d+: broken link \/prices/m,
    );
    expect(existsSync(run.dist)).toBe(false);
  }, 300_000);

  it("passes the day before, saying what it built in the summary", () => {
    const run = strictBuild("2026-12-08");
    expect(run.status, run.stderr).toBe(0);
    expect(run.summary).toContain("### The live site builds (npm run build -- --strict)");
    expect(run.summary).toMatch(/Built \d+ pages into /);
  }, 300_000);
});
