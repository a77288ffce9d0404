// npm run mutation [-- group ...]: StrykerJS over the code whose job is to refuse bad input or to keep the site's
// promises to hosts and search engines (docs/mutation.md). Each group is mutated with only the unit tests that
// are about it (a build test covers everything and would make every mutant slow), one group at a time, each
// with its own incremental file, so a second run retests only what changed. Not part of npm test: it takes long.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join, relative } from "node:path";
import { parseArgs } from "node:util";
import { Stryker } from "@stryker-mutator/core";

type StrykerOptions = NonNullable<ConstructorParameters<typeof Stryker>[0]>;
type MutantResult = Awaited<ReturnType<Stryker["runMutationTest"]>>[number];

interface Group {
  /** What the group's code promises, for the report. */
  why: string;
  /** Files to mutate; "file#name,name" mutates only those functions or methods of the file. */
  mutate: string[];
  /**
   * The unit tests that are about this code, each calling it inside its tests. A test file
   * that builds the site in beforeAll runs every mutated line outside a test, so Stryker would have to run every
   * listed test for every mutant (a "static" mutant): those stay in npm test and out of these lists.
   */
  tests: string[];
  /**
   * Tests of those files that cannot run in Stryker's sandbox, by the start of their name, each with why: they are
   * left out of the group's runs (npm test still runs them).
   */
  skip?: { name: string; why: string }[];
}

const GROUPS: Record<string, Group> = {
  content: {
    why: "content guards and schemas: a bad content file fails the build, named",
    mutate: [
      "src/content/read/guards.ts",
      "src/content/schemas/index.ts",
      "src/content/read/folder.ts",
      "src/content/rules/media.ts",
      "src/content/rules/parity.ts",
      "src/content/rules/reserved.ts",
      "src/content/rules/placeholders.ts",
    ],
    // Not load.test.ts (it loads the real content at import), nor the tests that load or build a copy of content/
    // (hostile, hostile-files, media, placeholders): every schema is built when its module loads, so each of its
    // mutants runs every listed test, and these take seconds each.
    tests: [
      "tests/unit/content/guards.test.ts",
      "tests/unit/content/schemas.test.ts",
      "tests/unit/content/guide-limits.test.ts",
      // The web editor's fields are read from the schemas' limits and descriptions.
      "tests/unit/editor/config.test.ts",
    ],
    skip: [
      {
        name: "a field added to a schema appears in the editor's configuration",
        why: "it copies src/ and edits schemas.ts's text, which in the sandbox is Stryker's instrumented code",
      },
    ],
  },
  routes: {
    why: "the route model's language rules: every page's other languages, and the nearest translation",
    mutate: ["src/routes/model.ts#locale,find,languageLinks,nearest,alternatesOf"],
    tests: ["tests/unit/routes/language-rules.test.ts"],
  },
  images: {
    why: "the SVG allowlist and the image limits: no script in an image, no image that stalls a build",
    mutate: [
      "src/pipeline/images/svg.ts",
      "src/pipeline/images/svg-allowlist.ts",
      "src/pipeline/images/encode.ts",
      "src/images/limits.ts",
    ],
    tests: [
      "tests/unit/pipeline/images/svg.test.ts",
      "tests/unit/pipeline/images/svg-allowlist.test.ts",
      "tests/unit/pipeline/images/encode.test.ts",
      "tests/unit/pipeline/images/images.test.ts",
    ],
  },
  host: {
    why: "host headers: the policy, the files the build writes for each host, and how the hosts read them",
    mutate: ["src/host/*.ts", "src/pipeline/host-files/*.ts"],
    tests: [
      "tests/unit/host/headers-file.test.ts",
      "tests/unit/host/host-files.test.ts",
      // The local servers' _redirects reader and 404 choice (src/host/redirects-file.ts, not-found.ts).
      "tests/unit/host/redirects-file.test.ts",
    ],
  },
  "structured-data": {
    why: "structured data: what search engines are told about each page, and nothing on a page not indexed",
    mutate: ["src/components/structured-data.ts"],
    tests: ["tests/unit/routes/structured-data-nodes.test.ts"],
  },
  receiver: {
    why: "the contact receiver: a bad request refused, and no visitor's message lost or sent twice",
    // The handler and what refuses a request before it; the mail it writes; the hashes that stand for keys and
    // client addresses; the stores the Node server keeps keys in. Not the transports (SMTP, Brevo), the
    // serverless stores or the hosts' entry points: those are tested against real servers in receiver.test.ts
    // and hosts.test.ts, seconds a test, and hold no rule of their own.
    mutate: [
      "src/receiver/handler.ts",
      "src/receiver/request.ts",
      "src/receiver/mail.ts",
      "src/receiver/hash.ts",
      "src/receiver/stores/memory.ts",
      "src/receiver/stores/sqlite.ts",
    ],
    // handler.test.ts calls the handler in this process with a transport it controls; not receiver.test.ts
    // (HTTP and a real SMTP server, 8 s with its slow-server cases), which stays in npm test.
    tests: ["tests/unit/receiver/handler.test.ts", "tests/unit/receiver/stores.test.ts"],
  },
  spam: {
    why: "the minimum fill time: a bot's instant, tokenless, forged or expired message dropped; a person's never",
    // The token and its check (receiver), and the form's side that asks for it and waits out the minimum.
    mutate: ["src/receiver/fill-time.ts", "src/shared/form/fill-token.ts"],
    tests: ["tests/unit/receiver/fill-time.test.ts", "tests/unit/shared/form/fill-token.test.ts"],
  },
};

