// npm run bench -- --search [--pages 250,1000,4000]: site search. On the generated 1,000-page site plus a few German
// pages of compounds, umlauts and ß (RECALL below), four engines index the same German pages: the site's
// (MiniSearch with its terms, src/search/), FlexSearch, Orama and Pagefind (bench/peers/search-engines, installed on
// first use). Each runs in Chromium from a cold page, served on 127.0.0.1: the bytes a first query downloads (gzip),
// the time from the query to its results, and how many of the recall queries find their page. Then the site's own
// index at each size: its bytes per language, what a first query downloads, and the time the build spends on it.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { loadContent } from "../../src/content/load.ts";
import { RouteModel } from "../../src/routes/model.ts";
import type { Route } from "../../src/routes/route.ts";
import { isSearchable, searchIndexes, searchTexts } from "../../src/search/index-builder.ts";
import { plainText } from "../../src/search/plain-text.ts";
import { SEARCH_INDEX } from "../../src/search/browser/paths.ts";
import { openShardedIndex } from "../../src/search/browser/shards.ts";
import { startStaticServer, urlOf } from "../../src/server/static-server.ts";
import { CHROMIUM } from "../../tests/e2e/browser.ts";
import { generateSite } from "../../tests/support/generate-site.ts";
import { installPeer } from "./install-peer.ts";
import { median } from "./measure.ts";

const PEERS = resolve("bench/peers/search-engines");

// The peers' modules as used here (their types live in bench/peers/search-engines, outside the root's install).
interface PeerFlexSearch {
  Document: new (
    options: never,
  ) => {
    add(doc: never): void;
    export(handler: (key: string, data: string) => void): Promise<void> | void;
  };
  Encoder: new (options: unknown) => unknown;
}
interface PeerOrama {
  create(options: unknown): unknown;
  insert(db: unknown, doc: Record<string, string>): unknown;
  save(db: unknown): unknown;
}
interface PeerPagefind {
  createIndex(config: { forceLanguage: string }): Promise<{
    index?: {
      addCustomRecord(record: {
        url: string;
        content: string;
        language: string;
        meta: Record<string, string>;
      }): Promise<unknown>;
      writeFiles(options: { outputPath: string }): Promise<unknown>;
    };
  }>;
  close(): Promise<unknown>;
}
const TODAY = "2026-11-27";
/** The results a dialog shows at once on a phone or a laptop (about 90 px each): those fetch their texts. */
const TEXTS_IN_VIEW = 7;

/** German pages whose words a visitor finds by a part or without umlauts, and the queries that must find them. */
const RECALL_PAGES: Record<string, { title: string; text: string }> = {
  wissen: {
    title: "Wissensmanagement im Mittelstand",
    text: "Unser Wissensmanagement ordnet Handbücher und Richtlinien.",
  },
  agenten: {
    title: "RAG-Agenten für Verträge",
    text: "RAG-Agenten lesen Verträge mit, die Vertragsprüfung geht schneller.",
  },
  kundenservice: { title: "Ein Kundenservice-Chatbot", text: "Der Kundenservice-Chatbot antwortet rund um die Uhr." },
  netzgeraet: { title: "Laborgeräte richtig warten", text: "Das Hochspannungsnetzgerät im Labor liefert Strom." },
  uebersicht: {
    title: "Eine Übersicht",
    text: "Diese Übersicht zeigt Lösungen aller Größen, von der Hauptstraße bis zum Werk.",
  },
  datenqualitaet: { title: "Zuerst die Daten", text: "Ohne Datenqualität bleibt jede Automatisierung Stückwerk." },
};
const RECALL: { kind: "compound" | "umlaut"; query: string; page: keyof typeof RECALL_PAGES }[] = [
  { kind: "compound", query: "Wissen", page: "wissen" },
  { kind: "compound", query: "Management", page: "wissen" },
  { kind: "compound", query: "Agent", page: "agenten" },
  { kind: "compound", query: "Prüfung", page: "agenten" },
  { kind: "compound", query: "Kundenservice", page: "kundenservice" },
  { kind: "compound", query: "Netzgerät", page: "netzgeraet" },
  { kind: "compound", query: "Qualität", page: "datenqualitaet" },
  { kind: "umlaut", query: "Ubersicht", page: "uebersicht" },
  { kind: "umlaut", query: "Losungen", page: "uebersicht" },
  { kind: "umlaut", query: "Grossen", page: "uebersicht" },
  { kind: "umlaut", query: "Strasse", page: "uebersicht" },
];
const RECALL_PATH = "bench/recall";
/** The first query of every engine: a word of every generated page. */
const FIRST_QUERY = "assistant";

