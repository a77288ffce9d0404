// FlexSearch 0.8 with its German encoder (stopwords, its stemmer, umlauts as ae/oe/ue) and "forward" tokenizing
// (a word's starts, for search as you type), its export loaded back. Bundled by bench/runs/search.ts.
import { Document, Encoder } from "flexsearch";
import German from "flexsearch/lang/de";

export const OPTIONS = {
  document: { id: "id", index: ["title", "text"], store: ["url"] },
  tokenize: "forward",
  encoder: new Encoder(German),
} as const;

let index: Document | undefined;
(window as unknown as { bench: unknown }).bench = async (query: string) => {
  if (!index) {
    const parts = (await (await fetch("/flexsearch/index-de.json")).json()) as [string, string][];
    index = new Document(OPTIONS as never);
    for (const [key, data] of parts) await index.import(key, data);
  }
  const found = (await index.search(query, { limit: 10, enrich: true, merge: true } as never)) as {
    doc: { url: string };
  }[];
  return found.map((result) => result.doc.url);
};
