import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// Issue 57: BUILD_DATE=2026-02-30 was taken as a day, and an instant on it rolled over into March (Date's own
// parser also reads "1" as 2001). npm run build refuses both before anything is built, in one line.
const work = mkdtempSync(join(tmpdir(), "build-date-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const buildWith = (buildDate: string) => {
  const outDir = join(work, "dist");
  const run = spawnSync("npm", ["run", "--silent", "build", "--", "--out-dir", outDir], {
    encoding: "utf8",
    env: { ...process.env, BUILD_DATE: buildDate, CI: "true" },
  });
  return { status: run.status, stderr: run.stderr.trim(), built: existsSync(outDir) };
};

describe("BUILD_DATE", () => {
  it.each([
    ["2026-02-30", "is no day: February 2026 has no 30th day (write a day that exists, e.g. 2027-03-01)"],
    ["2026-02-30T10:00:00Z", "is no day: February 2026 has no 30th day (write a day that exists, e.g. 2027-03-01)"],
    ["2026-13-01", "is no day: there is no month 13 (write a day that exists, e.g. 2027-03-01)"],
    ["1", "is neither a day (2027-03-01) nor an instant (2027-02-28T23:30:00Z)"],
    ["March 7", "is neither a day (2027-03-01) nor an instant (2027-02-28T23:30:00Z)"],
  ])("%s is refused in one line, and nothing is built", (value, reason) => {
    expect(buildWith(value)).toEqual({
      status: 2,
      stderr: `npm run build: BUILD_DATE="${value}" ${reason}`,
      built: false,
    });
  });
});
