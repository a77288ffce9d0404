import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";

/** A server the test started: its output so far (for a failing assertion's message), and how to stop it. */
export interface Started {
  output(): string;
  /** Ends the server and everything it started (its process group), and waits until it has gone. */
  stop(): Promise<void>;
}

/**
 * Starts `command` in a process group of its own, so that stop() ends its children too (wrangler's workerd,
 * netlify dev's static server and function runtime), with its output kept for messages.
 */
export function startProcess(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv },
): Started & { child: ChildProcess } {
  const child = spawn(command, args, { ...options, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  child.on("error", (error) => keep(Buffer.from(`\n${error.message}\n`)));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // the group has gone already
    }
  };
  return {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return signalGroup("SIGKILL");
      signalGroup("SIGTERM");
      // A generous ceiling for a loaded machine, then the group is killed outright.
      const timer = setTimeout(() => signalGroup("SIGKILL"), 20_000);
      await exited;
      clearTimeout(timer);
      // Grandchildren that outlived their parent (a runtime the CLI started) go with the group.
      signalGroup("SIGKILL");
    },
  };
}

/**
 * Waits until `url` answers at all (any status), polling; fails with the server's output when the process ends
 * first or the ceiling passes. The ceiling is generous: the emulators compile and start a runtime, which takes
 * seconds on a quiet machine and far longer beside two busy cores.
 */
export async function waitForAnswer(url: string, server: Started & { child: ChildProcess }, ceilingMs = 180_000) {
  const deadline = Date.now() + ceilingMs;
  for (;;) {
    if (server.child.exitCode !== null)
      throw new Error(`the server ended before it answered ${url}:\n${server.output()}`);
    try {
      await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(10_000) });
      return;
    } catch {
      if (Date.now() > deadline)
        throw new Error(`no answer from ${url} within ${ceilingMs / 1000} s:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/**
 * A server once it answers at `port`, whose stop() also removes the folder it was run from; one that never answers
 * is stopped and its folder removed all the same.
 */
export async function answering(
  server: Started & { child: ChildProcess },
  port: number,
  folder: string,
): Promise<Started & { url: string }> {
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    await waitForAnswer(url, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, output: server.output, stop };
}
