import { ContentErrors } from "../../src/content/read/errors.ts";
import { type PlanOptions, build, OutputError } from "../../src/pipeline/index.ts";
import { type Content, outOf } from "./content.ts";
import { TEST_VALIDATION_CACHE } from "../unit/validation-cache.ts";

// The real build on a temporary copy of content/ (content.ts): into its own output folder beside it, and the
// messages a failed build gives.
export { type Content, contentWith, outOf, page } from "./content.ts";

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