/**
 * "file#a,b" as Stryker's line ranges: each named function or method from its declaration to the closing brace
 * at its own indentation, found in the file as it is now (so the ranges follow the code as it changes).
 */
function mutateRanges(entry: string): string[] {
  const [file = "", names] = entry.split("#");
  if (!names) return [file];
  const lines = readFileSync(file, "utf8").split("\n");
  return names.split(",").map((name) => {
    const declaration = new RegExp(`^(\\s*)(?:export )?(?:function |private |static |async )*${name}[(<]`);
    const start = lines.findIndex((line) => declaration.test(line));
    if (start === -1) throw new Error(`npm run mutation: no function ${name} in ${file}`);
    const indent = declaration.exec(lines[start] ?? "")?.[1] ?? "";
    const end = lines.findIndex((line, index) => index > start && line === `${indent}}`);
    return `${file}:${start + 1}-${end + 1}`;
  });
}

const STRYKER_DIR = ".stryker";

// --force: test every mutant again. Incremental mode reuses a result while the mutant and the tests that cover
// it are unchanged, and a mutant that runs when its module loads is covered by no test in particular: after a
// change to the tests, its old result would be reused.
// --ignore-static: leave out the mutants that run when their module loads (Stryker's "static" mutants: in
// content, most of schemas.ts). Each of them reloads every test of the group; on a busy machine they take most of
// a run's time. The score is then of the other mutants only, and summary.tsv says so.
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { force: { type: "boolean" }, "ignore-static": { type: "boolean" } },
});
const unknown = positionals.filter((name) => !(name in GROUPS));
if (unknown.length > 0) {
  console.error(`npm run mutation: no group ${unknown.join(", ")}; the groups are ${Object.keys(GROUPS).join(", ")}`);
  process.exit(2);
}
const chosen = positionals.length > 0 ? positionals : Object.keys(GROUPS);

