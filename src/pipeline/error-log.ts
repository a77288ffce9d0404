import { appendFileSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";

/**
 * Appends the details of an error nobody foresaw (its stack, which names paths of the machine) to `file`, a path
 * relative to the project (`root`), and returns that path for the one line the terminal shows. Imports nothing of the
 * build, so the servers can use it too.
 */
export function logUnexpected(
  error: { step: string; file?: string; cause: unknown },
  file: string,
  root = ".",
): string {
  const { cause } = error;
  const details = cause instanceof Error ? (cause.stack ?? `${cause.name}: ${cause.message}`) : String(cause);
  try {
    mkdirSync(dirname(resolve(root, file)), { recursive: true });
    appendFileSync(
      resolve(root, file),
      `${new Date().toISOString()} while ${error.step}${error.file ? ` ${error.file}` : ""}\n${details}\n\n`,
    );
  } catch {
    return "no log file (it could not be written)";
  }
  return file;
}
