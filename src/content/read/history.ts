import { spawnSync } from "node:child_process";
import { realpathSync } from "node:fs";
import { dirname, resolve, sep } from "node:path";

/**
 * When each content file was last changed, from git: its newest commit's date in UTC (2026-11-23T14:06:03Z),
 * keyed by the file's path as messages name it (content/en/pages/privacy.md). Commit dates, not file times,
 * so a checkout builds the same dates on every machine; a change not yet committed counts once it is. Outside
 * a git checkout (a downloaded archive, a temporary folder) the map is empty and callers fall back to the
 * front matter's date.
 */
export function lastCommitDates(contentRoot: string): Map<string, string> {
  let root: string;
  try {
    root = realpathSync(contentRoot);
  } catch {
    return new Map();
  }
  const git = (...args: string[]) => spawnSync("git", args, { encoding: "utf8", cwd: root });
  const top = git("rev-parse", "--show-toplevel");
  if (top.status !== 0) return new Map();
  // One log over the folder, newest first: the first date seen for a file is its last change.
  const log = git("log", "--format=@%cI", "--name-only", "--no-renames", "--", ".");
  if (log.status !== 0) return new Map();
  // git names files from the repository's top; messages name them from the content folder's parent.
  const topDir = realpathSync(top.stdout.trim());
  const parent = dirname(root);
  const dates = new Map<string, string>();
  let date = "";
  for (const line of log.stdout.split("\n")) {
    if (line.startsWith("@")) date = utc(line.slice(1));
    else if (line !== "") {
      const absolute = resolve(topDir, line);
      if (!absolute.startsWith(`${parent}${sep}`)) continue;
      const key = absolute
        .slice(parent.length + 1)
        .split(sep)
        .join("/");
      if (!dates.has(key)) dates.set(key, date);
    }
  }
  return dates;
}

/** An ISO 8601 date-time in UTC without milliseconds, so that dates from git and front matter compare as strings. */
const utc = (isoDateTime: string) => new Date(isoDateTime).toISOString().replace(/\.\d{3}Z$/, "Z");
