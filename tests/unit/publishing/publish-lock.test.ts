import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { lockRoot } from "../../../src/publish/lock.ts";
import { cleanup, tempDir } from "./site.ts";

// One npm run publish at a time per root: a run by hand during the timer's is refused with one line.
afterAll(cleanup);

it("refuses a second publish while the first runs, and takes over the lock of one that ended without releasing it", () => {
  const lock = join(tempDir("lock"), ".publish.lock");
  const release = lockRoot(lock);
  expect(() => lockRoot(lock)).toThrow(`another publish is running (process ${process.pid}, ${lock})`);
  release();
  expect(existsSync(lock)).toBe(false);
  // A run that was killed: its process id names no process any more.
  const ended = spawnSync(process.execPath, ["-e", ""]).pid;
  writeFileSync(lock, `${ended}\n`);
  const again = lockRoot(lock);
  again();
});
