/**
 * Whether a process with this id runs (signal 0 only asks; EPERM: it runs, as another user). The one test of a
 * process id kept in a name or a file: a build's next output (leftovers.ts) and a publish's lock (publish/lock.ts).
 */
export function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
