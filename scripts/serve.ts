import { parseArgs } from "node:util";
import { startStaticServer, urlOf } from "../src/server/static-server.ts";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: process.env.PORT ?? "4173" },
    host: { type: "string", default: "127.0.0.1" },
    dir: { type: "string", default: "dist" },
  },
});

const server = await startStaticServer({ dir: values.dir, port: Number(values.port), host: values.host }).catch(
  (error: NodeJS.ErrnoException) => {
    if (error.code !== "EADDRINUSE") throw error;
    console.log(`Port ${values.port} is taken; using a free one.`);
    return startStaticServer({ dir: values.dir, port: 0, host: values.host });
  },
);
console.log(`Serving ${values.dir}/ at ${urlOf(server)}/ (Ctrl+C to stop)`);
