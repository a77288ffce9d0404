import { join } from "node:path";
import { CACHES } from "../pipeline/caches.ts";
import { logUnexpected } from "../pipeline/error-log.ts";
import { forwardTo } from "../receiver/forward.ts";
import { CONTACT_PATH } from "../receiver/node-server.ts";
import { startStaticServer, urlOf } from "../server/static-server.ts";
import { readOptions } from "./cli-options.ts";

const values = readOptions("npm run serve", "serves a built site with the hosts' headers and redirects", {
  port: { type: "string", default: process.env.PORT ?? "4173", about: "the port (PORT too)" },
  host: { type: "string", default: "127.0.0.1", about: "the address to listen on" },
  dir: { type: "string", default: "dist", about: "the built site" },
  receiver: { type: "string", about: "forward /api/contact to this receiver, as nginx would (docs/receiver.md)" },
});

// An answer that fails unexpectedly (500) is one line here, its details in the log.
const onError = (doing: string, error: unknown) =>
  console.error(
    `Unexpected error while ${doing}: answered 500; details in ${logUnexpected({ step: doing, cause: error }, join(CACHES.logs, "serve.log"))}`,
  );
const forward = values.receiver ? forwardTo(values.receiver) : undefined;
const served = {
  dir: values.dir,
  host: values.host,
  onError,
  before: forward
    ? (request: Parameters<typeof forward>[0], response: Parameters<typeof forward>[1], path: string) => {
        if (path !== CONTACT_PATH) return false;
        forward(request, response);
        return true;
      }
    : undefined,
};
const server = await startStaticServer({ ...served, port: Number(values.port) }).catch(
  (error: NodeJS.ErrnoException) => {
    if (error.code !== "EADDRINUSE") throw error;
    console.log(`Port ${values.port} is taken; using a free one.`);
    return startStaticServer({ ...served, port: 0 });
  },
);
console.log(
  `Serving ${values.dir}/ at ${urlOf(server)}/${values.receiver ? `, ${CONTACT_PATH} forwarded to ${values.receiver}` : ""} (Ctrl+C to stop)`,
);
