// Orama 3 with its German tokenizer and Snowball stemmer (prefix matching is its default), its saved data loaded
// back. Bundled by bench/runs/search.ts.
import { create, load, search } from "@orama/orama";
import { stemmer } from "@orama/stemmers/german";

export const createDb = () =>
  create({
    schema: { title: "string", text: "string", url: "string" } as const,
    components: { tokenizer: { language: "german", stemming: true, stemmer } },
  });

let db: ReturnType<typeof createDb> | undefined;
(window as unknown as { bench: unknown }).bench = async (query: string) => {
  if (!db) {
    const raw = await (await fetch("/orama/index-de.json")).json();
    db = createDb();
    load(db, raw);
  }
  const found = await search(db, { term: query, properties: ["title", "text"], limit: 10, boost: { title: 4 } });
  return found.hits.map((hit) => hit.document.url);
};
