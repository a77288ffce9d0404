import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ConfigError, readConfig } from "../../../src/receiver/config.ts";
import { MAIL_FRAMES } from "../../../src/receiver/mail-frame.ts";
import type { ReceiverRules } from "../../../src/receiver/rules.ts";
import { STEMMERS, stem } from "../../../src/search/browser/terms.ts";
import { stemmerFor } from "../../../src/search/index-builder.ts";
import { EN, LIMITS } from "../shared/form/fixtures.ts";

// The tables kept per language in code (search's stemmers, the receiver's mail frames) are keyed by the codes of
// site.yaml's locale table, the one list of languages: each language of it has its entry, and a third language
// without one fails loudly, never searched unstemmed or mailed in English.
const codes = (parse(readFileSync("content/site.yaml", "utf8")) as { locales: { code: string }[] }).locales.map(
  (locale) => locale.code,
);
const env = { SMTP_URL: "smtp://127.0.0.1:25", CONTACT_TO: "a@leap-ai.example", CONTACT_FROM: "b@leap-ai.example" };
const rules = (defaultLanguage: string): ReceiverRules => ({
  siteUrl: "https://www.leap-ai.example",
  companyName: "Leap AI",
  defaultLanguage,
  messages: { [defaultLanguage]: EN },
  limits: LIMITS,
  deliveryTimeoutMs: 15_000,
});

describe("the language tables in code follow site.yaml's locales", () => {
  it("every language of site.yaml has a search stemmer and a mail frame", () => {
    expect(codes).toEqual(["en", "de"]);
    for (const code of codes) {
      expect(Object.keys(STEMMERS), code).toContain(code);
      expect(Object.keys(MAIL_FRAMES), code).toContain(code);
      expect(readConfig(env, rules(code)).mailLanguage).toBe(code);
    }
    expect(stem("agenten", "de")).toBe(stem("agent", "de"));
  });

  it("a third language fails loudly where it lacks a stemmer: the build refuses to index it", () => {
    for (const code of codes) expect(stemmerFor(code)).toBe(STEMMERS[code]);
    expect(() => stemmerFor("fr")).toThrow(
      'site search has no stemmer for the language "fr" of site.yaml\'s locales: add its Snowball stemmer (@orama/stemmers) to STEMMERS in src/search/browser/terms.ts',
    );
  });

  it("a third language fails loudly where it lacks a mail frame: the receiver does not start", () => {
    expect(() => readConfig(env, rules("fr"))).toThrow(
      new ConfigError(`site.yaml's default language "fr" has no mail frame: one of en, de`),
    );
  });
});
