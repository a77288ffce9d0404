import type { Server } from "node:http";
import { startStaticServer, urlOf } from "../../../src/server/static-server.ts";
import { hostSuite } from "./checks.ts";

// The project's own server (npm start, npm run serve, npm run dev) against the same table as the hosts: what it
// does differently from them is a failure here, or a documented host difference.
hostSuite("npm run serve", async (site) => {
  const server: Server = await startStaticServer({ dir: site.dist, port: 0 });
  return {
    url: urlOf(server),
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
});
