import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  commonSchema,
  DATE_YEARS,
  formSchema,
  homeSchema,
  impressumSchema,
  pageSchema,
  siteSchema,
} from "../../../src/content/schemas/index.ts";

/** Each schema by the file (or files) it checks, as the guide's limits table names them. */
const SCHEMAS: [string, z.ZodType][] = [
  ["site.yaml", siteSchema],
  ["common.yaml", commonSchema],
  ["home.yaml", homeSchema],
  ["form.yaml", formSchema],
  ["pages/…", pageSchema],
  ["impressum.md", impressumSchema],
];

interface Limit {
  file: string;
  key: string;
  bounds: number[];
}

interface Node {
  properties?: Record<string, Node>;
  items?: Node;
  anyOf?: Node[];
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
}

/**
 * Every number a schema holds a value to, read from the schema (as JSON Schema): lengths of texts, counts
 * of lists, ranges of numbers. Left out: "not empty" (every text; section 3 says so) and the bounds every
 * whole number has in JavaScript anyway.
 */
function limitsOf(file: string, node: Node, key: string[] = []): Limit[] {
  const own = [node.maxLength, node.minItems, node.maxItems, node.minimum, node.maximum].filter(
    (bound): bound is number => bound !== undefined && Math.abs(bound) !== Number.MAX_SAFE_INTEGER,
  );
  const here = own.length > 0 ? [{ file, key: key.join("."), bounds: [...new Set(own)] }] : [];
  const children = [
    ...Object.entries(node.properties ?? {}).flatMap(([name, child]) => limitsOf(file, child, [...key, name])),
    ...(node.items ? limitsOf(file, node.items, key) : []),
    ...(node.anyOf ?? []).flatMap((option) => limitsOf(file, option, key)),
  ];
  return [...here, ...children];
}

const LIMITS: Limit[] = [
  ...SCHEMAS.flatMap(([file, schema]) =>
    limitsOf(file, z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Node),
  ),
  // A date's years are checked by a refinement, which JSON Schema cannot show: taken from the constant it uses.
  { file: "pages/…", key: "date", bounds: [DATE_YEARS.min, DATE_YEARS.max] },
];

/** The rows of the guide's limits table: key, file, limit. */
function guideRows(): string[][] {
  const guide = readFileSync("content/README.md", "utf8");
  const table = guide.slice(guide.indexOf("| key | file | limit |"));
  return table
    .split("\n")
    .slice(2)
    .filter((_, index, lines) => lines.slice(0, index + 1).every((line) => line.startsWith("|")))
    .map((line) =>
      line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

describe("the authors' guide lists every limit the schemas enforce", () => {
  it("finds limits in the schemas (title, description, counts, number ranges)", () => {
    expect(LIMITS).toContainEqual({ file: "pages/…", key: "title", bounds: [60] });
    expect(LIMITS).toContainEqual({ file: "home.yaml", key: "meta.description", bounds: [200] });
    expect(LIMITS.length).toBeGreaterThan(10);
  });

  it.each(LIMITS.map((limit) => [`${limit.file} ${limit.key}`, limit] as const))("%s", (_, limit) => {
    const row = guideRows().find(
      ([key = "", file = ""]) => key.includes(`\`${limit.key}\``) && file.includes(limit.file),
    );
    expect(row, `content/README.md's limits table needs a row for \`${limit.key}\` in ${limit.file}`).toBeDefined();
    const numbers = (row?.[2] ?? "").replace(/(\d),(\d)/g, "$1$2");
    for (const bound of limit.bounds)
      expect(numbers, `the row for ${limit.key} must say ${bound}`).toMatch(new RegExp(`(^|\\D)${bound}(\\D|$)`));
  });
});
