import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { ContentError, UnexpectedError } from "../../../src/content/read/errors.ts";
import { build } from "../../../src/pipeline/index.ts";
import { describeFailure } from "../../../src/pipeline/report.ts";
import { copyOfContent } from "../../support/content.ts";
import { TEST_VALIDATION_CACHE } from "../validation-cache.ts";

// Issue 29: an error no check foresaw is one line naming the step and the content file; the stack and the machine's
// paths go to a log file under the project, never into the message an author reads.
const work = mkdtempSync(join(tmpdir(), "checks-unexpected-"));
const content = copyOfContent("checks-content-");
afterAll(() => {
  content.cleanup();
  rmSync(work, { recursive: true, force: true });
});

it("a card cache that cannot be written: one line naming the step and the page, the details in the log", async () => {
  // A file where the card cache's folder should be: writing a card fails with ENOTDIR or EEXIST.
  const blocked = join(work, "not-a-folder");
  writeFileSync(blocked, "");
  const outDir = join(work, "dist");
  const error = await build({
    contentDir: content.dir,
    outDir,
    validationCache: TEST_VALIDATION_CACHE,
    previewCache: join(blocked, "cards"),
  }).then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(UnexpectedError);
  const logDir = join(work, "logs");
  const message = describeFailure(error, { kept: "dist", log: "build", logDir });
  const name = content.dir.split("/").pop() ?? "";
  expect(message.replace(name, "content")).toMatch(
    /^An unexpected error \(Error E[A-Z]+\) while drawing the link-preview card of content\/(en|de)\/[\w/.-]+ \(dist\/ was left as it was\)|^An unexpected error \(Error E[A-Z]+\) while drawing the link-preview card of content\/[\w/.-]+: nothing was published \(dist\/ was left as it was\)\. Its details are in .*build\.log; please pass them on to whoever maintains the site's code\.$/,
  );
  expect(message).not.toContain("\n");
  expect(message).not.toMatch(/\s+at |node_modules\/(?!\.cache)|not-a-folder/);
  expect(existsSync(outDir)).toBe(false);
  const log = readFileSync(join(logDir, "build.log"), "utf8");
  expect(log).toContain(`while drawing the link-preview card of ${name}/`);
  expect(log).toMatch(/\n\s+at /);
  expect(log).toContain("not-a-folder");
});

it("an error that is neither a content problem nor wrapped still gives one line and a log entry", () => {
  const logDir = join(work, "logs-2");
  const failure = Object.assign(new Error(`ENOENT: no such file or directory, open '${work}/.dist-next-x/feed.xml'`), {
    code: "ENOENT",
  });
  const message = describeFailure(failure, { log: "dev", logDir });
  expect(message).toBe(
    `An unexpected error (Error ENOENT) while building: nothing was published. Its details are in ${join(logDir, "dev.log")}; please pass them on to whoever maintains the site's code.`,
  );
  expect(readFileSync(join(logDir, "dev.log"), "utf8")).toContain(".dist-next-x/feed.xml");
});

it("a content problem that arrives alone, or wrapped with its step, is reported as a content problem, not as unexpected", () => {
  const logDir = join(work, "logs-3");
  const missing = new ContentError("content/en/pages/insights/index.md", "file is missing");
  const expected = "Content problems:\n  content/en/pages/insights/index.md: file is missing";
  expect(describeFailure(missing, { log: "dev", logDir })).toBe(expected);
  expect(describeFailure(new UnexpectedError("building", undefined, missing), { log: "dev", logDir })).toBe(expected);
  expect(existsSync(join(logDir, "dev.log"))).toBe(false);
});
