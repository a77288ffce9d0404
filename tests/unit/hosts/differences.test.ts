import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { CHECKS, HOST_DIFFERENCES } from "./checks.ts";

// Every difference the host tests allow is the manual's, word for word, and names a check of the table: what the
// operator reads is what the tests let pass.
it("docs/deploying.md lists exactly the host differences the host tests expect", () => {
  const manual = readFileSync("docs/deploying.md", "utf8");
  const table = manual.slice(manual.indexOf("| host | check | what it does instead |"));
  const lines = table.split("\n").slice(2);
  const rows = lines
    .slice(
      0,
      lines.findIndex((line) => !line.startsWith("|")),
    )
    .map((line) =>
      line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  expect(rows.length, "the table of host differences in docs/deploying.md").toBeGreaterThan(0);
  expect(rows).toEqual(HOST_DIFFERENCES.map(({ host, check, why }) => [host, check, why]));
  const titles = CHECKS.map((check) => check.title);
  for (const { check } of HOST_DIFFERENCES) expect(titles).toContain(check);
});
