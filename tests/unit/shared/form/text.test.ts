import { describe, expect, it } from "vitest";
import { visibleLength } from "../../../../src/shared/form/index.js";
import { U_UMLAUT_DECOMPOSED, WOMAN_TECHNOLOGIST } from "./fixtures.js";

describe("visibleLength counts characters as a person sees them", () => {
  it.each([
    ["", 0],
    ["abc", 3],
    ["ü", 1],
    [U_UMLAUT_DECOMPOSED, 1],
    [WOMAN_TECHNOLOGIST, 1],
    ["🇩🇪", 1],
    ["👍🏽", 1],
    ["Zoë", 3],
    ["李小龍", 3],
    [`a${WOMAN_TECHNOLOGIST}${U_UMLAUT_DECOMPOSED}b`, 4],
  ])("%j has length %i", (text, expected) => {
    expect(visibleLength(text)).toBe(expected);
  });

  it("differs from UTF-16 length for combined characters", () => {
    expect(WOMAN_TECHNOLOGIST.length).toBeGreaterThan(1);
    expect(U_UMLAUT_DECOMPOSED.length).toBe(2);
  });
});
