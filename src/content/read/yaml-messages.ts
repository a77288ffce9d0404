/**
 * The YAML library's syntax errors in an author's words: what is wrong on which line, and its usual cause (a
 * missing colon, a tab, an unclosed quote, indentation). The library's own text is kept on the error (its cause)
 * for whoever reads the log; an author is shown the sentence below. Special cases are data: one row per error code.
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
  message: string;
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
      message: "this line is indented with a tab: YAML indents with spaces only (replace the tab with spaces)",
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
        message: `a quote (${quote}) opens on this line and is never closed: end the text with ${quote} on the same line`,
      };
    },
  },
  {
    code: "MISSING_CHAR",
    when: /followed by map values/,
    explain: (_, lines, line) => ({
      line,
      message: `"${(lines[line - 1] ?? "").trim()}" has no colon: write the key, a colon and a space, then the value (e.g. description: …)`,
    }),
  },
  {
    code: "MULTILINE_IMPLICIT_KEY",
    explain: (_, lines, line) => ({
      line,
      message: `"${(lines[line - 1] ?? "").trim()}" has no colon after its key, or is indented further than the line above: write key: value, lined up with the keys above`,
    }),
  },
  {
    code: "BLOCK_AS_IMPLICIT_KEY",
    explain: (_, __, line) => ({
      line,
      message:
        'this value contains ": ", or the next line is indented too far: put a text with a colon in quotes ("Foo: the bar"), and line up the next key with the keys above',
    }),
  },
  {
    code: "BAD_INDENT",
    explain: (_, __, line) => ({
      line,
      message:
        "this line is not lined up with the keys above it: keys of one group start in the same column (spaces only)",
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
