import { spawn } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { binFolderOf, EMULATOR_CACHE, type Emulator } from "../../support/host-emulators.ts";
import { takeLock } from "../../../src/publish/lock.ts";

// .ci/run installs the hosts' emulators beside npm test: a host test that needs one meanwhile must wait for that
// install, not remove its folder and start its own. The package named here does not exist, so an install started
// by the waiting process could only fail.
const emulator: Emulator = {
  name: "a test emulator",
  packages: ["leap-ai-no-such-package@0.0.0"],
  bin: `lock-test-${process.pid}`,
};
const folder = join(EMULATOR_CACHE, emulator.bin);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

it("a second process waits for the install under way, says so in one line, and then uses it", async () => {
  mkdirSync(EMULATOR_CACHE, { recursive: true });
  const release = takeLock(`${folder}.lock`);
  if (typeof release === "number") throw new Error("test setup: the lock is free");
  const second = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "-e",
      `import("./tests/support/host-emulators.ts").then((m) => console.log(JSON.stringify(m.ensureEmulator(${JSON.stringify(emulator)}))))`,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let stdout = "";
  let stderr = "";
  second.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  const waiting = new Promise<void>((resolve) =>
    second.stderr.on("data", (chunk) => {
      stderr += chunk;
      if (stderr.includes("\n")) resolve();
    }),
  );
  const ended = new Promise<number | null>((resolve) => second.on("close", resolve));
  await Promise.race([waiting, ended]);
  expect(stderr).toBe(`a test emulator: waiting for process ${process.pid}, which is installing it\n`);
  // This process's install ends: what a real one leaves behind, then the lock released.
  mkdirSync(binFolderOf(emulator), { recursive: true });
  writeFileSync(join(binFolderOf(emulator), emulator.bin), "#!/bin/sh\n", { mode: 0o755 });
  writeFileSync(join(folder, "installed.json"), JSON.stringify(emulator.packages));
  release();
  expect(await ended).toBe(0);
  expect(JSON.parse(stdout)).toEqual({ bin: binFolderOf(emulator) });
  expect(existsSync(join(binFolderOf(emulator), emulator.bin))).toBe(true);
});
