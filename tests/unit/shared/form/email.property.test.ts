import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { isEmailAddress } from "../../../../src/shared/form/index.js";

// The island checks addresses with a plain pattern instead of shipping zod; zod's z.email() is the oracle it
// must agree with, on real addresses, on near misses built from their parts, and on any text at all.
const zodEmail = z.email();
const agreesWithZod = (value: string) => isEmailAddress(value) === zodEmail.safeParse(value).success;

// Near misses: an address zod accepts (generated from its own pattern) with up to three edits, each inserting or replacing one character by one of
// those that decide validity (a dot next to another or at an edge, a hyphen starting a label, a digit in the
// top-level domain, a second @, a space, a non-ASCII letter).
const edit = fc.record({
  at: fc.nat(),
  replace: fc.boolean(),
  char: fc.constantFrom(".", "-", "_", "+", "'", "@", "0", " ", "ü", "\n"),
});
const zodAddress = fc.stringMatching(z.regexes.email);
const nearMiss = fc.tuple(zodAddress, fc.array(edit, { maxLength: 3 })).map(([address, edits]) =>
  edits.reduce((text, { at, replace, char }) => {
    const index = at % (text.length + 1);
    return text.slice(0, index) + char + text.slice(replace ? index + 1 : index);
  }, address),
);

describe("isEmailAddress", () => {
  it("accepts what zod's z.email() accepts and nothing else", () => {
    fc.assert(fc.property(fc.emailAddress(), agreesWithZod), { numRuns: 200 });
    fc.assert(fc.property(nearMiss, agreesWithZod), { numRuns: 2000 });
    fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 40 }), agreesWithZod), { numRuns: 1000 });
  });

  it.each(["ada@example.com", "first.last+tag@sub.example.co.uk", "o'brien@example.de"])("accepts %j", (address) => {
    expect(isEmailAddress(address)).toBe(true);
  });

  it.each([
    "a@b.c",
    "ada..lovelace@example.com",
    ".ada@example.com",
    "ada.@example.com",
    "ada@-example.com",
    "ada@example.c0m",
    "ada@example",
  ])("rejects %j", (address) => {
    expect(isEmailAddress(address)).toBe(false);
  });
});