const gz = (bytes: Buffer | string) => gzipSync(bytes).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function siteOf(pages: number): Promise<{ dir: string; model: RouteModel }> {
  const dir = mkdtempSync(join(tmpdir(), "bench-search-"));
  const contentDir = join(dir, "content");
  await generateSite(contentDir, pages, false);
  mkdirSync(join(contentDir, "de/pages", RECALL_PATH), { recursive: true });
  writeFileSync(
    join(contentDir, "de/pages", RECALL_PATH, "index.md"),
    "---\ntitle: Wiederfinden\ndescription: Seiten für die Suche.\n---\n\nSeiten.\n",
  );
  for (const [name, page] of Object.entries(RECALL_PAGES))
    writeFileSync(
      join(contentDir, "de/pages", RECALL_PATH, `${name}.md`),
      `---\ntitle: "${page.title}"\ndescription: "${page.title}."\ndate: 2026-11-01\n---\n\n${page.text}\n`,
    );
  const content = await loadContent(contentDir);
  return { dir, model: new RouteModel(content, { today: TODAY }) };
}

/** The German pages as the other engines take them: the same text the site's index reads. */
const documents = (model: RouteModel) =>
  model.routes
    .filter((route) => route.lang === "de" && isSearchable(route))
    .map((route: Route, id) => {
      const page = route.page as NonNullable<Route["page"]>;
      const lead = page.meta.summary ?? page.meta.description;
      return {
        id,
        title: page.meta.title,
        text: [...(page.meta.tags ?? []), ...page.headings.map((h) => h.text), lead, plainText(page.html)].join(" "),
        url: route.path,
      };
    });

/** Bundles an engine's browser entry (minified, as a site would ship it) into `dir`. */
async function bundle(entry: string, dir: string): Promise<void> {
  const esbuild = await import("esbuild");
  await esbuild.build({
    entryPoints: [join(PEERS, "entries", `${entry}.ts`)],
    outfile: join(dir, entry, "app.js"),
    bundle: true,
    minify: true,
    format: "esm",
    external: ["/pagefind/*"],
    nodePaths: [join(PEERS, "node_modules"), resolve("node_modules")],
    logLevel: "silent",
  });
  writeFileSync(
    join(dir, entry, "index.html"),
    `<!doctype html><meta charset="utf-8"><script type="module" src="app.js"></script>`,
  );
}

/** Writes each engine's index of the German pages into its folder under `dir`. */
async function writeIndexes(dir: string, model: RouteModel): Promise<void> {
  const docs = documents(model);
  // The site's files as the build writes them (the manifest and its shards), under minisearch/.
  for (const [path, json] of searchIndexes(model)) {
    mkdirSync(dirname(join(dir, "minisearch", path)), { recursive: true });
    writeFileSync(join(dir, "minisearch", path), json);
  }

  const { Document, Encoder } = (await import(
    join(PEERS, "node_modules/flexsearch/dist/flexsearch.bundle.module.min.mjs")
  )) as PeerFlexSearch;
  const German = (await import(join(PEERS, "node_modules/flexsearch/dist/module/lang/de.js"))).default;
  const flex = new Document({
    document: { id: "id", index: ["title", "text"], store: ["url"] },
    tokenize: "forward",
    encoder: new Encoder(German),
  } as never);
  for (const doc of docs) flex.add(doc as never);
  const parts: [string, string][] = [];
  await flex.export((key: string, data: string) => {
    parts.push([key, data]);
  });
  mkdirSync(join(dir, "flexsearch"), { recursive: true });
  writeFileSync(join(dir, "flexsearch", "index-de.json"), JSON.stringify(parts));

  const orama = (await import(join(PEERS, "node_modules/@orama/orama/dist/esm/index.js"))) as PeerOrama;
  const { stemmer } = await import("@orama/stemmers/german");
  const db = orama.create({
    schema: { title: "string", text: "string", url: "string" } as const,
    components: { tokenizer: { language: "german", stemming: true, stemmer } },
  });
  for (const doc of docs) orama.insert(db, { title: doc.title, text: doc.text, url: doc.url });
  mkdirSync(join(dir, "orama"), { recursive: true });
  writeFileSync(join(dir, "orama", "index-de.json"), JSON.stringify(orama.save(db)));

  const pagefind = (await import(join(PEERS, "node_modules/pagefind/lib/index.js"))) as PeerPagefind;
  const { index } = await pagefind.createIndex({ forceLanguage: "de" });
  if (!index) throw new Error("Pagefind did not start");
  for (const doc of docs)
    await index.addCustomRecord({ url: doc.url, content: doc.text, language: "de", meta: { title: doc.title } });
  await index.writeFiles({ outputPath: join(dir, "pagefind") });
  await pagefind.close();
}

