import "./production-mode.ts";
import { parseArgs } from "node:util";
import { build, PREVIEW_NOT_STRICT } from "../src/pipeline/index.ts";
import { describeFailure } from "../src/pipeline/report.ts";
import { CACHES } from "../src/pipeline/caches.ts";
import { buildAtomically } from "../src/pipeline/swap.ts";
import { type BuildInputs, buildInputs, unchangedBuild } from "../src/pipeline/incremental/index.ts";
import { unusedMediaLines } from "../src/content/media.ts";
import { endChildProcesses } from "./child-processes.ts";

// --strict (or STRICT=1, for CI settings that cannot pass arguments) refuses placeholder content, and pages
// missing in a language where site.yaml says translations: complete.
// --drafts builds a deploy preview: drafts with their marker, nothing indexed (netlify.toml's deploy previews).
// --out-dir writes somewhere other than dist/ (the benchmark uses it).
const { values } = parseArgs({
  options: {
    strict: { type: "boolean", default: process.env.STRICT === "1" },
    drafts: { type: "boolean", default: false },
    "out-dir": { type: "string", default: "dist" },
    content: { type: "string", default: "content" },
    cold: { type: "boolean", default: false },
  },
});
if (values.drafts && values.strict) {
  console.error(
    `npm run build: ${PREVIEW_NOT_STRICT}${process.env.STRICT === "1" ? " (STRICT=1 is set in the environment.)" : ""}`,
  );
  process.exit(2);
}

const ms = (value: number) => `${Math.round(value)} ms`;
const outDir = values["out-dir"];
try {
  const started = performance.now();
  // Everything the output depends on. When it is what the last build into outDir was made from, and outDir is
  // still exactly that build's output, there is nothing to do (README, "Incremental builds").
  const options = { strict: values.strict, preview: values.drafts, siteUrl: process.env.SITE_URL };
  const inputs = buildInputs(values.content, options);
  const unchanged = values.cold
    ? undefined
    : await unchangedBuild(CACHES.build, outDir, inputs, (write) =>
        buildAtomically(outDir, async (temp) => write(temp)),
      );
  if (unchanged) {
    for (const warning of unchanged.warnings) console.warn(`! ${warning}`);
    const where = unchanged.restored
      ? `${outDir}/ is its output again, from the build cache`
      : `${outDir}/ is its output`;
    console.log(
      `Nothing changed since the last build: ${where} (${unchanged.pages} pages; checked in ${ms(performance.now() - started)}).`,
    );
    for (const line of unchanged.notes) console.log(line);
  } else {
    await buildAndReport(inputs, options);
  }
} catch (error) {
  const report = describeFailure(error, { kept: outDir });
  if (report === undefined) throw error;
  console.error(report);
  process.exitCode = 1;
} finally {
  // Nothing of the build outlives it: esbuild's service processes (the bundler's, and tsx's own, run from a
  // worker thread of tsx) never stop on their own and would end only after this process, handed to init.
  // They are ended and collected here, while the threads that started them still run (esbuild.stop() would
  // end tsx's thread first, leaving its process for init to collect).
  await endChildProcesses();
}

async function buildAndReport(inputs: BuildInputs, options: { strict: boolean; preview: boolean }): Promise<void> {
  const { files, timings, previews, model, warnings, reused } = await build({
    ...options,
    contentDir: values.content,
    outDir,
    incremental: values.cold ? undefined : inputs,
  });
  for (const warning of warnings) console.warn(`! ${warning.message}`);
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
  if (values.drafts)
    console.log(
      "A preview build: drafts included and marked, every page noindex, robots.txt disallows everything. Never deploy it as the live site.",
    );
}
