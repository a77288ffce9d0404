import "./production-mode.ts";
import { parseArgs } from "node:util";
import { build, PREVIEW_NOT_STRICT } from "../src/pipeline/index.ts";
import { describeFailure } from "../src/pipeline/report.ts";
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
  },
});
if (values.drafts && values.strict) {
  console.error(
    `npm run build: ${PREVIEW_NOT_STRICT}${process.env.STRICT === "1" ? " (STRICT=1 is set in the environment.)" : ""}`,
  );
  process.exit(2);
}

try {
  const { files, timings, previews, model, warnings } = await build({
    strict: values.strict,
    preview: values.drafts,
    outDir: values["out-dir"],
  });
  for (const warning of warnings) console.warn(`! ${warning.message}`);
  const ms = (value: number) => `${Math.round(value)} ms`;
  console.log(
    `Built ${files.length} pages into ${values["out-dir"]}/ in ${ms(timings.total)} ` +
      `(content ${ms(timings.content)}, bundle ${ms(timings.bundle)}, render ${ms(timings.render)}, validate ${ms(timings.validate)}, output ${ms(timings.output)})`,
  );
  console.log(
    `Link-preview cards: ${previews.counts.drawn} drawn, ${previews.counts.fromCache} from the cache (${ms(timings.previews)}, alongside the bundle)`,
  );
  for (const line of unusedMediaLines(model.content.unusedMedia)) console.log(line);
  if (values.drafts)
    console.log(
      "A preview build: drafts included and marked, every page noindex, robots.txt disallows everything. Never deploy it as the live site.",
    );
} catch (error) {
  console.error(describeFailure(error, { kept: values["out-dir"] }));
  process.exitCode = 1;
} finally {
  // Nothing of the build outlives it: esbuild's service processes (the bundler's, and tsx's own, run from a
  // worker thread of tsx) never stop on their own and would end only after this process, handed to init.
  // They are ended and collected here, while the threads that started them still run (esbuild.stop() would
  // end tsx's thread first, leaving its process for init to collect).
  await endChildProcesses();
}
