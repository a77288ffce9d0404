import { startDevServer } from "../dev/server.ts";
import { readOptions } from "./cli-options.ts";

const values = readOptions("npm run dev", "builds, serves and rebuilds on every change, drafts included", {
  port: { type: "string", default: process.env.PORT ?? "4173", about: "the port (PORT too)" },
});
const dev = await startDevServer({ port: Number(values.port) });
console.log(`Dev server at ${dev.url}/ — watching content/ and src/ (Ctrl+C to stop)`);
// Ctrl+C, or a SIGTERM from whatever runs this: stop the build worker, the watcher and the server first, so
// nothing started here outlives it. A second signal while that runs stops at once.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void dev.close().finally(() => process.exit(0)));
}
