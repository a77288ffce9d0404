import "./production-mode.ts";
import { parseArgs } from "node:util";
import { build, FUTURE_NOT_STRICT, PREVIEW_NOT_STRICT } from "../src/pipeline/index.ts";
import { describeFailure } from "../src/pipeline/report.ts";
import { unusedMediaLines } from "../src/content/media.ts";
import { scheduleLines } from "../src/content/schedule.ts";
import { endChildProcesses } from "./child-processes.ts";

// --strict (or STRICT=1, for CI settings that cannot pass arguments) refuses placeholder content, and pages
// missing in a language where site.yaml says translations: complete.
// --drafts builds a deploy preview: drafts with their marker, nothing indexed (netlify.toml's deploy previews).
// --out-dir writes somewhere other than dist/ (the benchmark uses it).
const { values } = parseArgs({
  options: {
    strict: { type: "boolean", default: process.env.STRICT === "1" },
    drafts: { type: "boolean", default: false },
    future: { type: "boolean", default: false },
    "out-dir": { type: "string", default: "dist" },
  },
});
if (values.future && values.strict) {
  console.error(
    `npm run build: ${FUTURE_NOT_STRICT}${process.env.STRICT === "1" ? " (STRICT=1 is set in the environment.)" : ""}`,
  );
  process.exit(2);
}
// The build's day: BUILD_DATE (a day, 2027-03-01, or an instant, 2027-02-28T23:30:00Z) or the clock's, read once here.
const buildDate = process.env.BUILD_DATE;
const today = buildDate !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(buildDate) ? buildDate : undefined;
const now = buildDate !== undefined && today === undefined ? new Date(buildDate) : new Date();
if (Number.isNaN(now.getTime())) {
  console.error(
    `npm run build: BUILD_DATE="${buildDate}" is neither a day (2027-03-01) nor an instant (2027-02-28T23:30:00Z)`,
  );
  process.exit(2);
}
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
    future: values.future,
    recordPublished: !values.drafts && !values.future,
    today,
    now,
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
  for (const line of scheduleLines(model.content.pages, model.today)) console.log(line);
  if (values.drafts || values.future)
    console.log(
      `A preview build: ${[values.drafts ? "drafts" : "", values.future ? "scheduled and expired pages" : ""].filter(Boolean).join(" and ")} included and marked, every page noindex, robots.txt disallows everything. Never deploy it as the live site.`,
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