function options(name: string, group: Group): StrykerOptions {
  return {
    mutate: group.mutate.flatMap(mutateRanges),
    testRunner: "vitest",
    // The group's tests, through vitest's include (vitest.mutation.config.ts reads them from the environment);
    // vitest's own "related" search would add every test that builds the site.
    vitest: { configFile: "vitest.mutation.config.ts", related: false },
    coverageAnalysis: "perTest",
    // Stryker rewrites the tsconfig's extends and references for its sandbox with TypeScript's compiler API,
    // which TypeScript 7 no longer has; ours has neither, so it names a file that is not there and is skipped.
    tsconfigFile: "tsconfig.none.json",
    incremental: true,
    force: values.force === true,
    ignoreStatic: values["ignore-static"] === true,
    incrementalFile: join(STRYKER_DIR, "incremental", `${name}.json`),
    tempDirName: join(STRYKER_DIR, "tmp"),
    ignorePatterns: [
      "bench",
      "dist",
      ".dist-*",
      ".dev-dist",
      "test-results",
      "playwright-report",
      "screenshots",
      STRYKER_DIR,
    ],
    reporters: ["clear-text", "progress", "html", "json"],
    htmlReporter: { fileName: join(STRYKER_DIR, "reports", `${name}.html`) },
    jsonReporter: { fileName: join(STRYKER_DIR, "reports", `${name}.json`) },
    clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0 },
    // Two cores shared with other work: a slow test is not a mutant that loops.
    timeoutMS: 20_000,
    timeoutFactor: 2,
    thresholds: { high: 90, low: 85, break: null },
  };
}

/** Stryker's mutation score: killed (or timed out) of the mutants that compiled and ran. */
function score(results: MutantResult[]): { detected: number; valid: number; survived: MutantResult[] } {
  const detected = results.filter(({ status }) => status === "Killed" || status === "Timeout").length;
  const survived = results.filter(({ status }) => status === "Survived" || status === "NoCoverage");
  return { detected, valid: detected + survived.length, survived };
}

const lines: string[] = [];
for (const name of chosen) {
  const group = GROUPS[name] as Group;
  process.env.MUTATION_TEST_FILES = group.tests.join(",");
  process.env.MUTATION_SKIP_TESTS = JSON.stringify((group.skip ?? []).map(({ name }) => name));
  const started = performance.now();
  const loadBefore = loadavg()[0] ?? 0;
  const results = await new Stryker(options(name, group)).runMutationTest();
  const minutes = (performance.now() - started) / 60_000;
  // The machine's load while the group ran (1-minute averages at its start and end): times on a shared machine.
  const load = `${loadBefore.toFixed(1)} to ${(loadavg()[0] ?? 0).toFixed(1)}`;
  const measured = `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC${values["ignore-static"] ? ", static mutants left out" : ""}`;
  const byFolder = new Map<string, MutantResult[]>();
  for (const result of results) {
    const folder = relative(process.cwd(), dirname(result.fileName));
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), result]);
  }
  for (const [folder, inFolder] of byFolder) {
    const { detected, valid, survived } = score(inFolder);
    const percent = valid === 0 ? 100 : (100 * detected) / valid;
    lines.push(
      `${name}\t${folder}\t${percent.toFixed(1)} %\t${detected}/${valid}\t${survived.length} survived\t${minutes.toFixed(1)} min\t${load}\t${measured}`,
    );
  }
}

// The groups not run this time keep their last line, so the file always holds every group's latest result.
const HEADER = "group\tfolder\tscore\tkilled/valid\tsurvivors\ttime (group)\tload average\tmeasured";
const summaryFile = join(STRYKER_DIR, "reports", "summary.tsv");
const earlier = existsSync(summaryFile)
  ? readFileSync(summaryFile, "utf8")
      .split("\n")
      .slice(1)
      .filter((line) => line !== "" && !chosen.includes(line.split("\t")[0] ?? ""))
  : [];
const order = Object.keys(GROUPS);
const rank = (line: string) => order.indexOf(line.split("\t")[0] ?? "");
const summary = [HEADER, ...[...earlier, ...lines].sort((a, b) => rank(a) - rank(b))].join("\n");
mkdirSync(join(STRYKER_DIR, "reports"), { recursive: true });
writeFileSync(summaryFile, `${summary}\n`);
console.log(`\n${summary}`);
