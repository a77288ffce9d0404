import { afterEach, expect, it } from "vitest";
import { loadContent } from "../../../src/content/load.ts";
import { RouteModel } from "../../../src/routes/model.ts";
import { headingPlaces } from "../../../src/routes/places.ts";
import { copyOfContent } from "../../support/content.ts";

// Issue 58: each heading shares a place with its counterpart in the other language, paired as the structure rule pairs
// them (content/rules/structure.ts), whatever their words; the language switch lands on it.
let copy: ReturnType<typeof copyOfContent> | undefined;
afterEach(() => copy?.cleanup());

async function placesOf(edit: (c: ReturnType<typeof copyOfContent>) => void = () => undefined) {
  copy = copyOfContent();
  edit(copy);
  const model = new RouteModel(await loadContent(copy.dir), { today: "2026-12-01" });
  const places = (lang: string) => {
    const page = model.content.pages.find(
      (candidate) => candidate.key === "insights/rag-agents" && candidate.lang === lang,
    );
    if (!page) throw new Error(`no ${lang} page`);
    return Object.fromEntries(headingPlaces(model, page));
  };
  return { en: places("en"), de: places("de") };
}

/** The ids of both languages that share a place, English first. */
const pairsOf = ({ en, de }: Record<"en" | "de", Record<string, number>>) =>
  Object.entries(en).flatMap(([id, place]) => {
    const counterpart = Object.entries(de).find(([, other]) => other === place)?.[0];
    return counterpart ? [[id, counterpart]] : [];
  });

it("pairs every heading of an article with its translation's, whose words and ids differ", async () => {
  expect(pairsOf(await placesOf())).toEqual([
    ["how-a-rag-agent-works", "so-arbeitet-ein-rag-agent"],
    ["where-it-works-well", "wo-er-gut-funktioniert"],
    ["where-it-fails", "wo-er-scheitert"],
    ["five-questions-to-ask-before-building-one", "fünf-fragen-vor-dem-start"],
    ["data-protection-and-hosting", "datenschutz-und-betrieb"],
    ["a-sensible-first-step", "ein-sinnvoller-erster-schritt"],
  ]);
});

it("a translation lacking a section: the headings after it still find their counterparts, the missing one none", async () => {
  const places = await placesOf((c) =>
    c.edit("de/pages/insights/rag-agents.md", (text) => text.replace(/## Wo er gut funktioniert\n[\s\S]*?(?=## )/, "")),
  );
  expect(pairsOf(places)).toEqual([
    ["how-a-rag-agent-works", "so-arbeitet-ein-rag-agent"],
    ["where-it-fails", "wo-er-scheitert"],
    ["five-questions-to-ask-before-building-one", "fünf-fragen-vor-dem-start"],
    ["data-protection-and-hosting", "datenschutz-und-betrieb"],
    ["a-sensible-first-step", "ein-sinnvoller-erster-schritt"],
  ]);
});

it("a translation that differs on purpose (structure: own) pairs nothing", async () => {
  const places = await placesOf((c) =>
    c.edit("de/pages/insights/rag-agents.md", (text) => text.replace(/^---\n/, "---\nstructure: own\n")),
  );
  expect(places.de).toEqual({});
});
