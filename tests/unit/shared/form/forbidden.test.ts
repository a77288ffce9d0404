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

describe("what sanitising would drop, and header tricks in one-line fields (issue 41)", () => {
  it.each(["Call me onetime= please", "x onerror=alert(1)", "javascrip\nt:alert(1)"])(
    "refuses %j: sanitising would change it, so it is refused rather than dropped unsaid",
    (text) => {
      expect(containsForbidden(text)).toBe(true);
      expect(firstForbiddenField({ ...VALID, message: `${text} and more words here` })).toBe("message");
    },
  );

  it("leaves surrounding spaces alone: trimming is not a change worth refusing", () => {
    expect(containsForbidden("  Hello there  ")).toBe(false);
  });

  it.each([
    ["company", "=?UTF-8?B?QWNtZSBCYW5r?="],
    ["company", "Acme =?utf-8?q?Bank?= GmbH"],
    ["name", "Ada\u202eecalevoL"],
    ["name", "Ada\u200bLovelace"],
    ["company", "Acme\u2066 GmbH"],
    ["email", "ada\ufeff@example.org"],
  ] as const)("refuses in %s: %j", (field, value) => {
    expect(firstForbiddenField({ ...VALID, [field]: value })).toBe(field);
  });

  it("the message keeps its freedom: an equals sign with question marks is text there", () => {
    expect(firstForbiddenField({ ...VALID, message: "What is =?UTF-8?B?x?= in a mail header?" })).toBeNull();
    expect(firstForbiddenField({ ...VALID, company: "Q&A = fun? GmbH" })).toBeNull();
  });
});
