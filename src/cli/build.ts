import "./production-mode.ts";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describeFailure } from "../pipeline/report.ts";
import { buildUnlessUnchanged } from "../pipeline/run.ts";
import type { BuildResult } from "../pipeline/index.ts";
import { ContentFolder } from "../content/read/folder.ts";
import { commandLineLanguage } from "../content/read/language.ts";
import { type BuildPlan, PlanError, planBuild } from "../pipeline/plan.ts";
import { scheduleLines } from "../content/rules/schedule.ts";
import { endChildProcesses } from "./child-processes.ts";
import { readOptions } from "./cli-options.ts";

// STRICT=1 is --strict for CI settings that cannot pass arguments; --drafts is netlify.toml's deploy previews.
const values = readOptions("npm run build", "builds content/ into dist/ and checks every output", {
  strict: {
    type: "boolean",
    default: process.env.STRICT === "1",
    about: "refuse placeholder content, and pages missing where translations: complete (STRICT=1 too)",
  },
  drafts: { type: "boolean", default: false, about: "a deploy preview: drafts with their marker, nothing indexed" },
  future: { type: "boolean", default: false, about: "include scheduled and expired pages, marked, as on their days" },
  "out-dir": { type: "string", default: "dist", about: "where the site goes" },
  content: { type: "string", default: "content", about: "the content folder to build" },
  cold: {
    type: "boolean",
    default: false,
    about: "every page again, not on the last build (docs/incremental-builds.md)",
  },
});
/** The code fingerprint the compiled build was made from (src/cli/compiled-build.ts); undefined run through tsx. */
declare const COMPILED_CODE: string | undefined;

const ms = (value: number) => `${Math.round(value)} ms`;
const outDir = values["out-dir"];
// One plan decides everything this build reads: its mode, its day (BUILD_DATE, or the clock's, in site.yaml's
// timeZone), the site's address (SITE_URL), the caches and the key of its inputs. The nothing-changed check and the
// build both read it, so the key and the output cannot drift apart (docs/incremental-builds.md).
// --cold: from nothing, the web editor's script included: it is made again in a folder of this build's own, so a
// build running beside this one keeps the shared entry it reads (docs/incremental-builds.md says what --cold clears).
const editorCache = values.cold ? mkdtempSync(join(tmpdir(), "leap-ai-admin-cold-")) : undefined;
// The language its messages are in: LANG's, else site.yaml's default language (content/read/language.ts).
const language = commandLineLanguage(new ContentFolder(values.content ?? "content"), process.env.LANG);
let plan: BuildPlan;
try {
  plan = planBuild({
    editorCache,
    strict: values.strict,
    preview: values.drafts,
    future: values.future,
    contentDir: values.content,
    outDir,
    recordPublished: true,
    incremental: !values.cold,
    // Through tsx there is no compiled code, and the plan hashes the sources itself.
    code: typeof COMPILED_CODE === "string" ? COMPILED_CODE : undefined,
    validateAhead: true,
  });
} catch (error) {
  const fromEnv =
    process.env.STRICT === "1" && error instanceof PlanError ? " (STRICT=1 is set in the environment.)" : "";
  console.error(`npm run build: ${(error as Error).message}${fromEnv}`);
  process.exit(2);
}
try {
  const outcome = await buildUnlessUnchanged(plan);
  if ("unchanged" in outcome) {
    const { unchanged } = outcome;
    for (const warning of unchanged.warnings) console.warn(`! ${warning}`);
    const where = unchanged.restored
      ? `${outDir}/ is its output again, from the build cache`
      : `${outDir}/ is its output`;
    console.log(
      `Nothing changed since the last build: ${where} (${unchanged.pages} pages; checked in ${ms(outcome.ms)}).`,
    );
    for (const line of unchanged.notes) console.log(line);
  } else {
    await report(outcome.built);
  }
} catch (error) {
  console.error(describeFailure(error, { kept: outDir, language }));
  process.exitCode = 1;
} finally {
  // Nothing of the build outlives it: esbuild's service processes (the bundler's, and tsx's own, run from a
  // worker thread of tsx) never stop on their own and would end only after this process, handed to init.
  // They are ended and collected here, while the threads that started them still run (esbuild.stop() would
  // end tsx's thread first, leaving its process for init to collect).
  await endChildProcesses();
  if (editorCache) rmSync(editorCache, { recursive: true, force: true });
}

async function report({ files, timings, previews, model, warnings, reused }: BuildResult): Promise<void> {
  const { unusedMediaLines } = await import("../content/rules/media.ts");
  for (const warning of warnings) console.warn(`! ${warning.messageIn(language)}`);
  console.log(
    `Built ${files.length} pages into ${outDir}/ in ${ms(timings.total)} ` +
      `(content ${ms(timings.content)}, bundle ${ms(timings.bundle)}, render ${ms(timings.render)}, validate ${ms(timings.validate)}, output ${ms(timings.output)})`,
  );
  if (reused)
    console.log(
      `Incremental: ${reused.loaded} of ${reused.loaded + reused.kept} pages read, ${reused.rendered} of ${files.length} rendered and checked; the rest as the last build made them (--cold rebuilds everything)`,
    );
  console.log(
    `Link-preview cards: ${previews.counts.drawn} drawn, ${previews.counts.fromCache} from the cache (${ms(timings.previews)}, alongside the bundle)`,
  );
  for (const line of unusedMediaLines(model.content.unusedMedia)) console.log(line);
  for (const line of scheduleLines(model.content.pages, model.today)) console.log(line);
  if (values.drafts || values.future)
    console.log(
      `A preview build: ${[values.drafts ? "drafts" : "", values.future ? "scheduled and expired pages" : ""].filter(Boolean).join(" and ")} included and marked, every page noindex, robots.txt disallows everything. Never deploy it as the live site.`,
    );
}
