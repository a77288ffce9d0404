import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sanitize } from "../../../../src/shared/form/index.js";

const hostileFragment = fc.constantFrom(
  "<",
  ">",
  "script",
  "<script>",
  "</script>",
  "javascript:",
  "onerror=",
  " ",
  "a",
  "SCRIPT",
  "/",
  '"',
  "java",
  ":",
  "on",
  "click",
  "=",
  "\t",
  "<b",
  "<!--",
);
const hostileText = fc.array(hostileFragment, { maxLength: 60 }).map((parts) => parts.join(""));

// Hides one dangerous token inside another, so removing the inner one can
// reassemble the outer one ("javajavascript:script:").
const dangerousToken = fc.constantFrom("<script>", "</script>", "javascript:", "onerror=", "<img src=x>", "<b>");
const { nested } = fc.letrec<{ nested: string }>((tie) => ({
  nested: fc.oneof(
    { depthSize: "small" },
    dangerousToken,
    fc.tuple(dangerousToken, fc.nat(), tie("nested")).map(([outer, at, inner]) => {
      const cut = at % (outer.length + 1);
      return outer.slice(0, cut) + inner + outer.slice(cut);
    }),
  ),
}));

const inputs = fc.oneof(
  hostileText,
  { arbitrary: nested, weight: 3 },
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.string({ unit: "grapheme" }),
);

describe("sanitize properties", () => {
  it("never throws and always returns a string", () => {
    fc.assert(
      fc.property(inputs, (input) => {
        expect(typeof sanitize(input)).toBe("string");
      }),
    );
  });

  it("never leaves a script opener", () => {
    fc.assert(
      fc.property(inputs, (input) => {
        expect(sanitize(input).toLowerCase()).not.toContain("<script");
      }),
    );
  });

  it("never leaves a javascript: scheme", () => {
    fc.assert(
      fc.property(inputs, (input) => {
        expect(sanitize(input)).not.toMatch(/javascript\s*:/i);
      }),
    );
  });

  it("returns trimmed text", () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const output = sanitize(input);
        expect(output).toBe(output.trim());
      }),
    );
  });

  it("is idempotent", () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const once = sanitize(input);
        expect(sanitize(once)).toBe(once);
      }),
      { numRuns: 1000 },
    );
  });

  it("leaves text without markup characters alone apart from trimming", () => {
    const plain = fc.string({ unit: fc.constantFrom("a", "b", " ", "1", "ü", "é", "-", "'", ".") });
    fc.assert(
      fc.property(plain, (text) => {
        expect(sanitize(text)).toBe(text.trim());
      }),
    );
  });
});
