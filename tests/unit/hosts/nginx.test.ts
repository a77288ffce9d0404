import { execFileSync } from "node:child_process";
import { expect, it } from "vitest";
import { documentedServerBlock, NGINX, startNginx, withReceiverLocation } from "../publishing/nginx.ts";
import { hostSuite } from "./checks.ts";
import { startLocalReceiver } from "./contact.ts";

// Debian's nginx (.ci/run installs it) with docs/deploying.md's own server block, taken from the manual, only the
// port and the paths changed; its workers run as nobody, as a web server's run as a user of their own.
let configTest: string | undefined;
hostSuite(
  "nginx",
  async (site) => {
    // With docs/receiver.md's location = /api/contact in it, in front of the receiver, as an operator sets it up.
    const receiver = await startLocalReceiver("http://127.0.0.1");
    const nginx = await startNginx((port) =>
      withReceiverLocation(documentedServerBlock(port, site.dist.replace(/\/dist$/, "")), receiver.port),
    );
    // nginx -t on the very configuration it runs (the files it was started with).
    configTest = execFileSync("sh", ["-c", `${nginx.reloadCommand.replace(/ -s reload$/, " -t")} 2>&1`], {
      encoding: "utf8",
    });
    return {
      url: nginx.url,
      async stop() {
        await nginx.stop();
        await receiver.stop();
      },
    };
  },
  NGINX ? undefined : "nginx is not installed (apt-get install nginx)",
);

it.skipIf(!NGINX)("nginx -t accepts the manual's server block", () => {
  expect(configTest).toMatch(/syntax is ok[\s\S]*test is successful/);
});
