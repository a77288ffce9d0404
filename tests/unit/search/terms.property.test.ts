// The search's words, as property tests: compounds found by their parts, umlauts and ß folded, each language its
// own stemming. Every check searches a real MiniSearch index made with the options the site ships, with terms
// made the way the build makes them (search/index-builder.ts) and queries processed the way the browser does.
import fc from "fast-check";
import MiniSearch from "minisearch";
import { describe, expect, it } from "vitest";
import { INDEX_OPTIONS, type IndexedPage, searchOptions } from "../../../src/search/browser/engine.ts";
import { fold, MIN_PART } from "../../../src/search/browser/terms.ts";
import { partsOf } from "../../../src/search/compounds.ts";
import { textTerms } from "../../../src/search/index-builder.ts";

/** An index of one page whose text is `text`, and whether `query` finds it in `lang`. */
function finds(text: string, query: string, lang: string): boolean {
  const index = new MiniSearch<IndexedPage>(INDEX_OPTIONS);
  index.add({ id: 0, title: "", body: textTerms(text, lang), t: "", u: "/", e: "" });
  return index.search(query, searchOptions(lang)).length === 1;
}

// Words German compounds are made of (nouns, as written in compounds, with and without a linking s or n).
const GERMAN_WORDS = [
  "Wissen",
  "Management",
  "Kunden",
  "Service",
  "Chatbot",
  "Agenten",
  "Daten",
  "Qualität",
  "Straße",
  "Übersicht",
  "Hochspannung",
  "Netz",
  "Gerät",
  "Vertrag",
  "Prüfung",
  "Rechnung",
  "Anfrage",
  "Sprache",
  "Modell",
  "Lösung",
  "Prozess",
  "Schulung",
  "Kosten",
  "Rahmen",
  "Werkzeug",
  "Verwaltung",
  "Abteilung",
  "Entwicklung",
  "Sicherheit",
  "Bericht",
  "Strategie",
  "Suche",
  "Dokument",
  "Unternehmen",
  "Mitarbeiter",
  "Größe",
  "Bäcker",
  "Fußball",
];
const linked = (word: string) => fc.constantFrom(word, `${word}s`, `${word}n`);
const compound = fc
  .array(fc.constantFrom(...GERMAN_WORDS), { minLength: 2, maxLength: 3 })
  .chain((parts) => fc.tuple(...parts.map((part, at) => (at < parts.length - 1 ? linked(part) : fc.constant(part)))))
  .map((parts) => parts.map((part, at) => (at === 0 ? part : part.toLowerCase())).join(""));

describe("German words are found by their parts", () => {
  it("the issue's examples", () => {
    expect(finds("Wissensmanagement für alle", "Wissen", "de")).toBe(true);
    expect(finds("Unsere RAG-Agenten lesen mit", "Agent", "de")).toBe(true);
    expect(finds("Ein Kundenservice-Chatbot antwortet", "Kundenservice", "de")).toBe(true);
    expect(finds("Ein Hochspannungsnetzgerät", "Netzgerät", "de")).toBe(true);
    expect(finds("Eine Übersicht", "Ubersicht", "de")).toBe(true);
    expect(finds("An der Straße", "Strasse", "de")).toBe(true);
  });

  it("every word the German hyphenator splits into parts is found by each part of at least 4 letters", () => {
    fc.assert(
      fc.property(compound, (word) => {
        const parts = partsOf(word, "de");
        for (const part of parts.filter((part) => part.length >= MIN_PART))
          expect(finds(`Ein Text über ${word}.`, part, "de"), `${part} in ${parts.join("-")}`).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("a compound is found by the first word it is made of, and by its last", () => {
    fc.assert(
      fc.property(fc.constantFrom(...GERMAN_WORDS), fc.constantFrom(...GERMAN_WORDS), (first, last) => {
        const word = `${first}${last.toLowerCase()}`;
        expect(finds(word, first, "de"), `${first} in ${word}`).toBe(true);
        // The last word starts where the patterns break the compound: it is one of the endings indexed.
        if (partsOf(word, "de").some((_, at, parts) => parts.slice(at).join("").toLowerCase() === last.toLowerCase()))
          expect(finds(word, last, "de"), `${last} in ${word}`).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

// Letters and their spellings without diacritics, as a German keyboard-less visitor types them.
const FOLDS: [string, string][] = [
  ["ä", "a"],
  ["ö", "o"],
  ["ü", "u"],
  ["Ä", "A"],
  ["Ö", "O"],
  ["Ü", "U"],
  ["ß", "ss"],
  ["é", "e"],
];
const plainLetters = fc.constantFrom(..."abcdefghijklmnoprstuvwz".split(""));
/** A word with some letters replaced by ones with diacritics, and its plain spelling. */
const spelled = fc
  .array(
    fc.oneof(
      plainLetters.map((letter) => [letter, letter] as const),
      fc.constantFrom(...FOLDS),
    ),
    {
      minLength: 4,
      maxLength: 14,
    },
  )
  .map((letters) => ({
    written: letters.map(([with_]) => with_).join(""),
    plain: letters.map(([, without]) => without).join(""),
  }));

describe("umlauts and ß fold", () => {
  it("a word written with them and its spelling without are the same folded word", () => {
    fc.assert(
      fc.property(spelled, ({ written, plain }) => {
        expect(fold(written)).toBe(plain.toLowerCase());
      }),
    );
  });

  it("folding lowercases, leaves no combining mark and no ß, and is idempotent", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 20 }), (text) => {
        const folded = fold(text);
        expect(folded).toBe(folded.toLowerCase());
        expect(folded).not.toMatch(/[\p{M}ß]/u);
        expect(fold(folded)).toBe(folded);
      }),
    );
  });

  it("the spelling without finds a page written with them, and the other way round, in both languages", () => {
    fc.assert(
      fc.property(spelled, fc.constantFrom("de", "en"), ({ written, plain }, lang) => {
        expect(finds(`Text ${written} Text`, plain, lang), `${plain} → ${written}`).toBe(true);
        expect(finds(`Text ${plain} Text`, written, lang), `${written} → ${plain}`).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe("each language its own stemming", () => {
  it("an inflected form finds the others in its language", () => {
    expect(finds("Wir beraten Unternehmen", "Unternehmens", "de")).toBe(true);
    expect(finds("Zwei Lösungen", "Lösung", "de")).toBe(true);
    expect(finds("Searching documents", "searches", "en")).toBe(true);
    expect(finds("Our agents", "agent", "en")).toBe(true);
  });

  it("English stemming is not German: an English ending is not cut from a German word", () => {
    // German Snowball removes -en; English leaves it: "Agenten" found by "Agent" only in German.
    expect(finds("Agenten", "agent", "de")).toBe(true);
    expect(finds("agents", "agent", "en")).toBe(true);
  });
});
