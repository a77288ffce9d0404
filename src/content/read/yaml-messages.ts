import { type Said, say } from "../../shared/messages/catalogue.ts";

/**
 * The YAML library's syntax errors in an author's words: what is wrong on which line, and its usual cause (a
 * missing colon, a tab, an unclosed quote, indentation). The library's own text is kept on the error (its cause)
 * for whoever reads the log; an author is shown the sentence below, in every language (the messages catalogue).
 * Special cases are data: one row per error code.
 */
interface YamlSyntaxError {
  code: string;
  message: string;
  linePos?: [{ line: number; col: number }, ...{ line: number; col: number }[]];
}

/** The line the author should look at (1-based, within the text parsed), and what to tell them. */
export interface YamlProblem {
  line?: number;
  column?: number;
  message: Said;
}

/** The last line up to `before` whose quotes of this kind do not pair up: where an unclosed quote opened. */
function unclosedQuote(lines: string[], before: number, quote: string): number | undefined {
  for (let line = Math.min(before, lines.length); line >= 1; line -= 1) {
    const text = (lines[line - 1] ?? "").replace(/^\s*#.*$/, "");
    if ((text.split(quote).length - 1) % 2 === 1) return line;
  }
  return undefined;
}

type Explain = (error: YamlSyntaxError, lines: string[], line: number) => YamlProblem | undefined;

const RULES: { code: string; when?: RegExp; explain: Explain }[] = [
  {
    code: "TAB_AS_INDENT",
    explain: (_, __, line) => ({
      line,
      message: say("yamlTab", {}),
    }),
  },
  {
    code: "MISSING_CHAR",
    when: /closing ("|')quote/,
    explain: (error, lines, line) => {
      const quote = /closing (["'])/.exec(error.message)?.[1] ?? '"';
      const opened = unclosedQuote(lines, line, quote) ?? line;
      return {
        line: opened,
        message: say("yamlUnclosedQuote", { quote }),
      };
    },
  },
  {
    code: "MISSING_CHAR",
    when: /followed by map values/,
    explain: (_, lines, line) => ({
      line,
      message: say("yamlNoColon", { line: (lines[line - 1] ?? "").trim() }),
    }),
  },
  {
    code: "MULTILINE_IMPLICIT_KEY",
    explain: (_, lines, line) => ({
      line,
      message: say("yamlKeyOrIndent", { line: (lines[line - 1] ?? "").trim() }),
    }),
  },
  {
    code: "BLOCK_AS_IMPLICIT_KEY",
    explain: (_, __, line) => ({
      line,
      message: say("yamlColonInValue", {}),
    }),
  },
  {
    code: "BAD_INDENT",
    explain: (_, __, line) => ({
      line,
      message: say("yamlBadIndent", {}),
    }),
  },
];

/** The author's words for the library's first error, or undefined where no row fits (the library's text is shown). */
export function explainYamlError(error: YamlSyntaxError, text: string): YamlProblem | undefined {
  const position = error.linePos?.[0];
  if (!position) return undefined;
  const rule = RULES.find((row) => row.code === error.code && (!row.when || row.when.test(error.message)));
  const problem = rule?.explain(error, text.split("\n"), position.line);
  return problem && { column: problem.line === position.line ? position.col : undefined, ...problem };
}
