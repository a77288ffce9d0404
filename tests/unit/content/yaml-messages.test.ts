import { expect, it } from "vitest";
import { parseYaml } from "../../../src/content/read/folder.ts";

// Issue 42: a YAML syntax error in the author's words, with the line to look at and its usual cause; the
// library's own text ("Implicit keys need to be on a single line") stays on the error's cause, for the log.
const problem = (text: string) => {
  try {
    parseYaml(text, "content/en/home.yaml");
  } catch (error) {
    return { message: (error as Error).message, cause: (error as Error).cause };
  }
  throw new Error("parsed without an error");
};

it("a missing colon names the line and the key, not the library's implicit keys", () => {
  const { message, cause } = problem("title: Foo\ndescription Bar baz\ndate: 2026-01-01\n");
  expect(message).toMatch(
    /^content\/en\/home\.yaml:2:1: invalid YAML: "description Bar baz" has no colon after its key/,
  );
  expect(message).not.toMatch(/Implicit/);
  expect(cause).toMatch(/Implicit keys need to be on a single line/);
  expect(problem("title: Foo\ndescription Bar baz\n").message).toMatch(
    /^content\/en\/home\.yaml:2:1: invalid YAML: "description Bar baz" has no colon: write the key, a colon and a space/,
  );
});

it("a tab, an unclosed quote and a line out of line: each named with its line and cause", () => {
  expect(problem("title: Foo\nnav:\n\tmenu: header\n").message).toMatch(
    /^content\/en\/home\.yaml:3:1: invalid YAML: this line is indented with a tab: YAML indents with spaces only/,
  );
  // The quote opens on line 2; the library notices at the end of the file.
  expect(problem('title: Foo\ndescription: "Bar\nbadge: x\n').message).toMatch(
    /^content\/en\/home\.yaml:2: invalid YAML: a quote \("\) opens on this line and is never closed/,
  );
  expect(problem("title: Foo\ndescription: 'Bar\n").message).toMatch(
    /:2: invalid YAML: a quote \('\) opens on this line and is never closed/,
  );
  expect(problem("nav:\n    menu: header\n  label: x\n").message).toMatch(
    /^content\/en\/home\.yaml:3:1: invalid YAML: this line is not lined up with the keys above it/,
  );
  expect(problem("title: Foo: the bar\n").message).toMatch(
    /^content\/en\/home\.yaml:1:8: invalid YAML: this value contains ": ", or the next line is indented too far: put a text with a colon in quotes/,
  );
});
