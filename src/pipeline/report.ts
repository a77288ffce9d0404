import { ContentErrors, formatProblem, type Problem } from "../content/errors.ts";
import { OutputError } from "./index.ts";

/**
 * How npm run build, npm run dev and npm run check tell an author why nothing was published: a heading, then one
 * line per problem (formatProblem). `kept` names the output folder a failed build left as it was. Undefined for
 * an error that is no content or output problem.
 */
export function describeFailure(error: unknown, { kept }: { kept?: string } = {}): string | undefined {
  const left = kept ? ` (${kept}/ was left as it was)` : "";
  if (error instanceof ContentErrors)
    return block(
      `Content problems${left}:`,
      error.errors.map((e) => e.problem),
    );
  if (error instanceof OutputError) return block(`The built pages failed their checks${left}:`, error.problems);
  return undefined;
}

const block = (heading: string, problems: readonly Problem[]) =>
  [heading, ...problems.map((problem) => `  ${formatProblem(problem)}`)].join("\n");