interface EngineFigures {
  engine: string;
  firstQueryBytes: number;
  firstResultMs: number;
  queryMs: number;
  compound: string;
  umlaut: string;
}

async function measureEngine(engine: string, base: string, dir: string, runs: number): Promise<EngineFigures> {
  const browser = await chromium.launch(CHROMIUM);
  const firsts: number[] = [];
  const warm: number[] = [];
  let bytes = 0;
  let found: Record<string, string[]> = {};
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const fetched: string[] = [];
    page.on("requestfinished", (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto(`${base}/${engine}/index.html`);
    await page.waitForFunction(() => "bench" in window);
    const before = fetched.length;
    const timed = await page.evaluate(async (query) => {
      const started = performance.now();
      const results = await (window as unknown as { bench: (q: string) => Promise<string[]> }).bench(query);
      return { ms: performance.now() - started, results };
    }, FIRST_QUERY);
    if (timed.results.length === 0) throw new Error(`${engine} found nothing for ${FIRST_QUERY}`);
    firsts.push(timed.ms);
    // What the first query fetched, and the engine's own script (fetched with the page here; a site fetches it
    // when search opens), each as gzip sends it.
    bytes = [`/${engine}/app.js`, ...fetched.slice(before)].reduce(
      (sum, path) => sum + gz(readFileSync(join(dir, decodeURIComponent(path)))),
      0,
    );
    const answers = await page.evaluate(
      async (queries) => {
        const bench = (window as unknown as { bench: (q: string) => Promise<string[]> }).bench;
        const out: Record<string, string[]> = {};
        const times: number[] = [];
        for (const query of queries) {
          const started = performance.now();
          out[query] = await bench(query);
          times.push(performance.now() - started);
        }
        return { out, times };
      },
      RECALL.map((recall) => recall.query),
    );
    found = answers.out;
    warm.push(median(answers.times));
    await context.close();
  }
  await browser.close();
  const score = (kind: "compound" | "umlaut") => {
    const cases = RECALL.filter((recall) => recall.kind === kind);
    const hits = cases.filter((recall) => (found[recall.query] ?? []).includes(`/de/${RECALL_PATH}/${recall.page}`));
    return `${hits.length}/${cases.length}`;
  };
  return {
    engine,
    firstQueryBytes: bytes,
    firstResultMs: median(firsts),
    queryMs: median(warm),
    compound: score("compound"),
    umlaut: score("umlaut"),
  };
}

export async function benchSearch(sizes: number[], runs: number): Promise<void> {
  installPeer(PEERS, "pagefind", "Pagefind, FlexSearch and Orama");
  const { dir, model } = await siteOf(1000);
  const served = join(dir, "served");
  mkdirSync(served, { recursive: true });
  await writeIndexes(served, model);
  for (const engine of ["minisearch", "flexsearch", "orama", "pagefind"]) await bundle(engine, served);
  const server: Server = await startStaticServer({ dir: served, port: 0 });
  const base = urlOf(server);
  const rows: EngineFigures[] = [];
  for (const engine of ["minisearch", "flexsearch", "orama", "pagefind"])
    rows.push(await measureEngine(engine, base, served, runs));
  server.closeAllConnections();
  server.close();
  const version = (name: string) =>
    (
      JSON.parse(
        readFileSync(
          join(name === "minisearch" ? "node_modules" : join(PEERS, "node_modules"), name, "package.json"),
          "utf8",
        ),
      ) as { version: string }
    ).version;
  const names: Record<string, string> = {
    minisearch: `MiniSearch ${version("minisearch")} + the site's terms (shipped)`,
    flexsearch: `FlexSearch ${version("flexsearch")}, German encoder, forward`,
    orama: `Orama ${version("@orama/orama")}, German stemmer`,
    pagefind: `Pagefind ${version("pagefind")}`,
  };
  console.log(
    `\nSearch engines on the German half of the 1,000-page site (${documents(model).length} pages), Chromium, 127.0.0.1, median of ${runs} cold page loads:`,
  );
  console.log(
    "| engine | first query downloads (gzip) | first result (ms) | later queries (ms) | compounds found | umlauts/ß found |",
  );
  console.log("| --- | --- | --- | --- | --- | --- |");
  for (const row of rows)
    console.log(
      `| ${names[row.engine]} | ${kb(row.firstQueryBytes)} | ${Math.round(row.firstResultMs)} | ${row.queryMs.toFixed(1)} | ${row.compound} | ${row.umlaut} |`,
    );
  rmSync(dir, { recursive: true, force: true });

  // The site's own index at each size: what the dialog downloads, and what the build spends writing it.
  const dialogBytes = await shippedDialog();
  console.log(
    `\nThe site's search at each size (dialog code and stylesheet: ${kb(dialogBytes)} gzip, the same at every size):`,
  );
  // What a first query fetches is read through the dialog's own sharded reader (browser/shards.ts): the manifest,
  // the pages' file, the shards of its terms and the stored fields of the results in view. A result whose match lies
  // past its stored excerpt fetches its page's text once in view: at most TEXTS_IN_VIEW, each about the median text.
  console.log(
    `| pages | index, all files de (gzip) | first query "${FIRST_QUERY}" (gzip) | first query "a" (gzip) | page text, median (gzip) | "${FIRST_QUERY}" + ${TEXTS_IN_VIEW} texts | index and texts build (ms, both languages) |`,
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- |");
  for (const pages of sizes) {
    const site = await siteOf(pages);
    const times: number[] = [];
    let files = new Map<string, string>();
    let texts = new Map<string, string>();
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      files = searchIndexes(site.model);
      texts = searchTexts(site.model);
      times.push(performance.now() - started);
    }
    const german = [...files].filter(
      ([path]) => path.startsWith(`${SEARCH_INDEX.shardFolder}/de/`) || path === SEARCH_INDEX.file("de"),
    );
    const all = german.reduce((sum, [, json]) => sum + gz(json), 0);
    const first = dialogBytes + (await firstQueryBytes(files, FIRST_QUERY));
    const letter = dialogBytes + (await firstQueryBytes(files, "a"));
    const text = median([...texts.values()].map((json) => gz(json)));
    console.log(
      `| ${pages} | ${kb(all)} | ${kb(first)} | ${kb(letter)} | ${kb(text)} | ${kb(first + TEXTS_IN_VIEW * text)} | ${Math.round(median(times))} |`,
    );
    rmSync(site.dir, { recursive: true, force: true });
  }
}

/** The German files (gzip) a cold dialog fetches for `query` and its first ten results, as the dialog reads them. */
async function firstQueryBytes(files: Map<string, string>, query: string): Promise<number> {
  const fetched: string[] = [];
  const index = await openShardedIndex("de", async (path) => {
    const json = files.get(path);
    if (json === undefined) throw new Error(`the build wrote no ${path}`);
    fetched.push(path);
    return JSON.parse(json);
  });
  await index.search(query, 10);
  return [...new Set(fetched)].reduce((sum, path) => sum + gz(files.get(path) ?? ""), 0);
}

/** The dialog's script and stylesheet as the build makes them (gzip). */
async function shippedDialog(): Promise<number> {
  const out = mkdtempSync(join(tmpdir(), "bench-search-assets-"));
  const { buildAssets } = await import("../../src/pipeline/assets.ts");
  await buildAssets(out);
  const listing = execFileSync("ls", [join(out, "assets")], { encoding: "utf8" }).split("\n");
  const bytes = listing
    .filter((name) => /^search-(dialog-)?[A-Z0-9]+\.(js|css)$/.test(name))
    .reduce((sum, name) => sum + gz(readFileSync(join(out, "assets", name))), 0);
  rmSync(out, { recursive: true, force: true });
  return bytes;
}
