import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { formatProblemIn } from "../../../../src/content/read/errors.ts";
import { DevBuild } from "../../../../src/pipeline/dev-build.ts";
import { build, OutputError } from "../../../../src/pipeline/index.ts";
import { copyOfContent } from "../../../support/content.ts";
import { TEST_VALIDATION_CACHE } from "../../validation-cache.ts";

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

describe("a link to an old address that now redirects (issue 54)", () => {
  it("says that it redirects and to where, in English and in German, instead of 'no page or file'", async () => {
    const moved = copyOfContent();
    try {
      moved.edit(ARTICLE, (text) => text.replace(/^---\n/, "---\naliases: [/insights/rag-old]\n"));
      moved.edit("en/pages/insights/chatbot-roi.md", (text) =>
        text.replace(/\n---\n\n/, "\n---\n\nRead [the RAG article](/insights/rag-old) first.\n\n"),
      );
      const error = await build({
        contentDir: moved.dir,
        outDir: join(out, "moved"),
        validationCache: TEST_VALIDATION_CACHE,
      }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(OutputError);
      const problems = (error as OutputError).problems;
      expect(problems.map((problem) => `${problem.line}: ${problem.message}`)).toEqual([
        "11: broken link /insights/rag-old: this address now redirects to /insights/rag-agents: link to /insights/rag-agents instead",
      ]);
      expect(problems.map((problem) => formatProblemIn(problem, "de"))).toEqual([
        expect.stringContaining(
          "chatbot-roi.md:11: Link /insights/rag-old stimmt nicht: diese Adresse leitet jetzt auf /insights/rag-agents weiter",
        ),
      ]);
    } finally {
      moved.cleanup();
    }
  });
});

describe("a broken link in a page's text", () => {
  it("npm run dev names it exactly as the build does: the content file and line, and the page it most likely means", async () => {
    // The dev server's first build, on good content.
    const dev = new DevBuild({
      contentDir: copy.dir,
      outDir: join(out, "dev"),
      validationCache: TEST_VALIDATION_CACHE,
    });
    await dev.run();
    // A save that changes this page's text alone: the dev build renders and checks it alone.
    copy.edit(ARTICLE, (text) =>
      text.replace("That is the whole trick", "See [our privacy policy](/datenschutzz). That is the whole trick"),
    );
    const line =
      readFileSync(join(copy.dir, ARTICLE), "utf8")
        .split("\n")
        .findIndex((text) => text.includes("(/datenschutzz)")) + 1;
    const expected = `content/${ARTICLE}:${line}: broken link /datenschutzz: no page or file of the site has this address; did you mean /datenschutz?`;

    const fromDev = await problemsOf(() => dev.run([join(copy.dir, ARTICLE)]));
    const fromBuild = await problemsOf(() =>
      build({ contentDir: copy.dir, outDir: join(out, "build"), validationCache: TEST_VALIDATION_CACHE }),
    );
    expect(fromBuild).toEqual([expected]);
    expect(fromDev).toEqual(fromBuild);
  });

  it("names the content file, its line and the link as written, never dist/'s files or the built markup", async () => {
    const german = copyOfContent();
    try {
      const file = "de/pages/insights/rag-agents.md";
      // A German page: a link to another page's missing heading, and one to this page's own missing heading.
      german.edit(file, (text) =>
        text
          .replace(
            "Darin liegt der ganze Kniff",
            "Siehe [das Modell](/de/einblicke/chatbot-roi#das-modelll). Darin liegt der ganze Kniff",
          )
          .replace("In allen diesen Fällen", "Siehe [oben](#wo-er-gut-funktionierte). In allen diesen Fällen"),
      );
      const lines = readFileSync(join(german.dir, file), "utf8").split("\n");
      const lineOf = (needle: string) => lines.findIndex((text) => text.includes(needle)) + 1;
      const messages = await problemsOf(() =>
        build({ contentDir: german.dir, outDir: join(out, "german"), validationCache: TEST_VALIDATION_CACHE }),
      );
      const chatbot = "/de/einblicke/chatbot-roi";
      expect(messages.map((message) => message.replace(/content-\w+\//g, "content/")).sort()).toEqual(
        [
          `content/${file}:${lineOf("#das-modelll")}: broken link ${chatbot}#das-modelll: the page ${chatbot} has no heading or element with id "das-modelll"; did you mean #das-modell?`,
          `content/${file}:${lineOf("#wo-er-gut-funktionierte")}: broken link #wo-er-gut-funktionierte: this page has no heading or element with id "wo-er-gut-funktionierte"; did you mean #wo-er-gut-funktioniert?`,
        ].sort(),
      );
      for (const message of messages) expect(message).not.toMatch(/dist\/|\.html|<a |href=/);
    } finally {
      german.cleanup();
    }
  });
});
