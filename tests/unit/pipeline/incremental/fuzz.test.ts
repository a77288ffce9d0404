import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { build } from "../../../../src/pipeline/index.ts";
import { copyOfContent } from "../../../support/content.ts";
import { CAMPAIGN_FIXTURE, CAMPAIGN_PAGE, campaignFiles } from "../../../support/campaign.ts";
import { TEST_VALIDATION_CACHE } from "../../validation-cache.ts";
import { asNpmRunBuild } from "./as-npm-run-build.ts";
import { differences } from "../../../support/tree.ts";

// Issue 46: the differential fuzz of incremental builds. A bounded number of random author edits on a copy of
// content/; after each, the incremental build must write byte for byte what a cold build of the same content
// writes. npm test runs a few steps from a fixed seed; `npm run fuzz` many from a random seed it prints
// (FUZZ_STEPS, FUZZ_SEED=random or a number), and a failure names the seed and the edits that led to it.
const STEPS = Number(process.env.FUZZ_STEPS ?? 3);
const SEED =
  process.env.FUZZ_SEED === "random" ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED ?? 20261127);
if (process.env.FUZZ_SEED !== undefined)
  console.log(`fuzz: seed ${SEED}, ${STEPS} steps (FUZZ_SEED=${SEED} repeats it)`);

/** mulberry32: a small seeded generator, so a seed repeats its run exactly. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const copy = copyOfContent("fuzz-content-");
const work = mkdtempSync(join(tmpdir(), "fuzz-"));
afterAll(() => {
  copy.cleanup();
  rmSync(work, { recursive: true, force: true });
});
const content = copy.dir;
const today = "2026-11-24";
const outputs = { incremental: join(work, "incremental"), cold: join(work, "cold") };

const WORDS = [
  "agents",
  "retrieval",
  "pilot",
  "Mittelstand",
  "costs",
  "Daten",
  "review",
  "latency",
  "Prüfung",
  "scope",
];
/** The pages an edit may touch: every language's Markdown pages below the insights section, and the ones added. */
const articles = () =>
  ["en", "de"].flatMap((lang) =>
    readdirSync(join(content, lang, "pages", "insights"))
      .filter((name) => name.endsWith(".md") && name !== "index.md")
      .map((name) => `${lang}/pages/insights/${name}`),
  );
const edit = (file: string, change: (text: string) => string) =>
  writeFileSync(join(content, file), change(readFileSync(join(content, file), "utf8")));

