import { formatProblem, type Problem } from "../content/read/errors.ts";

/** A build that produced pages which fail validation or link checks: nothing is published. */
export class OutputError extends Error {
  /** Each problem as one line (formatProblem). */
  readonly messages: string[];
  constructor(readonly problems: Problem[]) {
    const messages = problems.map(formatProblem);
    super(messages.join("\n"));
    this.messages = messages;
    this.name = "OutputError";
  }
}
