import { join } from "node:path";
import { ContentError, ContentErrors, formatProblemIn, type Problem, UnexpectedError } from "../content/read/errors.ts";
import { type MessageLanguage, say } from "../shared/messages/catalogue.ts";
import { CACHES } from "./caches.ts";
import { logUnexpected } from "./error-log.ts";
import { OutputError } from "./output-error.ts";

/**
 * How npm run build, npm run dev and npm run check tell an author why nothing was published: a heading, then one
 * line per problem (formatProblem). `kept` names the output folder a failed build left as it was. An error that is
 * no content or output problem is one line naming the step and the content file it was processing; its details
 * (the stack, paths of the build machine) go to a log file under the project (`log` names it), never to the author.
 */
export function describeFailure(
  error: unknown,
  {
    kept,
    log = "build",
    logDir = CACHES.logs,
    language = "en",
  }: { kept?: string; log?: string; logDir?: string; language?: MessageLanguage } = {},
): string {
  const left = kept ? ` (${kept}/ was left as it was)` : "";
  const block = (heading: string, problems: readonly Problem[]) =>
    [heading, ...problems.map((problem) => `  ${formatProblemIn(problem, language)}`)].join("\n");
  // A content problem is one whether it came alone, in a batch, or wrapped with the step that met it (the dev
  // build once met a file missing in the middle of a folder's rename that way): never an "unexpected error".
  const content = error instanceof UnexpectedError ? error.cause : error;
  if (content instanceof ContentErrors || content instanceof ContentError)
    return block(
      say("contentProblems", { kept: kept ?? "" })[language],
      content instanceof ContentError ? [content.problem] : content.errors.map((e) => e.problem),
    );
  if (error instanceof OutputError) return block(`The built pages failed their checks${left}:`, error.problems);
  const unexpected = error instanceof UnexpectedError ? error : new UnexpectedError("building", undefined, error);
  const where = logUnexpected(unexpected, join(logDir, `${log}.log`));
  return `An unexpected error (${kindOf(unexpected.cause)}) while ${unexpected.step}${unexpected.file ? ` ${unexpected.file}` : ""}: nothing was published${left}. Its details are in ${where}; please pass them on to whoever maintains the site's code.`;
}

/** Whether a failure is the author's to fix (content problems): said in their language, never logged. */
export function isContentFailure(error: unknown): boolean {
  return contentErrorsOf(error) !== undefined;
}

/** A content failure's problems one by one (for the editor, which names each at its field); none for another error. */
export function contentErrorsOf(error: unknown): ContentError[] | undefined {
  const content = error instanceof UnexpectedError ? error.cause : error;
  if (content instanceof ContentErrors) return content.errors;
  return content instanceof ContentError ? [content] : undefined;
}

/** What kind of error it was, in words that name no file: "RangeError", "Error EACCES". */
function kindOf(cause: unknown): string {
  if (!(cause instanceof Error)) return typeof cause;
  const code = (cause as NodeJS.ErrnoException).code;
  return typeof code === "string" && /^[A-Z_]+$/.test(code) ? `${cause.name} ${code}` : cause.name;
}
