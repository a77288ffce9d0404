// npm run publish -- --root /var/www/leap-ai: the nightly publish of a server that builds the site itself (nginx),
// run by cron or a systemd timer (docs/deploying.md, "Publishing on your own server"). It pulls, builds strict,
// puts the output in place as a new release in one rename, and reloads nginx when the includes changed. It prints
// one line, and on failure exits non-zero with one line saying what failed (cron mails it; systemd marks the
// unit failed); everything the steps printed is in <root>/publish.log.
import { appendFileSync, existsSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { PublishFailure } from "../publish/failure.ts";
import { lockRoot } from "../publish/lock.ts";
import { PublishLog } from "../publish/log.ts";
import { pullKeepingServerAddresses } from "../publish/pull.ts";
import {
  adoptHandCopiedOutput,
  ensureFolder,
  LIVE,
  liveRelease,
  newRelease,
  prune,
  RELEASES,
  sameOutput,
  switchTo,
} from "../publish/releases.ts";
import { includesChanged, reload } from "../publish/reload.ts";
import { run } from "../publish/run.ts";
import { readOptions } from "./cli-options.ts";

/** --reload's value that reloads nothing (a web server other than nginx, or one that reads the output itself). */
const NO_RELOAD = "none";

const values = readOptions("npm run publish", "pulls, builds strict and puts the site live as a new release", {
  root: { type: "string", about: "where the releases and the live link go: nginx's root is <root>/dist" },
  content: { type: "string", default: "content", about: "the content folder to pull and build" },
  // The checkout's own dist/ by default, whose incremental records make the nightly build quick.
  "out-dir": { type: "string", default: "dist", about: "where the build writes before the copy into a release" },
  reload: {
    type: "string",
    default: "systemctl reload nginx",
    about: `how nginx re-reads its configuration, only when the includes changed ("${NO_RELOAD}": never)`,
  },
});
let options: { root: string; content: string; outDir: string; reload: string };
try {
  if (!values.root) throw new PublishFailure("--root is missing: npm run publish -- --root /var/www/leap-ai");
  if (!existsSync(values.content)) throw new PublishFailure(`--content ${values.content}: no such folder`);
  options = {
    root: resolve(values.root),
    content: values.content,
    outDir: resolve(values["out-dir"]),
    reload: values.reload,
  };
} catch (error) {
  console.error(`npm run publish: ${(error as Error).message}`);
  process.exit(2);
}

const { root, content, outDir } = options;
const logPath = join(root, "publish.log");
/** What the site serves, said after a failure: unchanged, unless a step after the switch failed. */
let serving = "the site is unchanged";
let unlock = () => {};
try {
  ensureFolder(root);
  unlock = lockRoot(join(root, ".publish.lock"));
  const log = new PublishLog(logPath);
  // 1. Pull, the server's own additions to content/published.yaml kept aside meanwhile (src/publish/pull.ts).
  const { before, after } = pullKeepingServerAddresses(content, log);
  // 2. The dependencies the pulled code needs, where the pull changed them (this checkout's own content only).
  if (before !== after && resolve(content) === resolve("content")) {
    const changed = run("git diff", "git", ["diff", "--name-only", before, after, "--", "package-lock.json"], { log });
    if (changed.trim() !== "") run("npm install", "npm", ["install", "--no-audit", "--no-fund"], { log });
  }
  // 3. The strict build, as every host builds the live site; its day is BUILD_DATE's or today in site.yaml's zone.
  const build = ["run", "-s", "build", "--", "--strict", "--content", content, "--out-dir", outDir];
  run("npm run build -- --strict", "npm", build, { log });
  // 4. A new release, unless the live one is this output already (the previous one stays the rollback).
  const previous = adoptHandCopiedOutput(root) ?? liveRelease(root);
  const previousDir = previous && join(root, RELEASES, previous);
  if (previousDir && existsSync(previousDir) && sameOutput(outDir, previousDir)) {
    console.log(
      `publish: nothing new at ${after.slice(0, 7)}; ${join(root, LIVE)} still serves ${RELEASES}/${previous}`,
    );
  } else {
    const stamp = new Date()
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d+Z$/, "Z");
    const name = newRelease(root, outDir, `${stamp}-${after.slice(0, 7)}`);
    switchTo(root, name);
    serving = `${RELEASES}/${name} is live`;
    // 5. nginx reads the includes (headers, redirects) only when it loads its configuration: reloaded when they
    // changed. If it cannot be, the previous release goes back, since its pages belong to what nginx still has.
    if (previousDir && options.reload !== NO_RELOAD && includesChanged(previousDir, join(root, RELEASES, name))) {
      try {
        reload(options.reload, log);
      } catch (error) {
        switchTo(root, previous);
        serving = `${RELEASES}/${previous} is live again`;
        rmSync(join(root, RELEASES, name), { recursive: true, force: true });
        throw error;
      }
    }
    prune(root, [name, previous]);
    console.log(`publish: ${join(root, LIVE)} now serves ${RELEASES}/${name} (previous: ${previous ?? "none"})`);
  }
} catch (error) {
  // A failure the steps foresaw says what failed; anything else is said as it is, its stack in the log.
  const message = error instanceof PublishFailure ? error.message : `unexpected error: ${(error as Error).message}`;
  if (!(error instanceof PublishFailure)) {
    try {
      appendFileSync(logPath, `${String((error as Error).stack)}\n`);
    } catch {
      // No log (the root cannot be written): the one line says what failed.
    }
  }
  console.error(`npm run publish failed: ${message.replace(/\s+/g, " ")}; ${serving} (log: ${logPath})`);
  process.exitCode = 1;
} finally {
  unlock();
}
