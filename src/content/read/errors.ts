import type { MessageLanguage, Said } from "../../shared/messages/catalogue.ts";
/**
 * One problem a build, npm run check or npm run dev reports: where (a content file as messages name it, or a built
 * file where no content file is known), what, and for the output checks the rule that found it.
 */
export interface Problem {
  file: string;
  line?: number;
  column?: number;
  keyPath?: string;
  message: string;
  /** The checker's rule (html-validate's, for one), shown after the message. */
  rule?: string;
  /** The element it was found in. */
  at?: string;
  /** The message in German, where the catalogue (shared/messages/) has it: shown to a German reader instead. */
  de?: string;
}

/** A problem as one line: file:line:column: key.path: message [rule] at element. */
export const formatProblem = (problem: Problem): string => formatProblemIn(problem, "en");

/** A problem as one line in a reader's language: its German where it has German. */
export function formatProblemIn(
  { file, line, column, keyPath, message: english, rule, at, de }: Problem,
  language: MessageLanguage,
): string {
  const message = language === "de" && de !== undefined ? de : english;
  const where = [file, line, line !== undefined ? column : undefined].filter((part) => part !== undefined).join(":");
  return [`${where}: `, keyPath ? `${keyPath}: ` : "", message, rule ? ` [${rule}]` : "", at ? ` at ${at}` : ""].join(
    "",
  );
}

/**
 * A problem an author can fix: it always names the file, and where known the line, column and key path. Its text is
 * English, or a message of the catalogue (shared/messages/) in every language: `detail` is then its English.
 */
export class ContentError extends Error {
  readonly detail: string;
  /** The German text, where the message comes from the catalogue. */
  readonly de?: string;

  constructor(
    readonly file: string,
    text: string | Said,
    readonly position: { line?: number; column?: number; keyPath?: string } = {},
  ) {
    const detail = typeof text === "string" ? text : text.en;
    super(formatProblem({ file, message: detail, ...position }));
    this.detail = detail;
    if (typeof text !== "string") this.de = text.de;
    this.name = "ContentError";
  }

  get problem(): Problem {
    return {
      file: this.file,
      message: this.detail,
      ...this.position,
      ...(this.de === undefined ? {} : { de: this.de }),
    };
  }

  /** The problem as one line in a reader's language. */
  messageIn(language: MessageLanguage): string {
    return formatProblemIn(this.problem, language);
  }
}

/** Several content problems reported at once, so an author can fix them in one pass. */
export class ContentErrors extends Error {
  constructor(readonly errors: ContentError[]) {
    super(errors.map((error) => error.message).join("\n"));
    this.name = "ContentErrors";
  }
}

/** Renders a key path the way an author reads YAML: hero.badges[2].title */
export function keyPathToString(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => (typeof key === "number" ? `[${key}]` : `${index === 0 ? "" : "."}${String(key)}`))
    .join("");
}

/**
 * An error no check foresaw (a bug, a full disk, a library's crash), with the step of the build and the content file
 * it was processing: reported as one line naming both, its details (the stack, paths of the build machine) kept in a
 * log file for whoever fixes it, never shown to an author.
 */
export class UnexpectedError extends Error {
  constructor(
    readonly step: string,
    readonly file: string | undefined,
    override readonly cause: unknown,
  ) {
    super(`unexpected error while ${step}${file ? ` ${file}` : ""}`);
    this.name = "UnexpectedError";
  }
}

/** `error` as it should travel on: problems an author can fix as they are, anything else as an UnexpectedError. */
export function asExpected(error: unknown, step: string, file: string | undefined): unknown {
  return error instanceof ContentError || error instanceof ContentErrors || error instanceof UnexpectedError
    ? error
    : new UnexpectedError(step, file, error);
}
