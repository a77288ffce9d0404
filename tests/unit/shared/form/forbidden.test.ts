import { describe, expect, it } from "vitest";
import { containsForbidden, firstForbiddenField } from "../../../../src/shared/form/index.js";
import { VALID } from "./fixtures.js";

describe("containsForbidden", () => {
  it.each([
    "script",
    "Script!",
    "SCRIPT",
    "a script here",
    "JavaScript",
    "javascript:alert(1)",
    "(script)",
    "script-kiddie",
    "a<b",
    "a > b",
    "<",
    ">",
    "ü script ü",
  ])("rejects %j", (text) => {
    expect(containsForbidden(text)).toBe(true);
  });

  it.each([
    "",
    "description",
    "subscription",
    "transcript",
    "scripts",
    "Scripted",
    "Beschreibung",
    "Manuskript",
    "Postscriptum",
    "javascripts",
    "überscript",
    "scriptö",
    "script2",
    "Java and scripting",
    "Hello, we need an AI chatbot.",
    "2 ≤ 3",
  ])("accepts %j", (text) => {
    expect(containsForbidden(text)).toBe(false);
  });
});

describe("firstForbiddenField", () => {
  it("returns null when every field is clean", () => {
    expect(firstForbiddenField(VALID)).toBeNull();
  });

  it("returns the first offending field in form order", () => {
    expect(firstForbiddenField({ ...VALID, company: "Script GmbH", message: "a < b" })).toBe("company");
    expect(firstForbiddenField({ ...VALID, message: "<b>hi</b>" })).toBe("message");
    expect(firstForbiddenField({ ...VALID, name: "javascript" })).toBe("name");
  });
});
