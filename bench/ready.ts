// Installs bench/'s own packages (Lighthouse, StrykerJS, autocannon, chrome-launcher) on first use, so that the site's
// `npm install` never fetches them: `npm run bench`, `audit` and `mutation` run this first. It installs again only
// when bench/package-lock.json changed since. Plain syntax: Node runs it with its own type stripping.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const BENCH = new URL(".", import.meta.url).pathname;
const INSTALLED = join(BENCH, "node_modules", ".installed-from");

const lockDigest = createHash("sha256")
  .update(readFileSync(join(BENCH, "package-lock.json")))
  .digest("hex");

if (!existsSync(INSTALLED) || readFileSync(INSTALLED, "utf8") !== lockDigest) {
  console.log("Installing bench's own packages into bench/node_modules (once; bench/package.json lists them)");
  const npm = spawnSync("npm", ["ci", "--prefix", BENCH, "--no-audit", "--no-fund"], { stdio: "inherit" });
  if (npm.status !== 0) {
    console.error(
      `npm ci in bench/ failed (exit ${npm.status ?? npm.signal}): its packages come from the npm registry`,
    );
    process.exit(1);
  }
  writeFileSync(INSTALLED, lockDigest);
}