/** Random author edits, each a name (for the failure's report) and what it does. */
const EDITS: ((pick: <T>(items: readonly T[]) => T, n: number) => string)[] = [
  (pick) => {
    const file = pick(articles());
    edit(file, (text) => `${text}\nAnother paragraph about ${pick(WORDS)}.\n`);
    return `a paragraph added to ${file}`;
  },
  (pick) => {
    const file = pick(articles());
    const word = pick(WORDS);
    edit(file, (text) => text.replace(/^title: .*$/m, `title: A title about ${word}`));
    return `the title of ${file}`;
  },
  (pick) => {
    const file = pick(articles());
    const tag = pick(WORDS);
    edit(file, (text) =>
      /^tags: \[/m.test(text)
        ? text.replace(/^tags: \[/m, `tags: [${tag}, `)
        : text.replace(/^title:/m, `tags: [${tag}]\ntitle:`),
    );
    return `the tag ${tag} on ${file}`;
  },
  (pick, n) => {
    const lang = pick(["en", "de"]);
    const file = `${lang}/pages/insights/fuzz-${n}.md`;
    writeFileSync(
      join(content, file),
      `---\ntitle: Fuzz page ${n}\ndescription: Added by the fuzz.\ndate: 2026-0${1 + (n % 9)}-1${n % 10}\ntranslations: partial\n---\n\nText ${n}.\n`,
    );
    return `${file} added`;
  },
  (pick) => {
    const added = articles().filter((file) => file.includes("/fuzz-"));
    if (added.length === 0) return "nothing (no added page to delete)";
    const file = pick(added);
    rmSync(join(content, file));
    return `${file} deleted`;
  },
  (pick) => {
    const lang = pick(["en", "de"]);
    const label = `Insights ${pick(WORDS)}`;
    edit(`${lang}/common.yaml`, (text) =>
      text.replace(/\{ label: [^,]+, to: (insights|einblicke) \}/, `{ label: ${label}, to: $1 }`),
    );
    return `the menu label in ${lang}/common.yaml`;
  },
  (pick) => {
    const file = pick(articles());
    const day = `2026-1${pick([0, 1])}-0${pick([1, 2, 3, 4, 5, 6, 7, 8, 9])}`;
    edit(file, (text) => (/^date: .*$/m.test(text) ? text.replace(/^date: .*$/m, `date: ${day}`) : text));
    return `the date of ${file}`;
  },
  // Search: new terms for the index, a German compound of the words above, and a word long enough to be
  // hyphenated in windows and have its terms bounded (text/hyphenate.ts, search/browser/terms.ts).
  (pick) => {
    const file = pick(articles().filter((name) => name.startsWith("de/")));
    const compound = `${pick(["Daten", "Prüfungs", "Kosten"])}${pick(["management", "bericht", "straße"])}`;
    edit(
      file,
      (text) => `${text}
Der ${compound} steht im Übersichtsplan.
`,
    );
    return `the search terms ${compound} in ${file}`;
  },
  (pick) => {
    const file = pick(articles());
    const letters = pick([300, 1_000, 5_000]);
    const word = "Donaudampfschifffahrtsgesellschaftskapitän".repeat(letters / 40 + 1).slice(0, letters);
    edit(
      file,
      (text) => `${text}
Ein langes Wort: ${word}.
`,
    );
    return `a word of ${letters} letters in ${file}`;
  },
  // Issue 57: a page made a draft and back (its images must leave dist/ and come back with it).
  (pick) => {
    const file = pick(articles());
    const draft = /^draft: true\n/m.test(readFileSync(join(content, file), "utf8"));
    edit(file, (text) =>
      draft ? text.replace(/^draft: true\n/m, "") : text.replace(/^title:/m, "draft: true\ntitle:"),
    );
    return draft ? `${file} no longer a draft` : `${file} made a draft`;
  },
  // A page added as a symbolic link to its language's privacy page, or such a link removed (one per language:
  // two would share the privacy page's address).
  (pick, n) => {
    const lang = pick(["en", "de"]);
    const linked = articles().find(
      (file) => file.startsWith(`${lang}/`) && lstatSync(join(content, file)).isSymbolicLink(),
    );
    if (linked) {
      rmSync(join(content, linked));
      return `the link ${linked} removed`;
    }
    const file = `${lang}/pages/insights/linked-${n}.md`;
    symlinkSync(pick(["../privacy.md", "../../pages/privacy.md"]), join(content, file));
    return `${file} added as a link to ${lang}/pages/privacy.md`;
  },
  // The words search shows (its dialog and page), in one language's common.yaml.
  (pick) => {
    const lang = pick(["en", "de"]);
    const word = pick(WORDS);
    edit(`${lang}/common.yaml`, (text) => text.replace(/^(\s+placeholder: ).*$/m, `$1Search for ${word}`));
    return `the search placeholder in ${lang}/common.yaml`;
  },
];

// Issue 59: a campaign page made of blocks (tests/fixtures/campaign/), added and removed (its blocks' stylesheet is
// written only while a page has blocks), and its blocks edited, reordered and given another campaign.
const campaignPages = () =>
  ["en", "de"].map((lang) => `${lang}/pages/${CAMPAIGN_PAGE}`).filter((file) => existsSync(join(content, file)));
/** The campaign page and its images, with site.yaml's campaigns, written into the content. */
function addCampaign(): void {
  for (const [file, data] of Object.entries(campaignFiles())) {
    mkdirSync(dirname(join(content, file)), { recursive: true });
    writeFileSync(join(content, file), data);
  }
  const site = readFileSync(join(content, "site.yaml"), "utf8");
  if (!site.includes("\ncampaigns:"))
    writeFileSync(
      join(content, "site.yaml"),
      `${site.trimEnd()}\n\n${readFileSync(join(CAMPAIGN_FIXTURE, "campaigns.yaml"), "utf8")}`,
    );
}
/** One language's campaign page to edit: where there is none, the fixture is added first (the report says so). */
function campaignPage(pick: <T>(items: readonly T[]) => T): { file: string; added: string } {
  const added = campaignPages().length === 0 ? "the campaign page added, then " : "";
  if (added) addCampaign();
  return { file: pick(campaignPages()), added };
}
const BLOCK_EDITS: typeof EDITS = [
  () => {
    if (campaignPages().length === 0) {
      addCampaign();
      return "the campaign page added";
    }
    for (const file of campaignPages()) rmSync(join(content, file));
    return "the campaign page removed";
  },
  (pick) => {
    const { file, added } = campaignPage(pick);
    const word = pick(WORDS);
    edit(file, (text) => text.replace(/^( {4}heading: ).*$/m, `$1A heading about ${word}`));
    return `${added}a block's heading in ${file}`;
  },
  (pick) => {
    const { file, added } = campaignPage(pick);
    // The steps and the figures swap places (a structure warning, not an error).
    edit(file, (text) =>
      text.replace(
        /( {2}- type: steps\n(?:(?! {2}- type:).*\n)+)( {2}- type: figures\n(?:(?! {2}- type:).*\n)+)/,
        "$2$1",
      ),
    );
    return `${added}two blocks swapped in ${file}`;
  },
  (pick) => {
    const { file, added } = campaignPage(pick);
    edit(file, (text) =>
      text.includes("campaign: webinar-rag")
        ? text.replace("campaign: webinar-rag", "campaign: ai-readiness-2026")
        : text.replace("campaign: ai-readiness-2026", "campaign: webinar-rag"),
    );
    return `${added}the call to action's campaign in ${file}`;
  },
  (pick) => {
    const { file, added } = campaignPage(pick);
    const word = pick(WORDS);
    edit(file, (text) => text.replace(/^( {4}body: \|\n)/m, `$1      A sentence about ${word}.\n\n`));
    return `${added}a text block's Markdown in ${file}`;
  },
];
EDITS.push(...BLOCK_EDITS);

it(
  `${STEPS} random edits from seed ${SEED}: each incremental build writes what a cold build writes`,
  async () => {
    const random = generator(SEED);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const done: string[] = [];
    // As npm run build makes it: the nothing-changed check first, which must see every edit.
    const incremental = () =>
      asNpmRunBuild({
        contentDir: content,
        outDir: outputs.incremental,
        validationCache: join(work, "validated.json"),
        buildCache: join(work, "build-cache"),
        today,
      });
    await incremental();
    for (let step = 1; step <= STEPS; step++) {
      done.push(pick(EDITS)(pick, step));
      const report = `seed ${SEED}, step ${step}, after: ${done.join("; ")}`;
      // An edit may make the content fail (a link to a page made a draft): then both builds fail alike.
      const failure = (error: unknown) => `failed: ${(error as Error).message}`;
      const incrementally = await incremental().then(() => "built", failure);
      rmSync(outputs.cold, { recursive: true, force: true });
      const coldly = await build({
        contentDir: content,
        outDir: outputs.cold,
        validationCache: TEST_VALIDATION_CACHE,
        today,
      }).then(() => "built", failure);
      expect(incrementally, report).toBe(coldly);
      if (coldly !== "built") continue;
      const differ = differences(outputs.incremental, outputs.cold);
      expect(differ, report).toEqual([]);
    }
    if (process.env.FUZZ_SEED !== undefined) console.log(`fuzz: the edits: ${done.join("; ")}`);
    expect(existsSync(join(outputs.incremental, "index.html"))).toBe(true);
  },
  60_000 + STEPS * 60_000,
);
