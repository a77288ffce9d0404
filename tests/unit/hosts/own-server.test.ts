import type { Server } from "node:http";
import { forwardTo } from "../../../src/receiver/forward.ts";
import { CONTACT_PATH } from "../../../src/receiver/node-server.ts";
import { startStaticServer, urlOf } from "../../../src/server/static-server.ts";
import { hostSuite } from "./checks.ts";
import { startLocalReceiver } from "./contact.ts";

// The project's own server (npm start, npm run serve, npm run dev) against the same table as the hosts: what it
// does differently from them is a failure here, or a documented host difference. /api/contact goes on to the
// receiver as `npm run serve -- --receiver URL` sends it (src/cli/serve.ts).
hostSuite("npm run serve", async (site) => {
  const receiver = await startLocalReceiver("http://127.0.0.1");
  const forward = forwardTo(receiver.url);
  const server: Server = await startStaticServer({
    dir: site.dist,
    port: 0,
    before: (request, response, path) => {
      if (path !== CONTACT_PATH) return false;
      forward(request, response);
      return true;
    },
  });
  return {
    url: urlOf(server),
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await receiver.stop();
    },
  };
});
