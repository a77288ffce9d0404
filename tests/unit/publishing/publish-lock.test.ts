import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { lockRoot, startOf } from "../../../src/publish/lock.ts";
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

it("takes over a lock whose process id now belongs to another running process (after a reboot)", () => {
  const lock = join(tempDir("lock-reused"), ".publish.lock");
  // The lock a publish wrote before the reboot: its id is now this test's parent, a process that runs, but that
  // process started at another moment.
  writeFileSync(lock, `${process.ppid} 12345@a-boot-before-this-one\n`);
  const release = lockRoot(lock);
  expect(readFileSync(lock, "utf8")).toBe(`${process.pid} ${startOf(process.pid)}\n`);
  release();
  // The same id with its own start is the holder: refused.
  writeFileSync(lock, `${process.ppid} ${startOf(process.ppid)}\n`);
  expect(() => lockRoot(lock)).toThrow(`another publish is running (process ${process.ppid}, ${lock})`);
});
