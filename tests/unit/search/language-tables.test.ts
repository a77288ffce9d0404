import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ConfigError, readConfig } from "../../../src/receiver/config.ts";
import { MAIL_FRAMES } from "../../../src/receiver/mail-frame.ts";
import type { ReceiverRules } from "../../../src/receiver/rules.ts";
import { STEMMERS, stem } from "../../../src/search/browser/terms.ts";
import { EN, LIMITS } from "../shared/form/fixtures.ts";

// The tables kept per language in code (search's stemmers, the receiver's mail frames) are keyed by the codes of
// site.yaml's locale table, the one list of languages: each language of it has its entry, and a third language
// without a mail frame fails loudly, never mailed in English. (A third language without a stemmer is still searched, by
// folded words and their starts: tests/unit/routes/locales.test.ts keeps "a third language from content alone".)
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

  it("a third language fails loudly where it lacks a mail frame: the receiver does not start", () => {
    expect(() => readConfig(env, rules("fr"))).toThrow(
      new ConfigError(`site.yaml's default language "fr" has no mail frame: one of en, de`),
    );
  });
});
