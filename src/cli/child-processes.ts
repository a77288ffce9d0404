import { readdirSync, readFileSync } from "node:fs";

/**
 * The ids of this process's child processes, from /proc (Linux). Elsewhere there is no /proc and the list is
 * empty: ending children is then left to the operating system, as before.
 */
export function childProcesses(): number[] {
  let entries: string[];
  try {
    entries = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  return entries.flatMap((pid) => {
    try {
      // /proc/<pid>/stat: "pid (command) state ppid ...": the command may hold spaces and parentheses.
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      return parent === process.pid ? [Number(pid)] : [];
    } catch {
      return []; // it ended while the list was read
    }
  });
}

/**
 * Ends this process's remaining child processes and waits (up to timeoutMs) until each has exited and been
 * collected: Node collects a child it started as soon as the child's exit is signalled, while the event loop
 * runs. A child still there when this process exits is handed to init, outliving the command that started it.
 */
export async function endChildProcesses(timeoutMs = 2000): Promise<void> {
  for (const pid of childProcesses()) {
    try {
      process.kill(pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
  const deadline = performance.now() + timeoutMs;
  while (childProcesses().length > 0 && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 5));
}
