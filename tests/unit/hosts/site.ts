import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { inject } from "vitest";
import { parse } from "yaml";
import { build } from "../../../src/pipeline/index.ts";
import { TEST_VALIDATION_CACHE } from "../validation-cache.ts";

/** A language of site.yaml: its prefix ("" for the default one). */
export interface Language {
  code: string;
  prefix: string;
}

/** The build every host serves, and what the checks need to know of it, read from the build, not from the code. */
export interface BuiltSite {
  dist: string;
  languages: Language[];
  /** Every page's path, from the sitemap. */
  pages: string[];
  /** The old addresses the test gave a page in each language, and the page each now leads to. */
  aliases: { from: string; to: string }[];
  /** The feeds the build wrote. */
  feeds: string[];
  /** One hashed asset of the pages (a file under /assets/). */
  asset: string;
  /** The search index's shards (search/shards/), each named by its digest, and the manifests that name them. */
  searchShards: string[];
  searchManifests: string[];
}

/**
 * One old address per language, added to a page of that language in the test's copy of content/ (the real
 * content has none yet, and the aliases' redirects are among what the hosts disagreed on).
 */
const ALIASED = [
  { file: "en/pages/insights/chatbot-roi.md", alias: "/insights/old-chatbot-roi" },
  { file: "de/pages/insights/chatbot-roi.md", alias: "/de/einblicke/alter-chatbot-roi" },
  // Written %-encoded, as a browser sends ü: a host that compares it with the decoded request never redirects.
  { file: "de/pages/insights/rag-agents.md", alias: "/de/einblicke/%C3%BCbersicht-alt" },
];

async function buildOnce(work: string): Promise<void> {
  const content = join(work, "content");
  cpSync("content", content, { recursive: true });
  for (const { file, alias } of ALIASED) {
    const path = join(content, file);
    const text = readFileSync(path, "utf8");
    if (!text.startsWith("---\n") || /^aliases:/m.test(text))
      throw new Error(`test setup: ${file} no longer suits an added aliases line`);
    writeFileSync(path, text.replace("---\n", `---\naliases: [${alias}]\n`));
  }
  // A live build, as an operator makes it; published.yaml is the copy's own.
  await build({
    contentDir: content,
    outDir: join(work, "dist"),
    recordPublished: true,
    validationCache: TEST_VALIDATION_CACHE,
  });
}

/**
 * The site as the host tests serve it: built once per test run into the folder global-setup.ts names, whichever
 * host test gets there first (a folder made with mkdir is the lock: only one process can make it); the others
 * wait for its "built" marker.
 */
export async function builtSite(): Promise<BuiltSite> {
  const work = inject("hostsWork");
  const lock = join(work, "building");
  const done = join(work, "built");
  let mine = false;
  try {
    mkdirSync(lock);
    mine = true;
  } catch {
    // another host test is building it
  }
  if (mine) {
    try {
      await buildOnce(work);
      writeFileSync(done, "ok");
    } catch (error) {
      writeFileSync(done, `the build failed: ${(error as Error).message}`);
    }
  }
  // Wait for the condition, with a ceiling for a loaded machine (a build alone is about ten seconds on a quiet one).
  const deadline = Date.now() + 300_000;
  while (!existsSync(done)) {
    if (Date.now() > deadline) throw new Error("test setup: the hosts' build did not finish within 300 s");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const outcome = readFileSync(done, "utf8");
  if (outcome !== "ok") throw new Error(`test setup: ${outcome}`);
  return describeSite(work);
}

function describeSite(work: string): BuiltSite {
  const dist = join(work, "dist");
  const site = parse(readFileSync(join(work, "content", "site.yaml"), "utf8")) as { locales: Language[] };
  const pages = [...readFileSync(join(dist, "sitemap.xml"), "utf8").matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (m) => new URL(m[1] ?? "").pathname,
  );
  // The page each alias was added to, by its file, as published.yaml (which the build wrote) records it.
  const published = parse(readFileSync(join(work, "content", "published.yaml"), "utf8")) as Record<string, string>;
  const aliases = ALIASED.map(({ file, alias }) => {
    const to = Object.entries(published).find(([, source]) => source === file)?.[0];
    if (!to) throw new Error(`test setup: published.yaml has no address for ${file}`);
    return { from: alias, to };
  });
  const files = readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `/${relative(dist, join(entry.parentPath, entry.name))}`);
  // A bundle with its content hash in its name, as esbuild names them (form-island-3I3JBFE2.js).
  const asset = files.find((file) => /^\/assets\/[\w-]+-[A-Z0-9]{8}\.(js|css)$/.test(file));
  if (!asset) throw new Error("test setup: the build wrote no hashed bundle under /assets/");
  const searchShards = files.filter((file) => file.startsWith("/search/shards/")).slice(0, 3);
  if (searchShards.length === 0) throw new Error("test setup: the build wrote no search shard");
  return {
    searchShards,
    searchManifests: files.filter((file) => /^\/search\/index-[\w-]+\.json$/.test(file)),
    dist,
    languages: site.locales.map(({ code, prefix }) => ({ code, prefix })),
    pages,
    aliases,
    feeds: files.filter((file) => file.endsWith("/feed.xml")),
    asset,
  };
}
