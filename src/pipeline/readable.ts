import { chmodSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** A folder any web server's worker may enter and list (nginx's run as www-data or nobody, not as the builder). */
export const FOLDER_MODE = 0o755;
/** A file any web server's worker may read, and only its owner write. */
export const FILE_MODE = 0o644;

/**
 * Gives `dir` and everything in it these modes, whatever the umask the build ran under (a cron job's or a systemd
 * service's may be 077) and however each was made: mkdtempSync makes its folder 0700, and a file linked from the
 * build cache keeps the mode it was made with. A chmod leaves a file's modification time alone, which the
 * incremental build's records go by. Symbolic links have no mode of their own and are left as they are.
 */
export function makeReadable(dir: string): void {
  chmodSync(dir, FOLDER_MODE);
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isDirectory()) chmodSync(join(entry.parentPath, entry.name), FOLDER_MODE);
    else if (entry.isFile()) chmodSync(join(entry.parentPath, entry.name), FILE_MODE);
  }
}
