import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { contentWith } from "../../support/content.ts";
import { ContentErrors, formatProblem } from "../../../src/content/read/errors.ts";
import { build, type PlanOptions, OutputError } from "../../../src/pipeline/index.ts";
import { TEST_VALIDATION_CACHE } from "../validation-cache.ts";

/** Temporary folders of the publishing tests: a copy of content/ with some files added or replaced, and outputs. */
const made: string[] = [];
export const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `publish-${name}-`));
  made.push(dir);
  return dir;
};
export const cleanup = () => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
};

/**
 * tests/support's contentWith (a copy of the real content/ with `files` written over it), named content/ inside its
 * temporary folder so that messages name files as they do in the real one, and removed by cleanup(): its folder.
 */
export function siteWith(files: Record<string, string | Buffer>, remove: string[] = []): string {
  const copy = contentWith(files, { prefix: "publish-site-", remove, asContent: true });
  made.push(dirname(copy.dir));
  return copy.dir;
}

/** A Markdown page: front matter (values as YAML text) and a body. */
export { page as md } from "../../support/content.ts";

/** A real build of `contentDir` into a new folder; the messages of a failed one as lines. */
export async function buildOf(contentDir: string, options: PlanOptions = {}) {
  const outDir = tempDir("dist");
  try {
    const result = await build({ contentDir, outDir, validationCache: TEST_VALIDATION_CACHE, ...options });
    return { ok: true as const, outDir, result, messages: result.warnings.map((warning) => warning.message) };
  } catch (error) {
    if (error instanceof ContentErrors)
      return {
        ok: false as const,
        outDir,
        messages: error.errors.map((e) => formatProblem(e.problem)),
        // As a German author reads them (the editor's German interface, LANG=de_DE on the command line).
        german: error.errors.map((e) => e.messageIn("de")),
      };
    if (error instanceof OutputError) return { ok: false as const, outDir, messages: error.messages };
    throw error;
  }
}
