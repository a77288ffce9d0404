import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { ContentError } from "../../../src/content/read/errors.ts";
import { parseYaml } from "../../../src/content/read/folder.ts";

// parseYaml finds repeated keys in one pass of its own instead of yaml's check, which compares every key with
// all before it. It must refuse exactly what yaml's check refuses, at the same place.

type Node = string | number | { map: [string, Node][] } | { seq: Node[] } | { flow: [string, Node][] };

const key = fc.constantFrom("a", "b", "c", "1", "'a'", '"b"', "x y");
const node: fc.Arbitrary<Node> = fc.letrec<{ node: Node }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom("v", "1", "null", "'q'"),
    fc.record({ map: fc.array(fc.tuple(key, tie("node")), { minLength: 1, maxLength: 4 }) }),
    fc.record({ seq: fc.array(tie("node"), { minLength: 1, maxLength: 3 }) }),
    fc.record({ flow: fc.array(fc.tuple(key, fc.constantFrom("1", "v")), { minLength: 1, maxLength: 4 }) }),
  ),
})).node;

function yamlOf(value: Node, indent: string): string {
  if (typeof value === "string" || typeof value === "number") return ` ${value}`;
  if ("flow" in value) return ` { ${value.flow.map(([k, v]) => `${k}: ${v}`).join(", ")} }`;
  if ("map" in value) return value.map.map(([k, v]) => `\n${indent}${k}:${yamlOf(v, `${indent}  `)}`).join("");
  return value.seq.map((item) => `\n${indent}-${yamlOf(item, `${indent}  `)}`).join("");
}

const yamlsVerdict = (text: string) => {
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: true });
  const [first] = doc.errors;
  return first ? `${first.linePos?.[0].line}:${first.linePos?.[0].col} ${first.code}` : "ok";
};

const ourVerdict = (text: string) => {
  try {
    parseYaml(text, "test.yaml");
    return "ok";
  } catch (error) {
    const { position, detail } = error as ContentError;
    expect(error).toBeInstanceOf(ContentError);
    return `${position.line}:${position.column} ${detail.includes("Map keys must be unique") ? "DUPLICATE_KEY" : detail}`;
  }
};

describe("repeated keys in YAML", () => {
  it("are refused where yaml's own check refuses them, and only there", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(key, node), { minLength: 1, maxLength: 5 }), (top) => {
        const text = `${yamlOf({ map: top }, "").trimStart()}\n`;
        expect(ourVerdict(text)).toBe(yamlsVerdict(text));
      }),
      { numRuns: 400 },
    );
  });

  it("in a thousand-line file, the repeated one is named", () => {
    const lines = Array.from({ length: 1000 }, (_, index) => `/page-${index}: en/pages/page-${index}.md`);
    lines.splice(700, 0, "/page-3: en/pages/page-3.md");
    expect(ourVerdict(`${lines.join("\n")}\n`)).toBe("701:1 DUPLICATE_KEY");
  });
});
