import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";

// npm run build as CI or a timing tool runs it: in a process group of its own. When it exits, nothing of that
// group may be left, neither running nor waiting to be collected by init.

/** Every process whose process group is `group`, with its state and command line, from /proc (Linux). */
function processGroup(group: number): string[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        // "pid (name) state parent group ...": the name may hold spaces and parentheses, so read after the last ")".
        const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
        const [state = "", parent = "", pgrp = ""] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        if (Number(pgrp) !== group) return [];
        return [
          `${pid} ${state} (${name}, parent ${parent}) ${readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim()}`,
        ];
      } catch {
        return []; // it ended while the list was read
      }
    });
}

let outDir = "";
let group = 0;
afterEach(() => {
  // A failed run must not leave the build's processes behind: end the group this test started, by its id.
  if (group && processGroup(group).length > 0) process.kill(-group, "SIGKILL");
  group = 0;
  rmSync(outDir, { recursive: true, force: true });
});

it.runIf(process.platform === "linux")(
  "npm run build leaves no process behind: everything it started has ended when it exits",
  async () => {
    outDir = join(mkdtempSync(join(tmpdir(), "build-exit-")), "dist");
    // Without tsx's cache tsx transforms every file, so its own esbuild service runs, as on a fresh checkout.
    const build = spawn("npm", ["run", "build", "--", "--out-dir", outDir], {
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, TSX_DISABLE_CACHE: "1" },
    });
    group = build.pid ?? 0;
    let output = "";
    build.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    build.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    // "exit", not "close": a process left behind may hold the output pipes open.
    const code = await new Promise<number | null>((resolve) => build.once("exit", resolve));
    expect(code, output).toBe(0);
    expect(output).toContain("Built ");
    expect(processGroup(group), output).toEqual([]);
  },
  120_000,
);
