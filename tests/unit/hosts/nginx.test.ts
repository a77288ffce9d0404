import { execFileSync } from "node:child_process";
import { expect, it } from "vitest";
import { documentedServerBlock, NGINX, startNginx } from "../publishing/nginx.ts";
import { hostSuite } from "./checks.ts";

// Debian's nginx (.ci/run installs it) with docs/deploying.md's own server block, taken from the manual, only the
// port and the paths changed; its workers run as nobody, as a web server's run as a user of their own.
let configTest: string | undefined;
hostSuite(
  "nginx",
  async (site) => {
    const nginx = await startNginx((port) => documentedServerBlock(port, site.dist.replace(/\/dist$/, "")));
    // nginx -t on the very configuration it runs (the files it was started with).
    configTest = execFileSync("sh", ["-c", `${nginx.reloadCommand.replace(/ -s reload$/, " -t")} 2>&1`], {
      encoding: "utf8",
    });
    return { url: nginx.url, stop: () => nginx.stop() };
  },
  NGINX ? undefined : "nginx is not installed (apt-get install nginx)",
);

it.skipIf(!NGINX)("nginx -t accepts the manual's server block", () => {
  expect(configTest).toMatch(/syntax is ok[\s\S]*test is successful/);
});
