import { describe, expect, it } from "vitest";
import { validateContact, type ContactValues, type Field } from "../../../../src/shared/form/index.js";
import { EN, LIMITS, U_UMLAUT_DECOMPOSED, VALID, WOMAN_TECHNOLOGIST } from "./fixtures.js";

function errorsFor(field: Field, value: string) {
  const result = validateContact({ ...VALID, [field]: value }, LIMITS, EN);
  return result.ok ? {} : result.errors;
}

function expectOnly(field: Field, value: string, message: string | undefined) {
  expect(errorsFor(field, value)).toEqual(message === undefined ? {} : { [field]: message });
}

function emailOfLength(n: number): string {
  const domain = "@example.com";
  return "a".repeat(n - domain.length) + domain;
}

describe("validateContact", () => {
  it("accepts valid values and returns them trimmed", () => {
    const padded: ContactValues = {
      name: "  Ada Lovelace ",
      email: " ada@example.com\n",
      company: "\tAnalytical Engines Ltd ",
      message: "  We would like to automate our support inbox. ",
    };
    expect(validateContact(padded, LIMITS, EN)).toEqual({ ok: true, values: VALID });
  });

  it("reports the first failing rule of every field at once", () => {
    const empty: ContactValues = { name: "", email: "", company: "", message: "" };
    expect(validateContact(empty, LIMITS, EN)).toEqual({
      ok: false,
      errors: {
        name: "Name must be at least 2 characters",
        email: "Please enter a valid email address",
        company: "Company name must be at least 2 characters",
        message: "Message must be at least 10 characters",
      },
    });
  });

  describe("length bounds are inclusive and count visible characters", () => {
    const units = { a: "a", "decomposed ü": U_UMLAUT_DECOMPOSED, emoji: WOMAN_TECHNOLOGIST };
    const textFields = [
      ["company", 2, 200, EN.company],
      ["message", 10, 2000, EN.message],
    ] as const;

    for (const [field, min, max, messages] of textFields) {
      for (const [unitName, unit] of Object.entries(units)) {
        it.each([
          [min - 1, messages.tooShort],
          [min, undefined],
          [min + 1, undefined],
          [max - 1, undefined],
          [max, undefined],
          [max + 1, messages.tooLong],
        ])(`${field} of %i × ${unitName} → %s`, (n, message) => {
          expectOnly(field, unit.repeat(n), message);
        });
      }
    }

    for (const [unitName, unit] of Object.entries({ a: "a", "decomposed ü": U_UMLAUT_DECOMPOSED })) {
      it.each([
        [1, EN.name.tooShort],
        [2, undefined],
        [3, undefined],
        [99, undefined],
        [100, undefined],
        [101, EN.name.tooLong],
      ])(`name of %i × ${unitName} → %s`, (n, message) => {
        expectOnly("name", unit.repeat(n), message);
      });
    }

    // An emoji is not a letter, but it must still count as one character.
    it.each([
      [1, EN.name.tooShort],
      [2, EN.name.invalid],
      [100, EN.name.invalid],
      [101, EN.name.tooLong],
    ])("name of %i emoji → %s", (n, message) => {
      expectOnly("name", WOMAN_TECHNOLOGIST.repeat(n), message);
    });

    it.each([
      [254, undefined],
      [255, undefined],
      [256, EN.email.tooLong],
    ])("email of %i characters → %s", (n, message) => {
      expectOnly("email", emailOfLength(n), message);
    });

    it("measures the trimmed value", () => {
      expectOnly("name", "  a  ", EN.name.tooShort);
      expectOnly("name", "   ", EN.name.tooShort);
      expectOnly("company", ` ${"a".repeat(200)} `, undefined);
      expectOnly("message", `\n${"a".repeat(9)}\n`, EN.message.tooShort);
    });
  });

  describe("name characters", () => {
    it.each([
      "José O'Brien-Smith",
      "Zoë Müller",
      "Ægir Łukasz",
      "Ζωή",
      "李小龍",
      "Анна-Мария",
      "D’Angelo",
      `Zo${"e\u0308"}`,
      "Ñandú Çelik",
    ])("accepts %j", (name) => {
      expectOnly("name", name, undefined);
    });

    it.each([
      "R2D2",
      "Ada 2",
      "Ada!",
      "Ada@Home",
      "Ada_Lovelace",
      "Ada.Lovelace",
      "<b>Ada</b>",
      "Ada 😀",
      "Ada\tLovelace",
    ])("rejects %j with the invalid message", (name) => {
      expectOnly("name", name, "Name contains invalid characters");
    });

    it("checks length before characters", () => {
      expectOnly("name", "1", EN.name.tooShort);
      expectOnly("name", "1".repeat(101), EN.name.tooLong);
    });
  });

  describe("email", () => {
    it.each([
      ["", "Please enter a valid email address"],
      ["   ", "Please enter a valid email address"],
      ["abc", "Please enter a valid email format"],
      ["ada@example", "Please enter a valid email format"],
      ["ada lovelace@example.com", "Please enter a valid email format"],
      ["ada@@example.com", "Please enter a valid email format"],
      ["a@b.c", "Please enter a valid email address"],
      ["ada..lovelace@example.com", "Please enter a valid email address"],
      ["ada@-example.com", "Please enter a valid email address"],
      ["x".repeat(256), "Email must be less than 255 characters"],
    ])("%j → %s", (email, message) => {
      expectOnly("email", email, message);
    });

    it.each(["ada@example.com", "first.last+tag@sub.example.co.uk", "o'brien@example.de"])("accepts %j", (email) => {
      expectOnly("email", email, undefined);
    });
  });

  it("passes the localized messages through unchanged", () => {
    const de = {
      ...EN,
      name: { ...EN.name, tooShort: "Der Name muss mindestens 2 Zeichen lang sein" },
    };
    const result = validateContact({ ...VALID, name: "A" }, LIMITS, de);
    expect(result).toEqual({ ok: false, errors: { name: "Der Name muss mindestens 2 Zeichen lang sein" } });
  });
});
