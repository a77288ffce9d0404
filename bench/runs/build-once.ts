// One build in a fresh process, for npm run bench -- --pages N: prints its timings and peak memory as JSON.
import "../../src/cli/production-mode.ts";
import { build } from "../../src/pipeline/index.ts";
import { endChildProcesses } from "../../src/cli/child-processes.ts";

const [contentDir = "content", outDir = "dist"] = process.argv.slice(2);
const { timings, files } = await build({ contentDir, outDir });
// maxRSS counts the worker threads too: they live in this process.
console.log(JSON.stringify({ timings, pages: files.length, peakRssMb: process.resourceUsage().maxRSS / 1024 }));
// As npm run build does (src/cli/build.ts): nothing of the build outlives this process.
await endChildProcesses();
