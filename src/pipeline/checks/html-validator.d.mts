import type { ConfigData, HtmlValidate } from "html-validate";

export interface LocatedProblem {
  file: string;
  line: number;
  column: number;
  /** Characters into the validated document. */
  offset: number;
  rule: string;
  message: string;
  element: string;
}

export function createValidator(config: ConfigData): Promise<HtmlValidate>;
export function problemsOf(validator: HtmlValidate, html: string, file: string): Promise<LocatedProblem[]>;
