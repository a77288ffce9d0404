import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CODE_UNITS_PER_CHARACTER,
  deliver,
  FIELDS,
  IdempotencyKeys,
  validateContact,
  type ContactPayload,
  type Field,
} from "../../../../src/shared/form/index.js";
import { EN, LIMITS, VALID } from "./fixtures.js";

const errorsFor = (field: Field, value: string) => {
  const result = validateContact({ ...VALID, [field]: value }, LIMITS, EN);
  return result.ok ? {} : result.errors;
};

describe("a name has at least two letters", () => {
  it.each(["--", "''", "- '", "’-’", "A-", "é -"])("%j is not a name", (name) => {
    expect(errorsFor("name", name)).toEqual({ name: EN.name.invalid });
  });
  it.each(["Al", "O'Neil", "Jean-Luc", "Zoë", "李华"])("%j is", (name) => {
    expect(errorsFor("name", name)).toEqual({});
  });
  it("property: every accepted name has two letters or more", () => {
    const pieces = fc.constantFrom("a", "é", "-", "'", " ", "\u2019", "\u0301", "1", "李");
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), (parts) => {
        const name = parts.join("");
        if (validateContact({ ...VALID, name }, LIMITS, EN).ok)
          expect(name.match(/\p{L}/gu)?.length ?? 0).toBeGreaterThanOrEqual(2);
      }),
    );
  });
});

describe("every field has a hard cap in code units", () => {
  it("two letters and 20,000 combining marks are too long, though they read as two characters", () => {
    expect(errorsFor("name", `A${"\u0301".repeat(10_000)}b${"\u0301".repeat(10_000)}`)).toEqual({
      name: EN.name.tooLong,
    });
  });
  it("property: whatever is accepted fits the cap of its field", () => {
    const stuffed = fc
      .tuple(fc.constantFrom(...FIELDS), fc.string({ minLength: 1, maxLength: 3 }), fc.integer({ min: 0, max: 30_000 }))
      .map(([field, base, marks]) => ({
        field,
        value: `${base}Ab${"\u0308".repeat(marks)}`,
      }));
    fc.assert(
      fc.property(stuffed, ({ field, value }) => {
        const result = validateContact({ ...VALID, [field]: value }, LIMITS, EN);
        if (result.ok)
          expect(result.values[field].length).toBeLessThanOrEqual(LIMITS[field].max * CODE_UNITS_PER_CHARACTER);
      }),
      { numRuns: 200 },
    );
  });
});

describe("delivery counts only a 2xx answer with a JSON or empty body as sent", () => {
  let server: Server;
  let endpoint = "";
  let answer: { status: number; type: string; body: string } = { status: 200, type: "application/json", body: "{}" };
  beforeAll(async () => {
    server = createServer((request, response) => {
      request.resume();
      request.on("end", () => response.writeHead(answer.status, { "Content-Type": answer.type }).end(answer.body));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/messages`;
  });
  afterAll(() => server.close());
  const payload: ContactPayload = { ...VALID, language: "en", page: "/", idempotencyKey: "k" };

  it.each([
    [200, "application/json", '{"ok":true}', "sent"],
    [201, "application/json", "", "sent"],
    [204, "text/plain", "", "sent"],
    [200, "text/html", "<!DOCTYPE html><title>Are you a robot?</title>", "failed"],
    [200, "application/json", "<html>login</html>", "failed"],
    [302, "text/html", "", "failed"],
    [500, "application/json", '{"error":"boom"}', "failed"],
    // The site's own receiver (src/receiver/) refuses what the visitor can act on.
    [429, "application/json", '{"error":"tooMany"}', "tooMany"],
    // Its key held other text: the form makes a new key. A 409 "busy" (the same key with the mail server) is not that.
    [409, "application/json", '{"error":"keyReused"}', "keyReused"],
    [409, "application/json", '{"error":"busy"}', "failed"],
    [422, "application/json", '{"error":"forbidden","field":"message"}', "invalid"],
    [
      422,
      "application/json",
      '{"error":"fields","fields":{"name":"Name is odd","x":"y"}}',
      { fields: { name: "Name is odd" } },
    ],
    // Another back-end's 422, or one naming nothing the form knows: a failure to try again.
    [422, "application/json", '{"errors":[{"field":"email"}]}', "failed"],
    [422, "application/json", '{"error":"fields","fields":{"x":"y"}}', "failed"],
    [422, "text/html", "<p>no</p>", "failed"],
  ])("%i %s %j → %s", async (status, type, body, expected) => {
    answer = { status, type, body };
    expect(await deliver(endpoint, payload, 5_000)).toEqual(expected);
  });
});

describe("idempotency keys", () => {
  let counter = 0;
  const keys = () => new IdempotencyKeys(() => `key-${++counter}`);
  it("the same message retried keeps its key; a changed one gets a new key; after sending, a new key", () => {
    const k = keys();
    const first = k.for(VALID);
    expect(k.for({ ...VALID })).toBe(first);
    const changed = k.for({ ...VALID, message: `${VALID.message} More.` });
    expect(changed).not.toBe(first);
    k.sent();
    expect(k.for({ ...VALID, message: `${VALID.message} More.` })).not.toBe(changed);
  });
  it("the browser's generator gives a fresh random id each time", () => {
    const real = new IdempotencyKeys();
    const a = real.for(VALID);
    real.sent();
    expect(a).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(real.for(VALID)).not.toBe(a);
  });
});
