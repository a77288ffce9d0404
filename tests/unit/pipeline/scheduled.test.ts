import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ContentErrors } from "../../../src/content/read/errors.ts";
import { build, OutputError } from "../../../src/pipeline/index.ts";
import { realContent } from "../../support/content.ts";
import { TEST_VALIDATION_CACHE } from "../validation-cache.ts";

// A scheduled page is checked every day as it will be on its day: what would fail the nightly build of that day is
// said now, as a warning naming the day, and fails only on it (issue 40). The live site's strict build, on the real
// content with its sample values replaced and site.yaml saying translations: complete.
const copy = realContent("scheduled-");
const work = mkdtempSync(join(tmpdir(), "scheduled-out-"));
const outDir = join(work, "dist");
afterAll(() => {
  copy.cleanup();
  rmSync(work, { recursive: true, force: true });
});
// site.yaml says translations: complete already; the test holds the page to that.

const POST = "en/pages/insights/coming.md";
const post = (link: string) => `---
title: Coming soon to the blog
description: A post scheduled for Monday that links to another page of the site.
date: 2026-11-30
---

Read [the page we link to](${link}) before Monday.
`;
writeFileSync(join(copy.dir, POST), post("/insights/nowhere"));

const strictOn = (today: string) =>
  build({ contentDir: copy.dir, outDir, strict: true, today, validationCache: TEST_VALIDATION_CACHE });
const messages = (error: unknown) =>
  error instanceof OutputError
    ? error.messages
    : error instanceof ContentErrors
      ? error.errors.map((e) => e.message)
      : [String(error)];

describe("a page scheduled for a later day", () => {
  it("is reported today with its day (a broken link, a missing translation) and does not block the strict build", async () => {
    const { warnings, files } = await strictOn("2026-11-27");
    const said = warnings.map((warning) => warning.message);
    expect(said).toContainEqual(
      expect.stringMatching(/coming\.md:7: goes live on 30 November 2026: .*broken link \/insights\/nowhere/),
    );
    expect(said).toContainEqual(
      expect.stringMatching(/coming\.md: goes live on 30 November 2026: has no counterpart in de/),
    );
    expect(files).not.toContain("insights/coming.html");
    expect(existsSync(join(outDir, "insights/coming.html"))).toBe(false);
  }, 120_000);

  it("fails the strict build on its day, with the same problems as errors", async () => {
    const missing = await strictOn("2026-11-30").catch((error: unknown) => error);
    expect(messages(missing)).toContainEqual(expect.stringMatching(/coming\.md: has no counterpart in de/));
    writeFileSync(join(copy.dir, "de/pages/insights/coming.md"), post("/de/einblicke").replace("Read", "Lies"));
    const broken = await strictOn("2026-11-30").catch((error: unknown) => error);
    expect(broken).toBeInstanceOf(OutputError);
    expect(messages(broken)).toContainEqual(expect.stringMatching(/coming\.md:7: .*broken link \/insights\/nowhere/));
    // The previous site stays as it was.
    expect(existsSync(join(outDir, "insights/coming.html"))).toBe(false);
  }, 120_000);

  it("goes live on its day once fixed, and nothing is said of it any more", async () => {
    writeFileSync(join(copy.dir, POST), post("/insights/rag-agents"));
    const { warnings } = await strictOn("2026-11-30");
    expect(warnings.map((warning) => warning.message).filter((m) => m.includes("goes live"))).toEqual([]);
    expect(existsSync(join(outDir, "insights/coming.html"))).toBe(true);
  }, 120_000);
});
