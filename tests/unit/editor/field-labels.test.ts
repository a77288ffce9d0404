import { expect, it } from "vitest";
import { ContentFolder } from "../../../src/content/read/folder.ts";
import { keyAtPosition } from "../../../src/content/read/yaml-keys.ts";
import { findPlaceholders } from "../../../src/content/rules/placeholders.ts";
import { placesIn } from "../../../src/editor/browser/field-labels.ts";
import { editorConfig } from "../../../src/editor/config.ts";

// Issue 54: a save's note names each sample value by the entry and field she sees it in, in her language, and
// says which ones have no field (a developer's), instead of "content/site.yaml:46" and "npm run check".
const LOCALES = [
  { code: "en", default: true, prefix: "", ogLocale: "en_US", dateLocale: "en-GB", published: true },
  { code: "de", default: false, prefix: "/de", ogLocale: "de_DE", dateLocale: "de-DE", published: true },
] as const;

it("finds the key of the value at a line and column, in block and flow style, and none outside a value", () => {
  const keyAt = keyAtPosition(
    'company:\n  email: a@b.example\nsocial:\n  - { name: X, url: "https://x.example" }\n# url: c\n',
  );
  expect(keyAt(2, 10)).toBe("company.email");
  expect(keyAt(4, 5)).toBe(undefined);
  expect(keyAt(4, 13)).toBe("social.name");
  expect(keyAt(4, 25)).toBe("social.url");
  expect(keyAt(5, 3)).toBe(undefined);
  // A text the reader refuses names no key (its own error says why) and does not throw.
  expect(keyAtPosition("a: [\n")(1, 1)).toBe(undefined);
});

it("names the key of each of thousands of values, and gives none in a nesting too deep to read", () => {
  const keyAt = keyAtPosition(Array.from({ length: 5000 }, (_, i) => `k${i}: TODO ${i}`).join("\n"));
  const named = Array.from({ length: 5000 }, (_, i) => keyAt(i + 1, `k${i}: `.length + 1));
  expect(named).toEqual(Array.from({ length: 5000 }, (_, i) => `k${i}`));
  expect(keyAtPosition(`a: ${"[".repeat(20_000)}TODO${"]".repeat(20_000)}\n`)(1, 20_004)).toBe(undefined);
});

it("names every placeholder of the shipped site.yaml by its German field, or says it has none", () => {
  const place = placesIn(editorConfig(LOCALES, undefined, "de"));
  const named = findPlaceholders(new ContentFolder("content")).map(({ file, key }) => place(file, key));
  expect(named).toContainEqual({ entry: "Firmendaten (site.yaml)", field: "Rechtliche Angaben › Straße" });
  expect(named).toContainEqual({ entry: "Firmendaten (site.yaml)", field: "Firma › E-Mail" });
  expect(named).toContainEqual({ entry: "Firmendaten (site.yaml)", field: "Soziale Netzwerke › Adresse des Profils" });
  // The site's address is not in the form: no field is named for it.
  expect(named).toContainEqual({ entry: "Firmendaten (site.yaml)", field: undefined });
  expect(named.every((where) => where.entry === "Firmendaten (site.yaml)")).toBe(true);
});

it("names a page's front matter field by its collection and page, per language", () => {
  const place = placesIn(editorConfig(LOCALES, undefined, "de"));
  expect(place("content/de/pages/insights/rag-agents.md", "title")).toEqual({
    entry: "Seiten › insights/rag-agents",
    field: "Titel",
  });
  expect(place("content/en/home.yaml", undefined)).toEqual({ entry: "Startseite", field: undefined });
  expect(place("content/unknown.yaml", "x")).toEqual({ entry: "content/unknown.yaml" });
});

it("names a list entry's field by the list's label and the entry counted from 1, a block's fields among its type's", () => {
  // The preview's refusals (issue 59): "blocks[2].cards[1].title" is the third block's second card's title.
  const place = placesIn(editorConfig(LOCALES, undefined, "de"));
  const file = "content/de/pages/angebot.md";
  expect(place(file, "blocks[0].headline")).toEqual({ entry: "Seiten › angebot", field: "Blöcke 1 › Schlagzeile" });
  expect(place(file, "blocks[2].cards[1].title").field).toBe("Blöcke 3 › Karten 2 › Titel");
  expect(place(file, "tags[1]").field).toBe("Schlagwörter 2");
  expect(place(file, "blocks[0].nothing").field).toBe(undefined);
});
