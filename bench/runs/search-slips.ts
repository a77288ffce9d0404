// npm run bench -- --search-slips: docs/search.md's quality table for slips (issue 58). The site is built as it
// ships (npm run build into a temporary folder); the site's search (MiniSearch with its terms and the slip
// forgiving of src/search/browser/engine.ts, on the index the build wrote) and Pagefind (bench/peers/search-engines,
// indexing the same built pages' HTML, queried in Chromium with its own script and WebAssembly) answer the queries of
// tests/unit/search/slips.ts in both languages; hit@1 and hit@3 per language and slip.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium } from "@playwright/test";
import { loadContent } from "../../src/content/load.ts";
import { RouteModel } from "../../src/routes/model.ts";
import { openShardedIndex, type ShardedIndex } from "../../src/search/browser/shards.ts";
import { isSearchable } from "../../src/search/index-builder.ts";
import { startStaticServer, urlOf } from "../../src/server/static-server.ts";
import { CHROMIUM } from "../../tests/e2e/browser.ts";
import { SLIPS } from "../../tests/unit/search/slips.ts";
import { installPeer } from "./install-peer.ts";

const PEERS = resolve("bench/peers/search-engines");

interface PagefindIndexer {
  createIndex(config: Record<string, unknown>): Promise<{
    index?: {
      addHTMLFile(file: { url: string; content: string }): Promise<{ errors: string[] }>;
      writeFiles(options: { outputPath: string }): Promise<unknown>;
    };
  }>;
  close(): Promise<unknown>;
}

/** "/insights/rag-agents/" and "/insights/rag-agents" name one page. */
const same = (path: string) => path.replace(/(index\.html|\.html)$/, "").replace(/\/$/, "") || "/";

export async function benchSearchSlips(): Promise<void> {
  installPeer(PEERS, "pagefind", "Pagefind, FlexSearch and Orama");
  const dir = mkdtempSync(join(tmpdir(), "bench-slips-"));
  const out = join(dir, "dist");
  execFileSync("npm", ["run", "--silent", "build", "--", "--out-dir", out], { stdio: "ignore" });
  const model = new RouteModel(await loadContent("content"), { today: new Date().toISOString().slice(0, 10) });
  const searchable = model.routes.filter(isSearchable);

  // Pagefind indexes the same pages' HTML, as the build wrote it (its default: the whole <body>).
  const pagefind = (await import(join(PEERS, "node_modules/pagefind/lib/index.js"))) as PagefindIndexer;
  const { index } = await pagefind.createIndex({});
  if (!index) throw new Error("Pagefind did not start");
  for (const route of searchable) {
    const file = [join(out, route.path, "index.html"), join(out, `${route.path}.html`)].find(existsSync);
    if (!file) throw new Error(`no built file for ${route.path}`);
    const added = await index.addHTMLFile({ url: route.path, content: readFileSync(file, "utf8") });
    if (added.errors.length > 0) throw new Error(added.errors.join("; "));
  }
  const served = join(dir, "served");
  mkdirSync(served, { recursive: true });
  await index.writeFiles({ outputPath: join(served, "pagefind") });
  await pagefind.close();
  // A blank page per language: Pagefind's script picks the index of <html lang>.
  for (const lang of ["en", "de"])
    writeFileSync(
      join(served, `${lang}.html`),
      `<!doctype html><html lang="${lang}"><meta charset="utf-8"><title>${lang}</title>`,
    );
  const server = await startStaticServer({ dir: served, port: 0 });
  const browser = await chromium.launch(CHROMIUM);
  const pagefindFound = new Map<string, string[]>();
  for (const lang of ["en", "de"]) {
    const page = await browser.newPage();
    await page.goto(`${urlOf(server)}/${lang}.html`);
    const queries = SLIPS.filter(([l]) => l === lang).map(([, query]) => query);
    const answers = await page.evaluate(async (qs) => {
      type Found = { results: { data(): Promise<{ url: string }> }[] };
      const pf = (await import("/pagefind/pagefind.js" as string)) as { search(q: string): Promise<Found> };
      const result: Record<string, string[]> = {};
      for (const q of qs) {
        const found = await pf.search(q);
        result[q] = (await Promise.all(found.results.slice(0, 3).map((r) => r.data()))).map((d) => d.url);
      }
      return result;
    }, queries);
    for (const [query, urls] of Object.entries(answers)) pagefindFound.set(`${lang} ${query}`, urls.map(same));
    await page.close();
  }
  await browser.close();
  server.closeAllConnections();
  server.close();

  // The site's search on the index the build wrote, through the dialog's own sharded reader (browser/shards.ts).
  const json = async (path: string): Promise<unknown> => JSON.parse(readFileSync(join(out, path), "utf8"));
  const ours = new Map(
    await Promise.all(["en", "de"].map(async (lang) => [lang, await openShardedIndex(lang, json)] as const)),
  );
  const rows = new Map<string, { n: number; our1: number; our3: number; pf1: number; pf3: number }>();
  const misses: string[] = [];
  for (const [lang, query, slip, key] of SLIPS) {
    const expected = same(model.find(key, lang)?.path ?? "");
    const site = (await (ours.get(lang) as ShardedIndex).search(query)).results.map((r) => same(String(r.u)));
    const theirs = pagefindFound.get(`${lang} ${query}`) ?? [];
    for (const group of [`${lang === "en" ? "English" : "German"}, ${slip}`, "all"]) {
      const row = rows.get(group) ?? { n: 0, our1: 0, our3: 0, pf1: 0, pf3: 0 };
      row.n += 1;
      row.our1 += Number(site[0] === expected);
      row.our3 += Number(site.slice(0, 3).includes(expected));
      row.pf1 += Number(theirs[0] === expected);
      row.pf3 += Number(theirs.slice(0, 3).includes(expected));
      rows.set(group, row);
    }
    if (!theirs.slice(0, 3).includes(expected)) misses.push(`${lang} "${query}"`);
  }
  const version = (
    JSON.parse(readFileSync(join(PEERS, "node_modules/pagefind/package.json"), "utf8")) as { version: string }
  ).version;
  console.log(
    `\nSlips (tests/unit/search/slips.ts) on the built site's ${searchable.length} searchable pages: the site's search and Pagefind ${version}:`,
  );
  console.log("| queries | n | ours: hit@1 | ours: hit@3 | Pagefind: hit@1 | Pagefind: hit@3 |");
  console.log("| --- | --- | --- | --- | --- | --- |");
  for (const [group, r] of [...rows].sort(([a], [b]) => Number(a === "all") - Number(b === "all")))
    console.log(`| ${group} | ${r.n} | ${r.our1} | ${r.our3} | ${r.pf1} | ${r.pf3} |`);
  console.log(`Pagefind misses at 3: ${misses.join(", ") || "none"}`);
  rmSync(dir, { recursive: true, force: true });
}
