import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, expect, it, vi } from "vitest";

// npm run dev as a developer starts it, on a temporary copy of the site. Ctrl+C in a terminal signals every
// process of the group at once; here the signal goes to npm alone, and every process below it must end too.

/** The state letter and parent of a process, from /proc (Linux); undefined once it is gone. */
function processStat(pid: number): { state: string; parent: number } | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // "pid (name) state parent ...": the name may hold spaces and parentheses, so read after the last ")".
  const [state = "", parent = ""] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { state, parent: Number(parent) };
}

function descendantsOf(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync("/proc").filter((entry) => /^\d+$/.test(entry))) {
    const stat = processStat(Number(name));
    if (stat) children.set(stat.parent, [...(children.get(stat.parent) ?? []), Number(name)]);
  }
  const found: number[] = [];
  const queue = [root];
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    for (const child of children.get(pid) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

const commandLine = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
};
/** A zombie has ended; only its parent has not collected it yet. */
const running = (pid: number) => {
  const stat = processStat(pid);
  return stat !== undefined && stat.state !== "Z";
};

let site = "";
let started: number[] = [];
afterEach(() => {
  // A failed run must not leave a dev server behind: end what this test started, by process id.
  for (const pid of started.filter(running)) process.kill(pid, "SIGKILL");
  started = [];
  rmSync(site, { recursive: true, force: true });
});

it.each(["SIGINT", "SIGTERM"] as const)(
  "stopping npm run dev with %s sent to npm alone stops every process it started",
  async (signal) => {
    site = mkdtempSync(join(tmpdir(), "dev-stop-"));
    for (const entry of ["content", "src", "tsconfig.json", "package.json"])
      cpSync(entry, join(site, entry), { recursive: true });
    symlinkSync(resolve("node_modules"), join(site, "node_modules"));

    const npm = spawn("npm", ["run", "dev", "--", "--port", "0"], { cwd: site, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    npm.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    npm.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    await vi.waitFor(() => expect(output).toContain("Dev server at"), { timeout: 60_000, interval: 100 });

    started = [npm.pid ?? 0, ...descendantsOf(npm.pid ?? 0)];
    expect(
      started.map(commandLine).some((command) => command.includes("src/dev/worker.ts")),
      output,
    ).toBe(true);
    // As a supervisor, an editor's task runner or `kill` does it: to npm only, not to its whole process group.
    npm.kill(signal);
    await vi.waitFor(() => expect(started.filter(running).map((pid) => `${pid}: ${commandLine(pid)}`)).toEqual([]), {
      timeout: 15_000,
      interval: 100,
    });
  },
  120_000,
);
