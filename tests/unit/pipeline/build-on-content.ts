import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ContentErrors } from "../../../src/content/read/errors.ts";
import { type PlanOptions, build, OutputError } from "../../../src/pipeline/index.ts";
import { copyOfContent } from "../content/temp-content.ts";
import { TEST_VALIDATION_CACHE } from "../validation-cache.ts";

// The real build on a temporary copy of content/, for the hostile-content rounds: a copy with files written into
// it, its own output folder beside it, and the messages a failed build gives.

export type Content = ReturnType<typeof copyOfContent>;

/** A fresh copy of content/ with `files` written into it (paths relative to content/); cleanup() removes its output too. */
export function contentWith(files: Record<string, string>, prefix = "checks-content-"): Content {
  const copy = copyOfContent(prefix);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(copy.dir, file, ".."), { recursive: true });
    writeFileSync(join(copy.dir, file), text);
  }
  const cleanup = copy.cleanup;
  copy.cleanup = () => {
    cleanup();
    rmSync(outOf(copy), { recursive: true, force: true });
  };
  return copy;
}

export const outOf = (content: Content) => `${content.dir}-dist`;

export function buildOf(content: Content, options: Partial<PlanOptions> = {}) {
  return build({ contentDir: content.dir, outDir: outOf(content), validationCache: TEST_VALIDATION_CACHE, ...options });
}

/** The messages a failed build gives, with the temporary folder's name as content/ ([] when it builds). */
export async function failureOf(content: Content, options: Partial<PlanOptions> = {}): Promise<string[]> {
  const name = content.dir.split("/").pop() ?? "";
  return buildOf(content, options).then(
    () => [],
    (error: unknown) => {
      const messages =
        error instanceof ContentErrors
          ? error.errors.map((e) => e.message)
          : error instanceof OutputError
            ? error.messages
            : [String(error)];
      return messages.map((message) => message.replaceAll(name, "content"));
    },
  );
}

/** A page's Markdown: front matter from `front` (values written as YAML), then `body`. */
export const page = (front: Record<string, string>, body = "Some text.") =>
  `---\n${Object.entries(front)
    .map(([key, value]) => `${key}: ${value}`)
    .join("\n")}\n---\n\n${body}\n`;
