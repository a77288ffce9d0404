import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DevBuild } from "../../../../src/pipeline/dev-build.ts";
import { build, OutputError } from "../../../../src/pipeline/index.ts";
import { copyOfContent } from "../../content/temp-content.ts";

const ARTICLE = "en/pages/insights/rag-agents.md";
const copy = copyOfContent();
const out = mkdtempSync(join(tmpdir(), "broken-link-out-"));
afterAll(() => {
  copy.cleanup();
  rmSync(out, { recursive: true, force: true });
});

const problemsOf = async (run: () => Promise<unknown>): Promise<string[]> => {
  const error = await run().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof OutputError))
    throw new Error(`expected the built pages to fail their checks, got ${String(error)}`);
  return error.messages.map((problem) => problem.replace(/content-\w+\//g, "content/"));
};

describe("a broken link in a page's text", () => {
  it("npm run dev names it exactly as the build does: the content file and line, and the page it most likely means", async () => {
    // The dev server's first build, on good content.
    const dev = new DevBuild({ contentDir: copy.dir, outDir: join(out, "dev"), validationCache: false });
    await dev.run();
    // A save that changes this page's text alone: the dev build renders and checks it alone.
    copy.edit(ARTICLE, (text) =>
      text.replace("That is the whole trick", "See [our privacy policy](/datenschutzz). That is the whole trick"),
    );
    const line =
      readFileSync(join(copy.dir, ARTICLE), "utf8")
        .split("\n")
        .findIndex((text) => text.includes("(/datenschutzz)")) + 1;
    const expected = `content/${ARTICLE}:${line}: insights/rag-agents.html: broken link /datenschutzz (no such file in dist/; did you mean /datenschutz?) in <a href="/datenschutzz">`;

    const fromDev = await problemsOf(() => dev.run([join(copy.dir, ARTICLE)]));
    const fromBuild = await problemsOf(() =>
      build({ contentDir: copy.dir, outDir: join(out, "build"), validationCache: false }),
    );
    expect(fromBuild).toEqual([expected]);
    expect(fromDev).toEqual(fromBuild);
  });
});
