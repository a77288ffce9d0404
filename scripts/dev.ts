import { parseArgs } from "node:util";
import { startDevServer } from "../src/dev/server.ts";

const { values } = parseArgs({ options: { port: { type: "string", default: process.env.PORT ?? "4173" } } });
const dev = await startDevServer({ port: Number(values.port) });
console.log(`Dev server at ${dev.url}/ — watching content/ and src/ (Ctrl+C to stop)`);
