import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";

const CHILD = fileURLToPath(new URL("./load-in-child.ts", import.meta.url));

/**
 * The problems of loading a content folder, loaded in a child process that is killed after `seconds`. For the
 * tests whose point is that a file outside content/ was never opened: its target is a named pipe, whose opening
 * blocks a synchronous read for ever, so in the test's own process a regression would stop vitest's timers with
 * it and hang the whole run. Here it fails the test, named, and the child is gone.
 */
export function loadWithWatchdog(dir: string, { imagesCache = "", seconds = 25 } = {}): Promise<string[]> {
  const args = ["--import", "tsx", CHILD, dir, ...(imagesCache ? [imagesCache] : [])];
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      args,
      { timeout: seconds * 1000, killSignal: "SIGKILL", maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error?.killed)
          reject(
            new Error(
              `loading ${dir} was still blocked after ${seconds} s and was stopped: it opened a file it must never open (a named pipe outside content/)`,
            ),
          );
        else if (error) reject(new Error(`loading ${dir} failed: ${stderr || error.message}`));
        else resolve(JSON.parse(stdout) as string[]);
      },
    );
  });
}
