import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { PublishLog } from "../../../src/publish/log.ts";
import { run } from "../../../src/publish/run.ts";
import { cleanup, tempDir } from "./site.ts";

// Issue 57: a build killed with SIGKILL was reported with the build's own first line ("Built 25 pages"), and
// publish.log kept only the last run.
afterAll(cleanup);

it.each([
  ["killed itself", ["-c", "echo Built 25 pages; kill -KILL $$"]],
  // npm run's scripts run through a shell, which exits with 128 + the signal's number (137 for SIGKILL).
  ["its child killed, through a shell", ["-c", "sh -c 'echo Built 25 pages; kill -KILL $$'; exit $?"]],
])("a command %s is reported as killed, with its signal", (_, args) => {
  const log = new PublishLog(join(tempDir("killed"), "publish.log"));
  expect(() => run("npm run build -- --strict", "sh", args, { log })).toThrow(
    "npm run build -- --strict: killed by SIGKILL before it ended (out of memory, a time limit such as the unit's TimeoutStartSec, or someone stopping it)",
  );
});

it("publish.log keeps the last 30 runs, newest last", () => {
  const path = join(tempDir("log"), "publish.log");
  for (let night = 1; night <= 32; night++) {
    const log = new PublishLog(path, new Date(Date.UTC(2026, 10, night, 23, 5)));
    log.write(`night ${night}`);
  }
  const text = readFileSync(path, "utf8");
  const runs = [...text.matchAll(/^npm run publish, (\S+)$/gm)].map((match) => match[1]);
  expect(runs).toHaveLength(30);
  expect(runs[0]).toBe("2026-11-03T23:05:00.000Z");
  expect(runs.at(-1)).toBe("2026-12-02T23:05:00.000Z");
  expect(text).not.toMatch(/^night 2$/m);
  expect(text).toMatch(/^night 3$/m);
  expect(text.endsWith("night 32\n")).toBe(true);
});

it("npm's update notice is off for every npm command run in the project (a good night mails nothing)", async () => {
  const { execFileSync } = await import("node:child_process");
  expect(execFileSync("npm", ["config", "get", "update-notifier"], { encoding: "utf8" }).trim()).toBe("false");
});
